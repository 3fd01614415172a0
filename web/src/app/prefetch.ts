/**
 * Route loaders that start a page's API requests while the page's code is still downloading, instead of after it
 * has arrived and rendered (guest pages otherwise wait chunk → render → fetch → render). They never hold up or fail
 * a navigation: each returns at once and its requests land in the React Query cache, where the page's own hooks
 * (same query options, see lib/catalogue-api.ts) pick up the running request or its answer.
 */
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { responsiveImage } from '@domain/images';
import type { ApiClient } from '../lib/api-client';

export interface PrefetchContext {
  queryClient: QueryClient;
  api: ApiClient;
}

let provide: (context: PrefetchContext) => void = () => {};
/** Settles once the configuration (the API base) is known; the first loaders run before that. */
const ready = new Promise<PrefetchContext>((resolve) => {
  provide = resolve;
});

/** Called once by main.tsx when `/config.json` has loaded (never, when it fails: nothing is prefetched then). */
export function providePrefetchContext(context: PrefetchContext): void {
  provide(context);
}

const isPrefetchContext = (value: unknown): value is PrefetchContext =>
  typeof value === 'object' && value !== null && 'queryClient' in value && 'api' in value;

/**
 * A loader that runs `start` in the background. Errors are left to the page, whose hook retries and shows them.
 * On the server (web/src/ssr) the render passes its own context and the loader waits for the data, so the page
 * renders with it and the client hydrates the same cache.
 */
export function prefetchLoader(
  start: (context: PrefetchContext, args: LoaderFunctionArgs) => Promise<unknown>,
): LoaderFunction {
  return async (args) => {
    if (isPrefetchContext(args.context)) {
      // A failure stays in the query cache, where the page shows it (a 404 renders the not-found view).
      await start(args.context, args).catch(() => {});
      return null;
    }
    void ready.then((context) => start(context, args)).catch(() => {});
    return null;
  };
}

/**
 * Starts downloading the image that will be the page's largest paint as soon as its address is known, with high
 * priority, instead of when the rendered `<img>` asks for it. For a published photo the preload carries the
 * variants and the slot's `sizes` (the same as the `<img>`'s, see lib/image-sizes.ts), so the browser fetches the
 * one variant the `<img>` will use.
 */
export function preloadImage(url: string | null | undefined, sizes: string): void {
  // The server render writes no preload: the photo's <img> is in its HTML already.
  if (!url || typeof document === 'undefined') return;
  const image = responsiveImage(url, sizes);
  const preloaded = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]');
  if ([...preloaded].some((link) => link.getAttribute('href') === image.src)) return;
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', image.src);
  if (image.srcSet && image.sizes) {
    link.setAttribute('imagesrcset', image.srcSet);
    link.setAttribute('imagesizes', image.sizes);
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}
