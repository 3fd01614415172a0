import { useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
// The theme has no CSS variables, and for such a theme `@mui/material/styles`' ThemeProvider renders exactly this
// provider (through its ThemeProviderNoVars). Importing it directly leaves MUI's CSS-variables provider (about 3 kB
// gzip) out of the shell. @mui/system is @mui/material's own dependency, always installed in the same version.
import ThemeProvider from '@mui/system/ThemeProvider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, isTemporaryFailure } from '../lib/api-client';
import type { AppConfig } from '../lib/config';
import { ToastProvider } from '../lib/toast';
import { ConfigProvider } from './config-context';
import { appTheme } from './theme';

/**
 * Guest spec §9: unused results kept 5 minutes; 3 retries with doubling delay up to 30 s, for failures a retry can
 * mend (no connection, 502/503/504), after the `Retry-After` the API sent with its 503 when it sent one (DESIGN
 * §4f). A 4xx is final: retrying it only keeps the guest waiting for the same answer; a 500 is a bug, and asking
 * again does not fix it. Mutations are never retried on their own (a booking request must not be sent twice).
 */
const MAX_RETRY_DELAY_MS = 30_000;

const retryAfterMs = (error: unknown) =>
  error instanceof ApiError && error.retryAfterSeconds !== undefined
    ? error.retryAfterSeconds * 1000
    : undefined;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60_000,
        staleTime: 60_000,
        retry: (failureCount, error) => failureCount < 3 && isTemporaryFailure(error),
        retryDelay: (attempt, error) =>
          Math.min(retryAfterMs(error) ?? 1000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AppProviders({
  config,
  queryClient: givenClient,
  children,
}: {
  config: AppConfig;
  /** The app's client, which the route loaders prefetch into (main.tsx); tests let each render make its own. */
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  return (
    <ConfigProvider config={config}>
      <ThemeProvider theme={appTheme()}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <ToastProvider>{children}</ToastProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </ConfigProvider>
  );
}
