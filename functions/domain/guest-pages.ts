/**
 * The prerendered guest pages (issue 17, DESIGN §4e): which paths have one, under which key the renderer stores it,
 * and how a request is answered. ONE resolver for both origins: the local server calls `resolveGuestPage`, and the
 * CloudFront Function in AWS is generated from the same function's source (`lib/guest-pages-function.ts`), so it
 * must stay plain: no imports, no closures over module state, only syntax CloudFront's runtime (cloudfront-js-2.0)
 * runs. Keys can carry a language later (`pages/ja/experience/{id}.html`); today every page is English.
 */

/** Where the prerendered pages live in the site bucket. */
export const PAGES_PREFIX = 'pages/';

/** The page answered with a real 404 (noindex) for an experience that has no page. */
export const NOT_FOUND_PAGE_KEY = 'pages/404.html';
export const SITEMAP_KEY = 'pages/sitemap.xml';
export const ROBOTS_KEY = 'pages/robots.txt';

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
  /** The object key of the page (`pages/experience/abc.html`). */
  key: string;
  /** What to answer when it does not exist: the SPA shell (200), or the not-found page with status 404. */
  missing: 'shell' | 'not-found';
}

/**
 * The page a path would have, or null when no path of this shape is ever prerendered (the SPA shell answers).
 * `lang` is a language prefix (`ja`), for the multi-language site to come.
 */
export function guestPageTarget(path: string, lang?: string): PageTarget | null {
  const prefix = lang ? 'pages/' + lang + '/' : 'pages/';
  const clean = path.length > 1 && path.charAt(path.length - 1) === '/' ? path.slice(0, -1) : path;
  if (clean === '' || clean === '/') return { key: prefix + 'index.html', missing: 'shell' };
  // Site-wide files the renderer writes (never per language).
  if (clean === '/sitemap.xml' || clean === '/robots.txt')
    return { key: 'pages' + clean, missing: 'not-found' };
  const experience = /^\/experience\/([A-Za-z0-9_-]{1,64})$/.exec(clean);
  if (experience) return { key: prefix + 'experience/' + experience[1] + '.html', missing: 'not-found' };
  const statics = [
    '/experiences',
    '/ehime',
    '/about',
    '/faq',
    '/terms-of-service',
    '/privacy-policy',
    '/commercial-notice',
  ];
  if (statics.indexOf(clean) >= 0) return { key: prefix + clean.slice(1) + '.html', missing: 'shell' };
  return null;
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
  if (exists(target.key)) return { kind: 'page', key: target.key, status: 200 };
  if (target.missing === 'not-found') return { kind: 'not-found', key: 'pages/404.html', status: 404 };
  return { kind: 'shell' };
}

/** The path of an experience's page. */
export const experiencePath = (id: string) => `/experience/${id}`;

/** `/robots.txt`: names the sitemap, keeps crawlers out of the back office and the booking pages. */
export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /host',
    'Disallow: /admin',
    'Disallow: /booking-form',
    'Disallow: /booking-complete',
    'Disallow: /booking-confirmation',
    'Disallow: /guest/',
    'Disallow: /api/',
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

/** `/sitemap.xml`: the static guest pages and every published experience (the caller lists only those). */
export function sitemapXml(
  baseUrl: string,
  experiences: readonly { id: string; updatedAt?: string }[],
): string {
  const base = baseUrl.replace(/\/$/, '');
  const entry = (path: string, lastmod?: string) =>
    `  <url><loc>${xml(base + path)}</loc>${lastmod ? `<lastmod>${xml(lastmod.slice(0, 10))}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_GUEST_PATHS.map((p) => entry(p)),
    ...experiences.map((e) => entry(experiencePath(e.id), e.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}
