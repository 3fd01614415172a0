/**
 * The server render of a guest page (issue 17, DESIGN §4e): the SPA's own route table, providers and pages,
 * rendered by react-dom/server with the API data already in the TanStack Query cache. The HTML it returns carries
 * the page's head (the same tags `usePageMeta` sets in the browser), emotion's critical styles, the markup, and the
 * dehydrated cache the client hydrates from (`web/src/main.tsx`), so the first paint needs no API call.
 *
 * Availability is never rendered here: the booking form asks the API for it after hydration.
 */
import { renderToString } from 'react-dom/server';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createEmotionCache } from '../app/emotion-cache';
import { SSR_STATE_ID } from '../app/hydration';
import { AppProviders, createQueryClient } from '../app/providers';
import { routes } from '../app/route-table';
import { preloadAttributes, type ImagePreload, type PrefetchContext } from '../app/prefetch';
import { ApiError, createApiClient } from '../lib/api-client';
import type { ExperienceDetail } from '../lib/catalogue-api';
import type { AppConfig } from '../lib/config';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import {
  compileMessagesWith,
  createTranslator,
  I18nProvider,
  loadWholeCatalogue,
  type Translator,
} from '../lib/i18n/i18n';
import { localeFromPath, stripLocale } from '../lib/i18n/locales';
import { loadDeferredSections } from '../lib/deferred-section';
import { pageHeadTags, ServerPageMetaContext, type PageMeta } from '../lib/page-meta';
import { deferEntry } from './defer-entry';
import { escapeHtml, jsonForScript } from './escape';
import { experienceJsonLd } from './json-ld';

export interface RenderPageInput {
  /** The page's path (`/experience/abc`); the query string is not rendered (only unfiltered pages are). */
  path: string;
  config: AppConfig;
  /** An absolute API base the renderer reads from (`http://localhost:3000/api`, the site's `/api` in AWS). */
  apiBaseUrl: string;
  /** The built `index.html` (web/dist): its scripts and styles stay; head tags and the root are filled in. */
  template: string;
  fetchImpl?: typeof fetch;
}

export interface RenderedPage {
  status: 200 | 404;
  html: string;
}

// The renderer is a production build that loads the catalogues as written (the browser's are compiled at build time).
compileMessagesWith(compileMessage);

export async function renderPage(input: RenderPageInput): Promise<RenderedPage> {
  // The page's language is its path's prefix (`/ko/experience/x`); its catalogue is in before anything renders.
  const locale = localeFromPath(input.path);
  await loadWholeCatalogue(locale);
  const translator = createTranslator(locale);
  const queryClient = createQueryClient();
  // Nothing refetches on the server: a failed query shows its error (a 404 renders the page's not-found view).
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false },
  });
  const prefetch: PrefetchContext = {
    queryClient,
    api: createApiClient(input.apiBaseUrl, input.fetchImpl),
    preloads: [],
  };
  const handler = createStaticHandler(routes);
  const request = new Request(new URL(input.path, input.config.baseUrl));
  const context = await handler.query(request, { requestContext: prefetch as never });
  if (context instanceof Response) throw new Error(`Unexpected redirect rendering ${input.path}`);
  // The loaders leave their failures in the query cache: "not found" makes the page a 404 (the page renders its
  // not-found view); any other failure must not become a page (the renderer fails and the event is retried).
  let status: 200 | 404 = context.statusCode === 404 ? 404 : 200;
  for (const query of queryClient.getQueryCache().getAll()) {
    const error = query.state.error;
    if (!error) continue;
    if (error instanceof ApiError && error.status === 404) status = 404;
    else throw error;
  }
  const routeError = Object.values(context.errors ?? {})[0];
  if (routeError) throw routeError instanceof Error ? routeError : new Error(String(routeError));

  // The sections a browser loads at the guest's first move (lib/deferred-section.tsx) are in the server's HTML.
  await loadDeferredSections();
  const cache = createEmotionCache();
  const emotion = createEmotionServer(cache);
  const metaBox: { meta?: PageMeta } = {};
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <CacheProvider value={cache}>
      <ServerPageMetaContext.Provider value={metaBox}>
        <AppProviders config={input.config} queryClient={queryClient}>
          <I18nProvider locale={locale}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </I18nProvider>
        </AppProviders>
      </ServerPageMetaContext.Provider>
    </CacheProvider>,
  );
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(markup));
  const meta = metaBox.meta ?? {};
  const structured = status === 200 ? structuredData(input.path, queryClient, input.config, translator) : '';
  const head = headHtml(
    pageHeadTags(status === 404 ? { ...meta, noindex: true } : meta, input.config, input.path, translator),
  );
  // A not-found page carries no state: the client renders it afresh instead of hydrating (its query's error is not
  // something to hydrate from), so it never mismatches.
  const state =
    status === 200
      ? `\n<script type="application/json" id="${SSR_STATE_ID}">${jsonForScript(dehydrate(queryClient))}</script>`
      : '';
  // The largest paint's photo, requested from the head's first lines: after the viewport (a phone picks the variant
  // by `imagesizes` against the viewport known at that point: before it, a 980 px one, and the browser would then
  // download a second, smaller variant for the <img>).
  const preloads = status === 200 ? preloadHtml(prefetch.preloads!) : '';
  // The first paint waits until the whole page is parsed (its state comes right after the root): the parser may stop
  // part-way through a page and let the browser paint what it has, and the rest then moves that part (a layout shift
  // of the home's hero in a run of the bench, issue 34). The document is small: its first paint came no later.
  const renderBlock =
    status === 200 ? `\n<link rel="expect" href="#${SSR_STATE_ID}" blocking="render" />` : '';
  // Every insertion is a replacement *function*: a replacement string reads `$&`, `$\``, `$'` and `$$` in host text
  // (a title, a description in the markup or the state) as patterns and copies parts of the template into the page.
  // An experience page and the list paint before the app's entry is even requested (issue 34).
  const template = /^\/experience(\/|s$)/.test(stripLocale(input.path))
    ? deferEntry(input.template)
    : input.template;
  const html = template
    .replace(/<html\b[^>]*>/, () => `<html lang="${locale}">`)
    .replace(/<meta name="viewport"[^>]*>/i, (viewport) => `${viewport}${preloads}`)
    .replace(/<title>[\s\S]*?<\/title>\s*/, () => '')
    .replace(/<meta\s+(name="description"|property="og:[^"]*")[\s\S]*?\/>\s*/g, () => '')
    .replace('</head>', () => `${head}\n${structured}${styles}${renderBlock}\n</head>`)
    .replace(/<div id="root"><\/div>/, () => `<div id="root">${markup}</div>${state}`);
  return { status, html };
}

/** JSON-LD of an experience page, from the experience the page rendered (the detail query's data). */
function structuredData(
  path: string,
  queryClient: QueryClient,
  config: AppConfig,
  translator: Translator,
): string {
  const id = /^\/experience\/([^/]+)$/.exec(stripLocale(path))?.[1];
  if (!id) return '';
  const experience = queryClient
    .getQueryCache()
    .getAll()
    .map((q) => q.state.data as ExperienceDetail | undefined)
    .find((d) => d && typeof d === 'object' && 'id' in d && d.id === id && 'mainImages' in d);
  if (!experience) return '';
  return experienceJsonLd(experience, config, translator)
    .map((item) => `<script type="application/ld+json">${jsonForScript(item)}</script>\n`)
    .join('');
}

function preloadHtml(preloads: ImagePreload[]): string {
  return preloads
    .map((preload) => {
      const attributes = Object.entries(preloadAttributes(preload))
        .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
        .join(' ');
      return `\n<link ${attributes} />`;
    })
    .join('');
}

function headHtml(tags: ReturnType<typeof pageHeadTags>): string {
  return tags
    .map((tag) => {
      if (tag.kind === 'title') return `<title>${escapeHtml(tag.text)}</title>`;
      if (tag.kind === 'canonical') return `<link rel="canonical" href="${escapeHtml(tag.href)}" />`;
      if (tag.kind === 'alternate')
        return `<link rel="alternate" hreflang="${tag.hreflang}" href="${escapeHtml(tag.href)}" />`;
      return `<meta ${tag.attribute}="${tag.key}" content="${escapeHtml(tag.content)}" />`;
    })
    .join('\n');
}
