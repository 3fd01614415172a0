// @vitest-environment node
/**
 * The server render of guest pages (issue 17) in a real server environment (no window, no document): the SPA's own
 * pages with their data, the head the browser would set, JSON-LD, and hostile host text that stays text.
 */
import { renderPage } from '../../../web/src/ssr/render-page';
import { escapeHtml, jsonForScript } from '../../../web/src/ssr/escape';
import { experienceJsonLd } from '../../../web/src/ssr/json-ld';
import type { ExperienceDetail } from '../../../web/src/lib/catalogue-api';
import { testConfig } from './support/render';
import { createTranslator } from '../../../web/src/lib/i18n/i18n';

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<title>Ehime Experiences – shell</title>
<meta name="description" content="shell" />
<meta property="og:title" content="Ehime Experiences" />
<script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;

const HOSTILE = `</script><script>alert("x")</script> "Quoted" & <b>bold</b>`;
const PHOTO = '/images/p/photo-0001abcd/2048x1536/1280.webp';

const experience = (over: Partial<ExperienceDetail> = {}) =>
  ({
    id: 'exp-1',
    hostId: 'host-1',
    title: 'Shimanami cycling',
    description: 'Cycle the bridges of the Shimanami Kaido.',
    price: 12000,
    mainImages: [PHOTO],
    movie: null,
    detailHeading1: null,
    detailText1: null,
    detailImage1: null,
    detailHeading2: null,
    detailText2: null,
    detailImage2: null,
    postalCode: '794-0000',
    prefecture: 'Ehime',
    city: 'Imabari',
    district: 'Kita',
    streetAddress: '1-1',
    building: null,
    mapLat: null,
    mapLng: null,
    cancellationPolicy: null,
    tags: [],
    thingsToKnowPrice: null,
    thingsToKnowItinerary: null,
    thingsToKnowClothes: null,
    thingsToKnowNote: null,
    participantsMin: 1,
    participantsMax: 4,
    publicationStatus: 'public',
    availability: {
      defaultHours: { start: '09:00', end: '17:00' },
      regularHolidays: [],
      capacity: 1,
      allDay: false,
      overnight: false,
    },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-02T00:00:00.000Z',
    categoryIds: [],
    host: { id: 'host-1', businessName: 'Setouchi Guides', introduction: 'We ride.', avatarUrl: null },
    ...over,
  }) as ExperienceDetail;

const card = (detail: ExperienceDetail) => ({
  id: detail.id,
  hostId: detail.hostId,
  title: detail.title,
  description: detail.description,
  price: detail.price,
  image: detail.mainImages[0],
  prefecture: detail.prefecture,
  city: detail.city,
  tags: [],
  createdAt: detail.createdAt,
});

/**
 * The image preload the server writes right after the viewport, and the `<img>` it is for: both must name the same
 * variants and `sizes`, or the browser downloads the photo twice.
 */
function preloadedPhoto(html: string) {
  const preload =
    /<meta name="viewport" content="width=device-width, initial-scale=1.0" \/>\n<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high" \/>/.exec(
      html,
    );
  // After the viewport: before it, a phone would pick the variant for a 980 px viewport and then download another.
  expect(preload, 'a preload right after the viewport').not.toBeNull();
  const [, href, srcset, sizes] = preload!;
  const img = [...html.matchAll(/<img [^>]*>/g)]
    .map((m) => m[0])
    .find((tag) => tag.includes(`src="${href}"`));
  expect(img, 'the <img> of the preloaded photo').toBeDefined();
  expect(img).toContain(`srcSet="${srcset!}"`);
  expect(img).toContain(`sizes="${sizes}"`);
  expect(img).toContain('fetchPriority="high"');
  expect(img).not.toContain('loading="lazy"');
  return { href, sizes };
}

function fakeApi(detail: ExperienceDetail | null) {
  const calls: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    calls.push(url.pathname);
    if (detail && url.pathname === `/api/experiences/${detail.id}`) return Response.json(detail);
    if (url.pathname === '/api/experiences') return Response.json({ items: detail ? [card(detail)] : [] });
    if (url.pathname === '/api/categories') return Response.json({ items: [] });
    return Response.json({ error: { code: 'not_found', message: 'Experience not found' } }, { status: 404 });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const render = (path: string, detail: ExperienceDetail | null) =>
  renderPage({
    path,
    config: testConfig,
    apiBaseUrl: 'http://api.test/api',
    template: TEMPLATE,
    fetchImpl: fakeApi(detail).fetchImpl,
  });

describe('renderPage', () => {
  it('renders an experience with its head, JSON-LD, body content and the data the client hydrates from', async () => {
    const page = await render('/experience/exp-1', experience());
    expect(page.status).toBe(200);
    const { html } = page;
    expect(html).toContain('<title>Shimanami cycling | Ehime Experiences</title>');
    expect(html).not.toContain('shell');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/experience/exp-1" />');
    expect(html).toContain('<meta property="og:url" content="http://localhost:3000/experience/exp-1" />');
    // The social preview: the first photo's 1200 × 630 crop, as an absolute URL, for Open Graph and X alike.
    const crop = 'http://localhost:3000/images/p/photo-0001abcd/2048x1536/1200x630.jpg';
    expect(html).toContain(`<meta property="og:image" content="${crop}" />`);
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta property="og:image:height" content="630" />');
    expect(html).toContain(`<meta name="twitter:image" content="${crop}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta property="og:site_name" content="Ehime Experiences" />');
    // The largest paint, the gallery's main photo, is requested from the head's first line.
    expect(preloadedPhoto(html)).toEqual({ href: PHOTO, sizes: '(max-width: 899px) 100vw, 1150px' });
    // The body: heading, description, photo with srcset and dimensions, host.
    expect(html).toMatch(/<h1[^>]*>Shimanami cycling<\/h1>/);
    expect(html).toContain('Cycle the bridges of the Shimanami Kaido.');
    expect(html).toMatch(/<img[^>]+srcSet="[^"]+320w/i);
    expect(html).toMatch(/<img[^>]+width="2048"/);
    expect(html).toContain('Setouchi Guides');
    // Emotion's styles are in the head, and the query cache travels with the page.
    expect(html).toMatch(/<style data-emotion="css [^"]+">/);
    expect(html).toContain('<script type="application/json" id="ssr-state">');
    // The first paint waits for the whole page (its state is the last thing after the root), so a paint part-way
    // through parsing cannot be moved by the rest (issue 34).
    expect(html).toContain('<link rel="expect" href="#ssr-state" blocking="render" />');
    expect(html.indexOf('<link rel="expect"')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).toMatch(/<\/div>\n<script type="application\/json" id="ssr-state">[^<]*<\/script><\/body>/);
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    expect(ld[0]).toMatchObject({
      '@type': 'Product',
      name: 'Shimanami cycling',
      offers: { '@type': 'Offer', price: 12000, priceCurrency: 'JPY' },
    });
    expect(ld[0]).not.toHaveProperty('aggregateRating');
    expect(ld[1]).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  it('renders a page of another language in that language: <html lang>, its UI text, canonical and hreflang', async () => {
    const page = await render('/ko/experience/exp-1', experience());
    expect(page.status).toBe(200);
    const { html } = page;
    expect(html).toMatch(/^<!doctype html><html lang="ko">/);
    // The page's own text in Korean (the host's title stays as written).
    expect(html).toContain('집합 장소');
    expect(html).toMatch(/<h1[^>]*>Shimanami cycling<\/h1>/);
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/ko/experience/exp-1" />');
    for (const [lang, path] of [
      ['en', '/experience/exp-1'],
      ['ja', '/ja/experience/exp-1'],
      ['zh-Hant', '/zh-hant/experience/exp-1'],
      ['ko', '/ko/experience/exp-1'],
      ['x-default', '/experience/exp-1'],
    ]) {
      expect(html).toContain(
        `<link rel="alternate" hreflang="${lang}" href="http://localhost:3000${path}" />`,
      );
    }
    expect(html).toContain('<meta property="og:locale" content="ko_KR" />');
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    expect(ld[0]).toMatchObject({ url: 'http://localhost:3000/ko/experience/exp-1' });
    expect(ld[1].itemListElement[0]).toMatchObject({ name: '홈', item: 'http://localhost:3000/ko' });
    // A not-found page of the language is in it too.
    const missing = await render('/ja/experience/gone', null);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<html lang="ja">');
  });

  it('keeps hostile host text as text in the title, the meta tags, JSON-LD and the state', async () => {
    const { html } = await render('/experience/exp-1', experience({ title: HOSTILE, description: HOSTILE }));
    // Exactly the scripts we wrote: the title cannot open or close one.
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<\/script>/g)).toHaveLength(html.match(/<script[\s>]/g)!.length);
    expect(html).toContain(`<title>${escapeHtml(HOSTILE)} | Ehime Experiences</title>`);
    expect(html).toContain(`<meta name="description" content="${escapeHtml(HOSTILE)}" />`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld.name).toBe(HOSTILE);
    const state = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.stringify(JSON.parse(state))).toContain('alert(\\"x\\")');
  });

  it("preloads the list's first card photo from the head, with the card's variants and sizes", async () => {
    const page = await render('/experiences', experience());
    expect(page.status).toBe(200);
    expect(preloadedPhoto(page.html)).toEqual({
      href: PHOTO,
      sizes: '(max-width: 599px) 100vw, (max-width: 899px) 50vw, 370px',
    });
    // Home and static pages have no photo as their largest paint: no preload.
    expect((await render('/about', null)).html).not.toMatch(
      /<link rel="preload" as="image" [^>]*fetchpriority/,
    );
  });

  it('answers 404 with noindex for an experience the API does not show', async () => {
    const page = await render('/experience/gone', null);
    expect(page.status).toBe(404);
    expect(page.html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(page.html).toContain('Experience not found');
    expect(page.html).not.toContain('application/ld+json');
    // No state to wait for: nothing blocks its first paint.
    expect(page.html).not.toContain('rel="expect"');
  });

  it('renders a static page without any API call for its content', async () => {
    const api = fakeApi(null);
    const page = await renderPage({
      path: '/about',
      config: testConfig,
      apiBaseUrl: 'http://api.test/api',
      template: TEMPLATE,
      fetchImpl: api.fetchImpl,
    });
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>About Our Service | Ehime Experiences</title>');
    expect(api.calls).toEqual([]);
  });

  it("renders a static page in its language from that language's texts (loaded by the route before rendering)", async () => {
    const api = fakeApi(null);
    const renderStatic = (path: string) =>
      renderPage({
        path,
        config: testConfig,
        apiBaseUrl: 'http://api.test/api',
        template: TEMPLATE,
        fetchImpl: api.fetchImpl,
      });
    const ko = await renderStatic('/ko/about');
    expect(ko.html).toMatch(/^<!doctype html><html lang="ko">/);
    expect(ko.html).toContain('<title>서비스 소개 | Ehime Experiences</title>');
    expect(ko.html).toMatch(/<h1[^>]*>서비스 소개<\/h1>/);
    expect(ko.html).toContain('두 가지 예약 방법');
    expect(ko.html).toContain('href="/ko/experiences"');
    expect(ko.html).not.toContain('What we do');
    const zh = await renderStatic('/zh-hant/commercial-notice');
    // Each legal item keeps the Act's own Japanese term, marked as Japanese.
    expect(zh.html).toMatch(/銷售業者(<!-- -->| )*\(<span lang="ja">販売業者<\/span>\)/);
    expect(zh.html).not.toContain('Seller');
    const ja = await renderStatic('/ja/terms-of-service');
    expect(ja.html).toContain('第11条（準拠法と管轄）');
    // Marked as Japanese, with no "this page is in English" note.
    expect(ja.html).toMatch(/<div [^>]*lang="ja"[^>]*><h1/);
    expect(ja.html).not.toContain('role="note"');
    expect(api.calls).toEqual([]);
  });
});

describe('escaping and structured data', () => {
  it('jsonForScript leaves no <, > or & that could end a script element', () => {
    const text = jsonForScript({ t: '</script><!-- & \u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ t: '</script><!-- & \u2028' });
  });

  it('escapeHtml escapes quotes for attributes', () => {
    expect(escapeHtml(`"a" 'b' <c> & d`)).toBe('&quot;a&quot; &#39;b&#39; &lt;c&gt; &amp; d');
  });

  it('states the tour’s length as an ISO 8601 duration (an hour for experiences from before lengths)', () => {
    const [day] = experienceJsonLd(
      { ...experience(), durationMinutes: 480 } as never,
      testConfig,
      createTranslator('en'),
    );
    expect(day).toMatchObject({
      additionalProperty: [{ '@type': 'PropertyValue', name: 'duration', value: 'PT8H' }],
    });
    const [short] = experienceJsonLd(
      { ...experience(), durationMinutes: 90 } as never,
      testConfig,
      createTranslator('en'),
    );
    expect(short).toMatchObject({ additionalProperty: [{ value: 'PT1H30M' }] });
    const { durationMinutes: _none, ...legacy } = experience() as { durationMinutes?: number };
    const [old] = experienceJsonLd(legacy as never, testConfig, createTranslator('en'));
    expect(old).toMatchObject({ additionalProperty: [{ value: 'PT1H' }] });
  });

  it('adds an AggregateRating once the experience carries a rating', () => {
    const [product] = experienceJsonLd(
      { ...experience(), rating: { average: 4.5, count: 12 } } as never,
      testConfig,
      createTranslator('en'),
    );
    expect(product).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 12 },
    });
  });
});
