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
import { serverPageAwaitingHydration } from './hydration';

/** A `<link rel="preload" as="image">`: the address, and for a published photo its variants and slot. */
export interface ImagePreload {
  href: string;
  imageSrcSet?: string;
  imageSizes?: string;
}

export interface PrefetchContext {
  queryClient: QueryClient;
  api: ApiClient;
  /**
   * The server render's collector (web/src/ssr): the images the page's loaders preload, written into the page's
   * head (with high priority) instead of the document's.
   */
  preloads?: ImagePreload[];
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
 * renders with it and the client hydrates the same cache. In the browser, the first page's loaders fetch nothing
 * when that page came as server HTML: its data is in the cache, and must stay what the HTML shows until hydrated.
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
    void ready
      .then((context) => (serverPageAwaitingHydration() ? undefined : start(context, args)))
      .catch(() => {});
    return null;
  };
}

/**
 * Starts downloading the image that will be the page's largest paint as soon as its address is known, with high
 * priority, instead of when the rendered `<img>` asks for it. For a published photo the preload carries the
 * variants and the slot's `sizes` (the same as the `<img>`'s, see lib/image-sizes.ts), so the browser fetches the
 * one variant the `<img>` will use. On the server the preload goes into the page's head (issue 17: the photo is
 * requested from the head, before the parser reaches the `<img>` and ahead of the page's scripts); the browser
 * then finds it there and adds none.
 */
export function preloadImage(context: PrefetchContext, url: string | null | undefined, sizes: string): void {
  if (!url) return;
  const image = responsiveImage(url, sizes);
  const preload: ImagePreload = {
    href: image.src,
    ...(image.srcSet && image.sizes ? { imageSrcSet: image.srcSet, imageSizes: image.sizes } : {}),
  };
  if (context.preloads) {
    context.preloads.push(preload);
    return;
  }
  if (typeof document === 'undefined') return;
  const preloaded = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]');
  if ([...preloaded].some((link) => link.getAttribute('href') === preload.href)) return;
  const link = document.createElement('link');
  for (const [name, value] of Object.entries(preloadAttributes(preload))) link.setAttribute(name, value);
  document.head.appendChild(link);
}

/** The attributes of an image preload's `<link>`, in the browser and in the server's HTML alike. */
export function preloadAttributes(preload: ImagePreload): Record<string, string> {
  return {
    rel: 'preload',
    as: 'image',
    href: preload.href,
    ...(preload.imageSrcSet && preload.imageSizes
      ? { imagesrcset: preload.imageSrcSet, imagesizes: preload.imageSizes }
      : {}),
    fetchpriority: 'high',
  };
}
