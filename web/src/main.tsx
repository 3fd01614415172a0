import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { RouterProvider } from 'react-router';
import { createEmotionCache } from './app/emotion-cache';
import { adoptServerState, hydrationStarting, routerReady } from './app/hydration';
import { providePrefetchContext } from './app/prefetch';
import { AppProviders, createQueryClient } from './app/providers';
import { makeAppRouter } from './app/router';
import { appTheme } from './app/theme';
import { createApiClient } from './lib/api-client';
import { loadAppConfig } from './lib/load-config';
import { RouterLocale } from './app/router-locale';
import { loadCatalogue } from './lib/i18n/i18n';
import { localeFromPath } from './lib/i18n/locales';

const container = document.getElementById('root')!;

/** The longest a hydration waits for the page's main photo (a slow network must not leave the page inert). */
const MAIN_PHOTO_WAIT_MS = 3000;

/** Resolves after the frame that paints the server's page, its high-priority photo (the largest paint) loaded. */
function afterFirstPaint(): Promise<void> {
  const photo = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  const loaded = new Promise<void>((resolve) => {
    if (!photo || photo.complete) return resolve();
    photo.addEventListener('load', () => resolve(), { once: true });
    photo.addEventListener('error', () => resolve(), { once: true });
    setTimeout(resolve, MAIN_PHOTO_WAIT_MS);
  });
  return loaded.then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}
const queryClient = createQueryClient();
// A prerendered guest page (issue 17) is hydrated with the data it was rendered with; any other page is rendered.
const serverRendered = adoptServerState(queryClient, container);

// The configuration decides which pools, payment provider and API the app talks to, so nothing renders before it;
// the page's language catalogue (its own small chunk) downloads at the same time.
const catalogue = loadCatalogue(localeFromPath(window.location.pathname));
// The theme, the router, its start (matching the first page, starting its loader and its code download), then the
// app's setup below, each in a task of its own: the shell's evaluation is already the page's longest task, and each
// task's time over 50 ms is blocking time (issue 34). The first three are done long before the configuration and the
// page's code have downloaded.
const nextTask = <T,>(value?: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value as T), 0));
void nextTask().then(appTheme);
const routerMade = nextTask()
  .then(makeAppRouter)
  .then(nextTask)
  .then((router) => router.initialize());
void Promise.all([loadAppConfig(), catalogue, routerMade])
  .then(nextTask)
  .then(([result, , router]) => {
    if (!result.ok) {
      console.error(`Configuration error (${result.reason}): ${result.detail}`);
      // Its own chunk: only a broken deployment needs it (issue 34: the shell every page loads).
      void import('./app/config-error-page').then(({ ConfigErrorPage }) =>
        createRoot(container).render(<ConfigErrorPage detail={result.detail} />),
      );
      return;
    }
    // Only a deployment with analytics on loads the module (and, from it, the tag manager).
    if (result.config.analytics.enabled) {
      void import('./lib/analytics').then(({ startAnalytics }) => startAnalytics(result.config.analytics));
    }
    // The router started the first page's loader already (with its code download); its requests can go out now.
    providePrefetchContext({ queryClient, api: createApiClient(result.config.apiBaseUrl) });
    const app = (
      <StrictMode>
        <CacheProvider value={createEmotionCache()}>
          <AppProviders config={result.config} queryClient={queryClient}>
            <RouterLocale router={router}>
              <RouterProvider router={router} />
            </RouterLocale>
          </AppProviders>
        </CacheProvider>
      </StrictMode>
    );
    if (serverRendered) {
      // The server's markup is the first page's: hydrate once the router has that page's code, not a fallback, and
      // once the server's page (its main photo included) is on screen: hydration is the page's longest work, and
      // done first it would hold that paint back (issue 34). Taps meanwhile are kept (lib/early-taps.ts).
      void Promise.all([routerReady(router), afterFirstPaint()]).then(() => {
        hydrationStarting();
        startTransition(() => void hydrateRoot(container, app));
      });
      return;
    }
    // A transition: React renders the shell in small slices instead of one long task that would block input.
    startTransition(() => createRoot(container).render(app));
  });
