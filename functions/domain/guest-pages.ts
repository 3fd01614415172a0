/**
 * The prerendered guest pages (issue 17, DESIGN §4e): which paths have one, under which key the renderer stores it,
 * and how a request is answered. ONE resolver for both origins: the local server calls `resolveGuestPage`, and the
 * CloudFront Function in AWS is generated from the same function's source (`lib/guest-pages-function.ts`), so it
 * must stay plain: no imports, no closures over module state, only syntax CloudFront's runtime (cloudfront-js-2.0)
 * runs. Every page exists in every site language (issue 19): English at the root (`pages/experience/{id}.html`),
 * the others under their prefix (`/ko/experience/{id}` → `pages/ko/experience/{id}.html`).
 */
import { guestLocales, type GuestLocale } from './entities';

/** Where the prerendered pages live in the site bucket. */
export const PAGES_PREFIX = 'pages/';

/** The page answered with a real 404 (noindex) for an experience that has no page (each language has its own). */
export const NOT_FOUND_PAGE_KEY = 'pages/404.html';
/**
 * The path the renderer renders the site's not-found page from (the SPA's catch-all route): "Page Not Found"
 * (guest spec §2), answered with a real 404 for a path no page or route of the site has (`/foo/bar`, `/ja/nope`;
 * issue 32 item 9), each language its own (`pages/not-found.html`, `pages/ja/not-found.html`). Not the
 * experience's 404 page: the browser hydrates what its router renders for the path, and that differs.
 */
export const UNKNOWN_PATH_RENDER_PATH = '/__not-found';
/** The sitemap index (`/sitemap.xml`): it names the sitemap files, each of at most `SITEMAP_URL_LIMIT` URLs. */
export const SITEMAP_KEY = 'pages/sitemap.xml';
/** Where the sitemap files live (`/sitemaps/1.xml` → `pages/sitemaps/1.xml`). */
export const SITEMAPS_PREFIX = 'pages/sitemaps/';
/** The sitemaps protocol's limit of URLs per file (sitemaps.org); tests pass a small one. */
export const SITEMAP_URL_LIMIT = 50_000;
export const ROBOTS_KEY = 'pages/robots.txt';

/** A site language's URL prefix (`ko`, `zh-hant`; English has none), as the web's `LOCALES` has it. */
export const languagePrefix = (locale: GuestLocale): string => (locale === 'en' ? '' : locale.toLowerCase());

/** A site path as English has it, in a language: `/experience/x` → `/ko/experience/x`; `/` → `/ko`. */
export function pathInLanguage(path: string, locale: GuestLocale): string {
  const prefix = languagePrefix(locale);
  if (!prefix) return path;
  return path === '/' ? `/${prefix}` : `/${prefix}${path}`;
}

/** The guest paths rendered besides the experiences (guest spec §2: home, list, /ehime, the static pages). */
export const STATIC_GUEST_PATHS = [
  '/',
  '/experiences',
  '/ehime',
  '/about',
  '/faq',
  '/terms-of-service',
  '/privacy-policy',
  '/commercial-notice',
] as const;

export interface PageTarget {
  /**
   * The object key of the page (`pages/experience/abc.html`, `pages/ko/experience/abc.html`); `''` for a path the
   * site does not have (no page can exist: the not-found page answers).
   */
  key: string;
  /** What to answer when it does not exist: the SPA shell (200), or the not-found page with status 404. */
  missing: 'shell' | 'not-found';
  /** The not-found page of the path's language (`pages/ko/404.html`; `pages/ko/not-found.html` for an unknown path). */
  notFoundKey: string;
}

/**
 * The page a path would have, or null when no path of this shape is ever prerendered but the SPA has a route for it
 * (the SPA shell answers: the booking pages, search, a review link, the back office) or it names a file (an
 * extension: the static files answer). Any other path has no page and no route: `key` is `''` and the language's
 * not-found page answers with 404 (issue 32 item 9). A first segment that is a language prefix (the literal list is
 * `languagePrefix` of every non-English `guestLocales`; a unit test keeps them equal) puts the page under that
 * language's keys. The SPA's guest routes are listed here literally (a unit test keeps them equal to
 * `web/src/app/route-table.tsx`): this function also runs as CloudFront's, which cannot import.
 */
export function guestPageTarget(path: string): PageTarget | null {
  const languages = ['ja', 'zh-hant', 'ko'];
  const first = path.split('/')[1] || '';
  const lang = languages.indexOf(first.toLowerCase()) >= 0 ? first.toLowerCase() : '';
  const rest = lang ? path.slice(first.length + 1) : path;
  const prefix = lang ? 'pages/' + lang + '/' : 'pages/';
  const notFoundKey = prefix + '404.html';
  const clean = rest.length > 1 && rest.charAt(rest.length - 1) === '/' ? rest.slice(0, -1) : rest;
  if (clean === '' || clean === '/')
    return { key: prefix + 'index.html', missing: 'shell', notFoundKey: notFoundKey };
  // Site-wide files the renderer writes (never per language).
  if (!lang && (clean === '/sitemap.xml' || clean === '/robots.txt'))
    return { key: 'pages' + clean, missing: 'not-found', notFoundKey: notFoundKey };
  if (!lang && /^\/sitemaps\/[0-9]{1,6}\.xml$/.test(clean))
    return { key: 'pages' + clean, missing: 'not-found', notFoundKey: notFoundKey };
  const experience = /^\/experience\/([A-Za-z0-9_-]{1,64})$/.exec(clean);
  if (experience)
    return {
      key: prefix + 'experience/' + experience[1] + '.html',
      missing: 'not-found',
      notFoundKey: notFoundKey,
    };
  const statics = [
    '/experiences',
    '/ehime',
    '/about',
    '/faq',
    '/terms-of-service',
    '/privacy-policy',
    '/commercial-notice',
  ];
  if (statics.indexOf(clean) >= 0)
    return { key: prefix + clean.slice(1) + '.html', missing: 'shell', notFoundKey: notFoundKey };
  // The SPA's own pages (router paths match whatever the case), the back office (English paths only), files.
  const lower = clean.toLowerCase();
  const routes = [
    '/search',
    '/booking-form',
    '/booking-complete',
    '/booking-confirmation',
    '/guest/confirm-reservation',
    '/contact',
  ];
  if (routes.indexOf(lower) >= 0 || statics.indexOf(lower) >= 0) return null;
  // An experience id no experience can have: the experience's not-found page, as for an unknown id.
  if (/^\/experience\/[^/]+$/.test(clean)) return { key: '', missing: 'not-found', notFoundKey: notFoundKey };
  if (/^\/(review|experience|inquiry|offer)\/[^/]+$/.test(lower)) return null;
  if (!lang && /^\/(host|admin)(\/|$)/.test(lower)) return null;
  if ((clean.split('/').pop() || '').indexOf('.') >= 0) return null;
  return { key: '', missing: 'not-found', notFoundKey: prefix + 'not-found.html' };
}

/**
 * The page-key store's entry that tells whether `key` exists (issue 33): one entry per experience for its pages in
 * every language (`e/{id}`), the key itself for every other page. The renderer writes an experience's English page
 * last and deletes it first, and mirrors only that one, so the entry stands exactly while every language's page
 * does. Null: a key that is not mirrored (an experience's page in another language). Plain, like the resolver: the
 * CloudFront Function carries its source.
 */
export function pageKeyEntry(key: string): string | null {
  const experience = /^pages\/(([a-z-]+)\/)?experience\/([A-Za-z0-9_-]{1,64})\.html$/.exec(key);
  if (!experience) return key;
  return experience[2] ? null : 'e/' + experience[3];
}

/** The entry the routing function asks for a page of any language (`pages/ko/experience/x.html` → `e/x`). */
export function pageKeyLookup(key: string): string {
  const experience = /^pages\/([a-z-]+\/)?experience\/([A-Za-z0-9_-]{1,64})\.html$/.exec(key);
  return experience ? 'e/' + experience[2] : key;
}

export type GuestPageAnswer =
  | { kind: 'page'; key: string; status: 200 }
  | { kind: 'not-found'; key: string; status: 404 }
  | { kind: 'shell' };

/**
 * How a GET of `path` (no query string: a filtered list is the SPA's) is answered, given which page keys exist.
 * Requests with a query string are the SPA's too, except that an experience page never depends on one.
 */
export function resolveGuestPage(
  path: string,
  hasQuery: boolean,
  exists: (key: string) => boolean,
): GuestPageAnswer {
  const target = guestPageTarget(path);
  if (!target) return { kind: 'shell' };
  if (hasQuery && target.missing === 'shell') return { kind: 'shell' };
  if (target.key !== '' && exists(target.key)) return { kind: 'page', key: target.key, status: 200 };
  if (target.missing === 'not-found') return { kind: 'not-found', key: target.notFoundKey, status: 404 };
  return { kind: 'shell' };
}

/** The path of an experience's page. */
export const experiencePath = (id: string) => `/experience/${id}`;

/**
 * The guest pages no crawler should read, in every language: the booking pages and the personal links (review,
 * the concierge conversation, an offer).
 */
const PRIVATE_GUEST_PATHS = [
  '/booking-form',
  '/booking-complete',
  '/booking-confirmation',
  '/guest/',
  '/review/',
  '/inquiry/',
  '/offer/',
] as const;

/**
 * `/robots.txt`: names the sitemap, keeps crawlers out of the back office, the API, and the booking and review
 * pages of every language.
 */
export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /host',
    'Disallow: /admin',
    'Disallow: /api/',
    ...guestLocales.flatMap((l) => PRIVATE_GUEST_PATHS.map((p) => `Disallow: ${pathInLanguage(p, l)}`)),
    '',
    `Sitemap: ${baseUrl.replace(/\/$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** The `<url>` entries of one page in every language, each naming its language versions (English x-default). */
export function sitemapEntries(baseUrl: string, path: string, lastmod?: string): string[] {
  const base = baseUrl.replace(/\/$/, '');
  const link = (hreflang: string, p: string) =>
    `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${xml(base + p)}"/>`;
  const alternates = [...guestLocales.map((l) => link(l, pathInLanguage(path, l))), link('x-default', path)];
  return guestLocales.map((l) =>
    [
      '  <url>',
      `    <loc>${xml(base + pathInLanguage(path, l))}</loc>`,
      ...(lastmod ? [`    <lastmod>${xml(lastmod.slice(0, 10))}</lastmod>`] : []),
      ...alternates,
      '  </url>',
    ].join('\n'),
  );
}

/** One sitemap file of the given `<url>` entries (at most `SITEMAP_URL_LIMIT`: the caller splits). */
export function sitemapFileXml(entries: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** The key of the n-th sitemap file (1-based) and its public path. */
export const sitemapFileKey = (n: number) => `${SITEMAPS_PREFIX}${n}.xml`;

/** `/sitemap.xml` as a sitemap index naming the files (`/sitemaps/1.xml`, …). */
export function sitemapIndexXml(baseUrl: string, files: number, lastmod?: string): string {
  const base = baseUrl.replace(/\/$/, '');
  const entries = Array.from({ length: files }, (_, i) => [
    '  <sitemap>',
    `    <loc>${xml(`${base}/${sitemapFileKey(i + 1).slice(PAGES_PREFIX.length)}`)}</loc>`,
    ...(lastmod ? [`    <lastmod>${xml(lastmod.slice(0, 10))}</lastmod>`] : []),
    '  </sitemap>',
  ]);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.flat(),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/**
 * One sitemap (no index) of the static guest pages and the given experiences, every language: what the files
 * together hold when they fit one file; kept for callers that render a small catalogue in one go.
 */
export function sitemapXml(
  baseUrl: string,
  experiences: readonly { id: string; updatedAt?: string }[],
): string {
  return sitemapFileXml([
    ...STATIC_GUEST_PATHS.flatMap((p) => sitemapEntries(baseUrl, p)),
    ...experiences.flatMap((e) => sitemapEntries(baseUrl, experiencePath(e.id), e.updatedAt)),
  ]);
}
