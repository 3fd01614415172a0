import { useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
// The theme has no CSS variables, and for such a theme `@mui/material/styles`' ThemeProvider renders exactly this
// provider (through its ThemeProviderNoVars). Importing it directly leaves MUI's CSS-variables provider (about 3 kB
// gzip) out of the shell. @mui/system is @mui/material's own dependency, always installed in the same version.
import ThemeProvider from '@mui/system/ThemeProvider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isClientError } from '../lib/api-client';
import type { AppConfig } from '../lib/config';
import { ToastProvider } from '../lib/toast';
import { ConfigProvider } from './config-context';
import { theme } from './theme';

/**
 * Guest spec §9: unused results kept 5 minutes; 3 retries with doubling delay up to 30 s, for failures a retry can
 * mend (network, 5xx). A 4xx is final: retrying it only keeps the guest waiting for the same answer.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60_000,
        staleTime: 60_000,
        retry: (failureCount, error) => failureCount < 3 && !isClientError(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
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
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <ToastProvider>{children}</ToastProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </ConfigProvider>
  );
}
