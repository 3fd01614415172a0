/**
 * The CloudFront Function is generated from the resolver the local server runs (issue 17): run the generated code
 * as CloudFront would (with a KeyValueStore stand-in) and check it answers every case as the local server does.
 */
import { runInNewContext } from 'node:vm';
import { guestPagesRequestCode, guestPagesResponseCode } from '../../../lib/guest-pages-function';
import { pageKeyEntry, resolveGuestPage } from '../../../functions/domain/guest-pages';

type Request = { uri: string; querystring: Record<string, { value: string }> };

/** The store holds what the renderer mirrors: one entry per experience, the key itself for other pages (issue 33). */
function cloudFrontFunction(pages: Set<string>) {
  const stored = new Set([...pages].flatMap((key) => pageKeyEntry(key) ?? []));
  const code = guestPagesRequestCode().replace("import cf from 'cloudfront';", 'const cf = __cf;');
  const kvs = {
    get: async (key: string) => {
      if (!stored.has(key)) throw new Error('Key not found');
      return '1';
    },
  };
  const sandbox: Record<string, unknown> = { __cf: { kvs: () => kvs } };
  runInNewContext(`${code}\nthis.handler = handler;`, sandbox);
  return sandbox.handler as (event: { request: Request }) => Promise<Request>;
}

const STORED = new Set([
  'pages/index.html',
  'pages/experience/abc.html',
  'pages/sitemap.xml',
  'pages/ehime.html',
  'pages/ko/index.html',
  // The renderer writes an experience's pages in every language together.
  'pages/ja/experience/abc.html',
  'pages/zh-hant/experience/abc.html',
  'pages/ko/experience/abc.html',
  'pages/sitemaps/1.xml',
]);

describe('the guest pages CloudFront Function', () => {
  const handler = cloudFrontFunction(STORED);
  const cases: [string, Record<string, { value: string }>, string][] = [
    ['/', {}, '/pages/index.html'],
    ['/experience/abc', {}, '/pages/experience/abc.html'],
    ['/experience/gone', {}, '/pages/404.html'],
    ['/ko', {}, '/pages/ko/index.html'],
    ['/ko/experience/abc', {}, '/pages/ko/experience/abc.html'],
    ['/ko/experience/gone', {}, '/pages/ko/404.html'],
    ['/ja/experience/abc', {}, '/pages/ja/experience/abc.html'],
    ['/ja/experience/gone', {}, '/pages/ja/404.html'],
    ['/sitemaps/1.xml', {}, '/pages/sitemaps/1.xml'],
    ['/sitemaps/2.xml', {}, '/pages/404.html'],
    ['/zh-hant/ehime', {}, '/index.html'],
    ['/ko/booking-form', {}, '/index.html'],
    ['/ehime', {}, '/pages/ehime.html'],
    ['/experiences', {}, '/index.html'],
    ['/experiences', { sort: { value: 'lowest_price' } }, '/index.html'],
    ['/sitemap.xml', {}, '/pages/sitemap.xml'],
    ['/host/dashboard', {}, '/index.html'],
    ['/assets/index-abc.js', {}, '/assets/index-abc.js'],
    ['/logo.png', {}, '/logo.png'],
    // Paths the site has no page or route for: the language's not-found page (issue 32 item 9).
    ['/foo/bar', {}, '/pages/not-found.html'],
    ['/ja/nope', {}, '/pages/ja/not-found.html'],
    ['/ko/host/dashboard', {}, '/pages/ko/not-found.html'],
    ['/experiences/extra', { q: { value: 'x' } }, '/pages/not-found.html'],
    ['/experience/not.an.id', {}, '/pages/404.html'],
    // The SPA's own routes stay the shell.
    ['/search', { q: { value: 'ehime' } }, '/index.html'],
    ['/ja/booking-confirmation', {}, '/index.html'],
    ['/review/abc', {}, '/index.html'],
    ['/zh-hant/review/abc', {}, '/index.html'],
    ['/guest/confirm-reservation', {}, '/index.html'],
    ['/admin', {}, '/index.html'],
    ['/About', {}, '/index.html'],
  ];

  it.each(cases)(
    'routes %s (%o) to %s, as the local server resolves it',
    async (uri, querystring, expected) => {
      const routed = await handler({ request: { uri, querystring } });
      expect(routed.uri).toBe(expected);
      const local = resolveGuestPage(uri, Object.keys(querystring).length > 0, (k) => STORED.has(k));
      if (local.kind !== 'shell') expect(routed.uri).toBe(`/${local.key}`);
    },
  );

  it('asks the store for one entry per experience, whatever the language (50,000 experiences fit its 5 MB)', async () => {
    const asked: string[] = [];
    const code = guestPagesRequestCode().replace("import cf from 'cloudfront';", 'const cf = __cf;');
    const kvs = { get: async (key: string) => void asked.push(key) };
    const sandbox: Record<string, unknown> = { __cf: { kvs: () => kvs } };
    runInNewContext(`${code}\nthis.handler = handler;`, sandbox);
    const route = sandbox.handler as (event: { request: Request }) => Promise<Request>;
    await route({ request: { uri: '/zh-hant/experience/abc', querystring: {} } });
    await route({ request: { uri: '/experience/abc', querystring: {} } });
    await route({ request: { uri: '/ko/faq', querystring: {} } });
    expect(asked).toEqual(['e/abc', 'e/abc', 'pages/ko/faq.html']);
  });

  it('answers the not-found page with status 404 and noindex', () => {
    const sandbox: Record<string, unknown> = {};
    runInNewContext(`${guestPagesResponseCode()}\nthis.handler = handler;`, sandbox);
    const respond = sandbox.handler as (e: unknown) => {
      statusCode: number;
      headers: Record<string, unknown>;
    };
    const notFound = respond({
      request: { uri: '/pages/404.html' },
      response: { statusCode: 200, headers: {} },
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-robots-tag']).toEqual({ value: 'noindex' });
    const koreanNotFound = respond({
      request: { uri: '/pages/ko/404.html' },
      response: { statusCode: 200, headers: {} },
    });
    expect(koreanNotFound.statusCode).toBe(404);
    for (const uri of ['/pages/not-found.html', '/pages/ja/not-found.html']) {
      const unknown = respond({ request: { uri }, response: { statusCode: 200, headers: {} } });
      expect(unknown.statusCode, uri).toBe(404);
      expect(unknown.headers['x-robots-tag']).toEqual({ value: 'noindex' });
    }
    const page = respond({
      request: { uri: '/pages/index.html' },
      response: { statusCode: 200, headers: {} },
    });
    expect(page.statusCode).toBe(200);
  });
});
