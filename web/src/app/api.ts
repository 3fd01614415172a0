import { useMemo } from 'react';
import { createApiClient, type ApiClient } from '../lib/api-client';
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
        wafIntegrationUrl
          ? {
              // Loaded with the first challenged request (a booking, a lookup): no guest page's first load needs it.
              beforeChallenged: () =>
                import('../lib/waf-token').then(({ ensureWafToken }) => ensureWafToken(wafIntegrationUrl)),
            }
          : {},
      ),
    [apiBaseUrl, wafIntegrationUrl],
  );
}
