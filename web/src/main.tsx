import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ConfigErrorPage } from './app/config-error-page';
import { providePrefetchContext } from './app/prefetch';
import { AppProviders, createQueryClient } from './app/providers';
import { router } from './app/router';
import { createApiClient } from './lib/api-client';
import { loadAppConfig } from './lib/load-config';
import { RouterLocale } from './app/router-locale';
import { loadCatalogue } from './lib/i18n/i18n';
import { localeFromPath } from './lib/i18n/locales';

const root = createRoot(document.getElementById('root')!);
const queryClient = createQueryClient();

// The configuration decides which pools, payment provider and API the app talks to, so nothing renders before it;
// the page's language catalogue (its own small chunk) downloads at the same time.
const catalogue = loadCatalogue(localeFromPath(window.location.pathname));
void Promise.all([loadAppConfig(), catalogue]).then(([result]) => {
  if (!result.ok) {
    console.error(`Configuration error (${result.reason}): ${result.detail}`);
    root.render(<ConfigErrorPage detail={result.detail} />);
    return;
  }
  // Only a deployment with analytics on loads the module (and, from it, the tag manager).
  if (result.config.analytics.enabled) {
    void import('./lib/analytics').then(({ startAnalytics }) => startAnalytics(result.config.analytics));
  }
  // The router started the first page's loader already (with its code download); its requests can go out now.
  providePrefetchContext({ queryClient, api: createApiClient(result.config.apiBaseUrl) });
  // A transition: React renders the shell in small slices instead of one long task that would block input.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders config={result.config} queryClient={queryClient}>
          <RouterLocale router={router}>
            <RouterProvider router={router} />
          </RouterLocale>
        </AppProviders>
      </StrictMode>,
    ),
  );
});
