/**
 * The one resolver of prerendered guest pages (issue 17): the local server calls it, and CloudFront's function is
 * generated from its source, so these cases hold for both origins.
 */
import {
  guestPageTarget,
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
    expect(guestPageTarget('/')).toEqual({ key: 'pages/index.html', missing: 'shell' });
    expect(guestPageTarget('/experiences')).toEqual({ key: 'pages/experiences.html', missing: 'shell' });
    expect(guestPageTarget('/ehime/')).toEqual({ key: 'pages/ehime.html', missing: 'shell' });
    expect(guestPageTarget('/experience/abc-123')).toEqual({
      key: 'pages/experience/abc-123.html',
      missing: 'not-found',
    });
    for (const path of STATIC_GUEST_PATHS) expect(guestPageTarget(path)).not.toBeNull();
  });

  it('carries a language prefix in the key when one is given (the multi-language site to come)', () => {
    expect(guestPageTarget('/experience/abc', 'ja')?.key).toBe('pages/ja/experience/abc.html');
    expect(guestPageTarget('/', 'ko')?.key).toBe('pages/ko/index.html');
  });

  it('never prerenders the back office, the booking pages, search or unknown paths', () => {
    for (const path of [
      '/host',
      '/admin/hosts',
      '/booking-form',
      '/booking-confirmation',
      '/search',
      '/nope',
    ]) {
      expect(guestPageTarget(path)).toBeNull();
    }
  });

  it('refuses ids that could climb out of the prefix', () => {
    expect(guestPageTarget('/experience/../admin')).toBeNull();
    expect(guestPageTarget('/experience/a/b')).toBeNull();
    expect(guestPageTarget('/experience/a.html')).toBeNull();
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
    expect(xml).toContain('<loc>https://example.com/experience/b&amp;2</loc><lastmod>2026-11-20</lastmod>');
    expect(xml.match(/<url>/g)).toHaveLength(STATIC_GUEST_PATHS.length + 2);
  });

  it('robots.txt names the sitemap and keeps crawlers out of the back office and the booking pages', () => {
    const robots = robotsTxt('https://example.com');
    expect(robots).toContain('Sitemap: https://example.com/sitemap.xml');
    for (const path of ['/host', '/admin', '/booking-form', '/booking-complete', '/booking-confirmation']) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
  });
});
