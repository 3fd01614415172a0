/**
 * The one resolver of prerendered guest pages (issue 17): the local server calls it, and CloudFront's function is
 * generated from its source, so these cases hold for both origins.
 */
import { guestLocales } from '../../../functions/domain/entities';
import {
  guestPageTarget,
  languagePrefix,
  pageKeyEntry,
  pageKeyLookup,
  resolveGuestPage,
  robotsTxt,
  sitemapXml,
  STATIC_GUEST_PATHS,
} from '../../../functions/domain/guest-pages';

const existing =
  (...keys: string[]) =>
  (key: string) =>
    keys.includes(key);

describe('guestPageTarget', () => {
  it('keys home, the list, /ehime, the static pages and experiences under pages/', () => {
    expect(guestPageTarget('/')).toMatchObject({ key: 'pages/index.html', missing: 'shell' });
    expect(guestPageTarget('/experiences')).toMatchObject({
      key: 'pages/experiences.html',
      missing: 'shell',
    });
    expect(guestPageTarget('/ehime/')).toMatchObject({ key: 'pages/ehime.html', missing: 'shell' });
    expect(guestPageTarget('/experience/abc-123')).toMatchObject({
      key: 'pages/experience/abc-123.html',
      missing: 'not-found',
    });
    for (const path of STATIC_GUEST_PATHS) expect(guestPageTarget(path)).not.toBeNull();
  });

  it("puts a page of a language prefix under that language's keys (every site language, issue 19)", () => {
    expect(guestPageTarget('/ja/experience/abc')?.key).toBe('pages/ja/experience/abc.html');
    expect(guestPageTarget('/ko')).toEqual({
      key: 'pages/ko/index.html',
      missing: 'shell',
      notFoundKey: 'pages/ko/404.html',
    });
    expect(guestPageTarget('/ko/')?.key).toBe('pages/ko/index.html');
    expect(guestPageTarget('/zh-hant/about')?.key).toBe('pages/zh-hant/about.html');
    expect(guestPageTarget('/zh-Hant/ehime')?.key).toBe('pages/zh-hant/ehime.html');
    // The resolver's literal list of prefixes is every non-English site language's.
    for (const locale of guestLocales.filter((l) => l !== 'en')) {
      expect(guestPageTarget(`/${languagePrefix(locale)}/faq`)?.key).toBe(
        `pages/${languagePrefix(locale)}/faq.html`,
      );
    }
    // Not a language: a path the site does not have (issue 32 item 9).
    expect(guestPageTarget('/fr/experience/abc')).toEqual({
      key: '',
      missing: 'not-found',
      notFoundKey: 'pages/not-found.html',
    });
    // The site-wide files exist once, at the root.
    expect(guestPageTarget('/ko/sitemap.xml')).toBeNull();
    expect(guestPageTarget('/ko/booking-form')).toBeNull();
  });

  it("answers an experience without a page with its language's not-found page", () => {
    expect(resolveGuestPage('/ko/experience/x9', false, existing('pages/experience/x9.html'))).toEqual({
      kind: 'not-found',
      key: 'pages/ko/404.html',
      status: 404,
    });
    expect(resolveGuestPage('/ko/experience/x9', false, existing('pages/ko/experience/x9.html'))).toEqual({
      kind: 'page',
      key: 'pages/ko/experience/x9.html',
      status: 200,
    });
  });

  it('never prerenders the back office, the booking pages, search, a review link or a file', () => {
    for (const path of [
      '/host',
      '/admin/hosts',
      '/booking-form',
      '/booking-confirmation',
      '/booking-complete',
      '/guest/confirm-reservation',
      '/search',
      '/review/abc',
      '/ja/review/abc',
      '/ko/booking-form',
      '/About',
      '/logo.png',
      '/assets/index-abc.js',
    ]) {
      expect(guestPageTarget(path), path).toBeNull();
    }
  });

  it("answers a path the site does not have with its language's not-found page (issue 32 item 9)", () => {
    for (const [path, notFoundKey] of <[string, string][]>[
      ['/nope', 'pages/not-found.html'],
      ['/foo/bar', 'pages/not-found.html'],
      ['/ja/nope', 'pages/ja/not-found.html'],
      ['/zh-hant/host', 'pages/zh-hant/not-found.html'],
      ['/experiences/extra', 'pages/not-found.html'],
      ['/review', 'pages/not-found.html'],
      ['/experience/not.an.id', 'pages/404.html'],
    ]) {
      expect(guestPageTarget(path), path).toEqual({ key: '', missing: 'not-found', notFoundKey });
      expect(
        resolveGuestPage(path, false, () => true),
        path,
      ).toEqual({
        kind: 'not-found',
        key: notFoundKey,
        status: 404,
      });
    }
  });

  it('refuses ids that could climb out of the prefix: no page key, the not-found page answers', () => {
    for (const path of ['/experience/../admin', '/experience/a/b', '/experience/a.html'])
      expect(guestPageTarget(path)?.key ?? '', path).toBe('');
  });
});

describe('resolveGuestPage', () => {
  it('answers a rendered page with 200', () => {
    expect(resolveGuestPage('/experience/x1', false, existing('pages/experience/x1.html'))).toEqual({
      kind: 'page',
      key: 'pages/experience/x1.html',
      status: 200,
    });
  });

  it('answers an experience without a page (unknown, unpublished, suspended) with the 404 page', () => {
    expect(resolveGuestPage('/experience/x2', false, existing())).toEqual({
      kind: 'not-found',
      key: 'pages/404.html',
      status: 404,
    });
  });

  it('falls back to the SPA shell for a page not rendered yet and for a filtered list', () => {
    expect(resolveGuestPage('/', false, existing())).toEqual({ kind: 'shell' });
    expect(resolveGuestPage('/experiences', true, existing('pages/experiences.html'))).toEqual({
      kind: 'shell',
    });
    expect(resolveGuestPage('/booking-form', false, existing('pages/booking-form.html'))).toEqual({
      kind: 'shell',
    });
  });

  it('serves the sitemap files of the index from the pages prefix (issue 33), at the root only', () => {
    expect(resolveGuestPage('/sitemaps/3.xml', false, existing('pages/sitemaps/3.xml'))).toMatchObject({
      kind: 'page',
      key: 'pages/sitemaps/3.xml',
    });
    expect(resolveGuestPage('/sitemaps/4.xml', false, existing('pages/sitemaps/3.xml'))).toMatchObject({
      status: 404,
    });
    expect(guestPageTarget('/ja/sitemaps/1.xml')).toBeNull();
    expect(guestPageTarget('/sitemaps/../x.xml')).toBeNull();
  });

  it("keeps one page-key entry per experience: its English page's, named by the id alone", () => {
    expect(pageKeyEntry('pages/experience/abc.html')).toBe('e/abc');
    expect(pageKeyEntry('pages/ko/experience/abc.html')).toBeNull();
    expect(pageKeyEntry('pages/ko/index.html')).toBe('pages/ko/index.html');
    expect(pageKeyLookup('pages/zh-hant/experience/abc.html')).toBe('e/abc');
    expect(pageKeyLookup('pages/sitemaps/1.xml')).toBe('pages/sitemaps/1.xml');
  });

  it('serves the sitemap and robots.txt from the pages prefix', () => {
    expect(resolveGuestPage('/sitemap.xml', false, existing('pages/sitemap.xml'))).toMatchObject({
      kind: 'page',
      key: 'pages/sitemap.xml',
    });
    expect(resolveGuestPage('/robots.txt', false, existing('pages/robots.txt'))).toMatchObject({
      status: 200,
    });
  });
});

describe('sitemap and robots', () => {
  it('lists the guest pages and the given experiences, escaped', () => {
    const xml = sitemapXml('https://example.com/', [
      { id: 'a1' },
      { id: 'b&2', updatedAt: '2026-11-20T01:02:03Z' },
    ]);
    expect(xml).toContain('<loc>https://example.com/</loc>');
    expect(xml).toContain('<loc>https://example.com/ehime</loc>');
    expect(xml).toContain('<loc>https://example.com/experience/a1</loc>');
    expect(xml).toContain(
      '<loc>https://example.com/experience/b&amp;2</loc>\n    <lastmod>2026-11-20</lastmod>',
    );
    // Every page in every language.
    expect(xml.match(/<url>/g)).toHaveLength((STATIC_GUEST_PATHS.length + 2) * 4);
    expect(xml).toContain('<loc>https://example.com/ko</loc>');
    expect(xml).toContain('<loc>https://example.com/zh-hant/experience/a1</loc>');
    expect(xml).toContain('<loc>https://example.com/ja/ehime</loc>');
  });

  it('names every language version of each entry (hreflang alternates, English as x-default)', () => {
    const xml = sitemapXml('https://example.com', [{ id: 'a1' }]);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entry = xml
      .split('<url>')
      .find((u) => u.includes('<loc>https://example.com/ko/experience/a1</loc>'))!;
    expect(entry.match(/<xhtml:link /g)).toHaveLength(5);
    for (const [lang, href] of [
      ['en', '/experience/a1'],
      ['ja', '/ja/experience/a1'],
      ['zh-Hant', '/zh-hant/experience/a1'],
      ['ko', '/ko/experience/a1'],
      ['x-default', '/experience/a1'],
    ]) {
      expect(entry).toContain(
        `<xhtml:link rel="alternate" hreflang="${lang}" href="https://example.com${href}"/>`,
      );
    }
    const home = xml.split('<url>').find((u) => u.includes('<loc>https://example.com/ja</loc>'))!;
    expect(home).toContain('hreflang="en" href="https://example.com/"');
  });

  it('robots.txt names the sitemap and keeps crawlers out of the back office and the booking pages', () => {
    const robots = robotsTxt('https://example.com');
    expect(robots).toContain('Sitemap: https://example.com/sitemap.xml');
    for (const path of ['/host', '/admin', '/booking-form', '/booking-complete', '/booking-confirmation']) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    // The personal review links, and the booking pages under every language's prefix.
    for (const path of [
      '/review/',
      '/ko/review/',
      '/ja/booking-form',
      '/zh-hant/booking-confirmation',
      '/ko/guest/',
    ]) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
  });
});
