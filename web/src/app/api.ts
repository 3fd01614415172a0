import { useMemo } from 'react';
import { createApiClient, type ApiClient } from '../lib/api-client';
import { ensureWafToken } from '../lib/waf-token';
import { useAppConfig } from './config-context';

/**
 * The API client for the configured API base; where AWS WAF challenges bookings and lookups, it takes a token
 * before those requests.
 */
export function useApi(): ApiClient {
  const { apiBaseUrl, wafIntegrationUrl } = useAppConfig();
  return useMemo(
    () =>
      createApiClient(
        apiBaseUrl,
        undefined,
        wafIntegrationUrl ? { beforeChallenged: () => ensureWafToken(wafIntegrationUrl) } : {},
      ),
    [apiBaseUrl, wafIntegrationUrl],
  );
}
