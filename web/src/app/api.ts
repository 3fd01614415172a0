import { useMemo } from 'react';
import { createApiClient, type ApiClient } from '../lib/api-client';
import { useAppConfig } from './config-context';

/** The API client for the configured API base. */
export function useApi(): ApiClient {
  const { apiBaseUrl } = useAppConfig();
  return useMemo(() => createApiClient(apiBaseUrl), [apiBaseUrl]);
}
