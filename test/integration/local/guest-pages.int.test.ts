/**
 * Guest pages as HTML (issue 17) over real HTTP against the local stack: the prerendered pages with their head and
 * JSON-LD in the raw HTML, real 404s with noindex, the sitemap against the catalogue, robots.txt, and a host's edit
 * and unpublish reaching the HTML through the use cases' page events and the renderer (the same bundle as Lambda).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  createDocumentClient,
  createDynamoRepositories,
} from '../../../functions/adapters/dynamodb/repositories';
import { LOCAL_CREDENTIALS } from '../../../scripts/local/dynamodb-local';
import { startLocalStack, type LocalStack } from '../../../scripts/local/stack';
import { SEED_EXPERIENCES } from '../../../scripts/seed/experiences';
import { signIn, tempWorkDir } from './support';

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>shell</title>
<script type="module" src="/assets/index-test.js"></script></head><body><div id="root"></div></body></html>`;

const work = tempWorkDir('guest-pages-');
let stack: LocalStack;
let origin: string;
let hostToken: string;

beforeAll(async () => {
  writeFileSync(join(work.webRoot, 'index.html'), TEMPLATE);
  stack = await startLocalStack({
    dataDir: join(work.dir, 'data'),
    port: 0,
    webRoot: work.webRoot,
    guestPages: true,
    // Ten pages (forty URLs) a sitemap file, so the seed's catalogue needs an index of several (issue 33).
    sitemapUrlLimit: SITEMAP_URL_LIMIT,
  });
  origin = `http://127.0.0.1:${stack.port}`;
  await stack.guestPages!.refreshAll();
  const { host } = stack.config.demo;
  hostToken = (
    await signIn(stack.config.cognitoEndpoint, stack.config.hostPool.clientId, host.email, host.password)
  ).idToken;
});

afterAll(async () => {
  await stack?.stop();
  rmSync(work.dir, { recursive: true, force: true });
});

const hostApi = (path: string, init: RequestInit = {}) =>
  fetch(`${origin}/api/host${path}`, {
    ...init,
    headers: { authorization: `Bearer ${hostToken}`, 'content-type': 'application/json' },
  });

const SITEMAP_URL_LIMIT = 40;

/** The sitemap as a crawler reads it: the index at `/sitemap.xml`, then every file it names. */
async function sitemapFiles(): Promise<string[]> {
  const index = await (await fetch(`${origin}/sitemap.xml`)).text();
  expect(index).toContain('<sitemapindex');
  const files: string[] = [];
  for (const [, url] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const res = await fetch(url!.replace(/^http:\/\/localhost:\d+/, origin));
    expect(res.status, url).toBe(200);
    files.push(await res.text());
  }
  return files;
}
const sitemapText = async () => (await sitemapFiles()).join('\n');

async function publishedIds(): Promise<string[]> {
  const res = await fetch(`${origin}/api/experiences?limit=100`);
  return ((await res.json()) as { items: { id: string }[] }).items.map((i) => i.id);
}

describe('prerendered guest pages', () => {
  it('answers a published experience with its title, social tags and JSON-LD in the raw HTML', async () => {
    const [id] = await publishedIds();
    const detail = (await (await fetch(`${origin}/api/experiences/${id}`)).json()) as {
      title: string;
      price: number;
    };
    const res = await fetch(`${origin}/experience/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain(`<title>${detail.title} | Ehime Experiences</title>`);
    expect(html).toContain(`<meta property="og:title" content="${detail.title} | Ehime Experiences" />`);
    // og:image: the first photo's 1200 × 630 JPEG crop, absolute, and served.
    const ogImage = /<meta property="og:image" content="([^"]+)" \/>/.exec(html)![1]!;
    expect(ogImage).toMatch(/^http:\/\/[^"]+\/images\/p\/[^/]+\/\d+x\d+\/1200x630\.jpg$/);
    expect(html).toContain(`<meta name="twitter:image" content="${ogImage}" />`);
    const crop = await fetch(`${origin}${new URL(ogImage).pathname}`);
    expect(crop.status).toBe(200);
    expect(crop.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await crop.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld).toMatchObject({ '@type': 'Product', offers: { price: detail.price, priceCurrency: 'JPY' } });
    expect(html).toMatch(/<h1[^>]*>[^<]*<\/h1>/);
  });

  it('answers a page of another language in that language: <html lang>, its UI text, hreflang (issue 19)', async () => {
    const [id] = await publishedIds();
    const res = await fetch(`${origin}/ko/experience/${id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html><html lang="ko">/);
    // The guest site's own words in Korean (the header's entries), the host's text as written.
    expect(html).toContain('자주 묻는 질문');
    expect(html).toContain('예약 확인');
    expect(html).not.toContain('>Manage Booking<');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/ko\/experience\/[^"]+" \/>/);
    for (const [lang, prefix] of [
      ['en', ''],
      ['ja', '/ja'],
      ['zh-Hant', '/zh-hant'],
      ['ko', '/ko'],
      ['x-default', ''],
    ]) {
      expect(html).toMatch(
        new RegExp(
          `<link rel="alternate" hreflang="${lang}" href="http://localhost:\\d+${prefix}/experience/${id}" />`,
        ),
      );
    }
    expect(html).toContain('<meta property="og:locale" content="ko_KR" />');
    // Home and the static pages in every language; a filtered list stays the SPA's.
    for (const path of ['/ja', '/zh-hant/experiences', '/ko/faq']) {
      const page = await fetch(`${origin}${path}`);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toMatch(/<html lang="(ja|zh-Hant|ko)">[\s\S]*<div id="root"><[a-z]/);
    }
    // The static pages and /ehime are written in each language (their texts' module loaded before the render).
    for (const [path, text] of [
      ['/ko/about', '서비스 소개'],
      ['/zh-hant/privacy-policy', '第15條（聯絡方式）'],
      ['/ja/ehime', '愛媛へのアクセス'],
    ]) {
      const html = await (await fetch(`${origin}${path}`)).text();
      expect(html, path).toContain(text);
      expect(html, path).not.toContain('role="note"');
    }
    expect(await (await fetch(`${origin}/ja/experiences?sort=lowest_price`)).text()).toBe(TEMPLATE);
    // An unknown experience under a prefix: that language's 404 page.
    const missing = await fetch(`${origin}/zh-hant/experience/no-such-experience`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-robots-tag')).toBe('noindex');
    expect(await missing.text()).toContain('<html lang="zh-Hant">');
  });

  it('answers home and the list as HTML, a filtered list and the booking form as the SPA shell', async () => {
    for (const path of ['/', '/experiences', '/ehime', '/faq']) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toMatch(/<div id="root"><[a-z]/);
    }
    for (const path of ['/experiences?sort=lowest_price', '/booking-form']) {
      expect(await (await fetch(`${origin}${path}`)).text(), path).toBe(TEMPLATE);
    }
  });

  it('answers an unknown or private experience with a real 404 and noindex', async () => {
    const privateSeed = SEED_EXPERIENCES.find((e) => e.publicationStatus === 'private')!;
    for (const id of ['no-such-experience', privateSeed.id]) {
      const res = await fetch(`${origin}/experience/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      expect(await res.text()).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
  });

  it('answers a path the site does not have with a real 404 in its language, through the shared resolver (issue 32 item 9)', async () => {
    for (const [path, lang, text] of [
      ['/foo/bar', 'en', 'Page Not Found'],
      ['/ja/nope', 'ja', 'ページが見つかりません'],
      ['/ko/foo/bar/baz', 'ko', '<h1'],
      ['/experiences/extra', 'en', 'Page Not Found'],
      ['/ja/host/dashboard', 'ja', '<h1'],
    ] as const) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex');
      const html = await res.text();
      expect(html, path).toContain(`<html lang="${lang}">`);
      expect(html, path).toContain(text);
      expect(html, path).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
    // The SPA's own pages, the back office and files still answer as before.
    for (const path of [
      '/search?q=ehime',
      '/search',
      '/ja/booking-confirmation',
      '/ko/booking-complete',
      '/review/abc',
      '/zh-hant/review/abc',
      '/guest/confirm-reservation',
      '/host/dashboard',
      '/admin',
    ]) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(TEMPLATE);
    }
    expect((await fetch(`${origin}/missing-file.js`)).status).toBe(404);
  });

  it('gives not-found pages no canonical that names where they were rendered (issue 32 item 9)', async () => {
    for (const path of [
      '/experience/no-such-experience',
      '/ko/experience/no-such-experience',
      '/foo/bar',
      '/ja/nope',
    ]) {
      const html = await (await fetch(`${origin}${path}`)).text();
      expect(html, path).not.toContain('__not-found');
      expect(html, path).not.toContain('rel="canonical"');
    }
  });

  it('cuts meta descriptions at a word and marks the cut with "…" (issue 32 item 9)', async () => {
    const long = SEED_EXPERIENCES.find(
      (e) => e.publicationStatus === 'public' && e.description.length > 200,
    )!;
    const html = await (await fetch(`${origin}/experience/${long.id}`)).text();
    for (const name of ['name="description"', 'property="og:description"']) {
      const content = new RegExp(`<meta ${name} content="([^"]*)" />`).exec(html)![1]!;
      const text = content
        .replace(/&amp;/g, '&')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"');
      expect(text.endsWith('…'), name).toBe(true);
      const kept = text.slice(0, -1);
      expect(Array.from(text).length).toBeLessThanOrEqual(160);
      const flat = long.description.replace(/\s+/g, ' ');
      expect(flat.startsWith(kept), name).toBe(true);
      // The next character of the description ends the word the cut kept.
      expect(flat.charAt(kept.length), name).toMatch(/[\s.,;:!?]/);
    }
  });

  it("writes Tokyo's current year in the footer (issue 32 item 9)", async () => {
    const year = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(
      new Date(),
    );
    for (const path of ['/', '/ja/faq', `/experience/${(await publishedIds())[0]}`]) {
      const html = await (await fetch(`${origin}${path}`)).text();
      expect(html, path).toContain(`© ${year} Ehime Experiences`);
    }
  });

  it('lists exactly the published experiences in the files of the sitemap index, each within the URL limit; robots.txt names it', async () => {
    const files = await sitemapFiles();
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) expect(file.match(/<url>/g)!.length).toBeLessThanOrEqual(SITEMAP_URL_LIMIT);
    const sitemap = files.join('\n');
    const listed = [...sitemap.matchAll(/<loc>http:\/\/[^/]+\/experience\/([^<]+)<\/loc>/g)]
      .map((m) => m[1])
      .sort();
    expect(listed).toEqual((await publishedIds()).sort());
    // Each page in every language, each naming its language versions.
    const [id] = listed;
    const entry = sitemap
      .split('<url>')
      .find((u) => new RegExp(`<loc>[^<]+/ko/experience/${id}</loc>`).test(u))!;
    expect(entry).toBeDefined();
    for (const lang of ['en', 'ja', 'zh-Hant', 'ko', 'x-default']) {
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="${lang}" href="http://localhost:`);
    }
    expect(sitemap.match(/<url>/g)!.length).toBe(sitemap.match(/<loc>http:\/\/[^/]+\/ja[/<]/g)!.length * 4);
    const privateSeed = SEED_EXPERIENCES.find((e) => e.publicationStatus === 'private')!;
    expect(sitemap).not.toContain(privateSeed.id);
    const robots = await (await fetch(`${origin}/robots.txt`)).text();
    expect(robots).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Disallow: /review/\n');
    expect(robots).toContain('Disallow: /ko/booking-form\n');
  });

  it("re-renders only the edited experience's pages for an edit no card shows; home and the list too when its card changes (issue 33)", async () => {
    const mine = (await (await hostApi('/experiences')).json()) as {
      items: { id: string; publicationStatus: string }[];
    };
    const [edited, other] = mine.items.filter((e) => e.publicationStatus === 'public').map((e) => e.id);
    const pages = stack.guestPages!.store;
    // Marks on pages the edit must not touch: a re-render would replace them.
    const mark = (key: string) => pages.put(key, `<!doctype html><p>untouched ${key}</p>`, 'text/html');
    const untouched = ['pages/index.html', 'pages/ja/experiences.html', `pages/experience/${other}.html`];
    for (const key of untouched) await mark(key);
    const patch = async (changes: Record<string, unknown>) => {
      const current = (await (await hostApi(`/experiences/${edited}`)).json()) as { updatedAt: string };
      const res = await hostApi(`/experiences/${edited}`, {
        method: 'PATCH',
        body: JSON.stringify({ expectedUpdatedAt: current.updatedAt, ...changes }),
      });
      expect(res.status).toBe(200);
      await stack.guestPages!.idle();
    };
    const paragraph = `A new paragraph ${Date.now()}`;
    await patch({ detailText1: paragraph });
    for (const prefix of ['', '/ja', '/zh-hant', '/ko']) {
      expect(await (await fetch(`${origin}${prefix}/experience/${edited}`)).text(), prefix).toContain(
        paragraph,
      );
    }
    expect(await (await fetch(`${origin}/`)).text()).toContain('untouched pages/index.html');
    expect(await (await fetch(`${origin}/ja/experiences`)).text()).toContain('untouched');
    expect(await (await fetch(`${origin}/experience/${other}`)).text()).toContain('untouched');

    const title = `Moonlit castle walk ${Date.now()}`;
    await patch({ title });
    const home = await (await fetch(`${origin}/`)).text();
    expect(home).not.toContain('untouched');
    expect(await (await fetch(`${origin}/ja/experiences`)).text()).not.toContain('untouched');
    // Another experience's page is still not re-rendered by this one's edit.
    expect(await (await fetch(`${origin}/experience/${other}`)).text()).toContain('untouched');
    await stack.guestPages!.changed({ kind: 'experience', experienceId: other!, cardChanged: false });
    await stack.guestPages!.idle();
    expect(await (await fetch(`${origin}/experience/${other}`)).text()).not.toContain('untouched');
  });

  it("refreshes a page after the host's edit, and answers 404 after unpublishing", async () => {
    const mine = (await (await hostApi('/experiences')).json()) as {
      items: { id: string; publicationStatus: string }[];
    };
    const id = mine.items.find((e) => e.publicationStatus === 'public')!.id;
    const current = (await (await hostApi(`/experiences/${id}`)).json()) as { updatedAt: string };
    const title = `Sunset kayak "tour" </script> ${Date.now()}`;
    const edited = await hostApi(`/experiences/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ expectedUpdatedAt: current.updatedAt, title }),
    });
    expect(edited.status).toBe(200);
    await stack.guestPages!.idle();
    const html = await (await fetch(`${origin}/experience/${id}`)).text();
    expect(html).toContain(`<title>Sunset kayak &quot;tour&quot; &lt;/script&gt;`);
    expect(await (await fetch(`${origin}/ko/experience/${id}`)).text()).toContain(
      `<title>Sunset kayak &quot;tour&quot; &lt;/script&gt;`,
    );
    expect(html).not.toContain('</script> 1');
    expect(JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!).name).toBe(
      title,
    );

    const after = (await (await hostApi(`/experiences/${id}`)).json()) as { updatedAt: string };
    const unpublished = await hostApi(`/experiences/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ expectedUpdatedAt: after.updatedAt, publicationStatus: 'private' }),
    });
    expect(unpublished.status).toBe(200);
    await stack.guestPages!.idle();
    expect((await fetch(`${origin}/experience/${id}`)).status).toBe(404);
    expect((await fetch(`${origin}/ja/experience/${id}`)).status).toBe(404);
    expect(await sitemapText()).not.toContain(id);
  });

  it("takes a suspended host's pages down and brings them back on reinstatement", async () => {
    const { admin } = stack.config.demo;
    const adminToken = (
      await signIn(
        stack.config.cognitoEndpoint,
        stack.config.adminPool.clientId,
        admin.email,
        admin.password,
        admin.totpSecret,
      )
    ).idToken;
    const [id] = await publishedIds();
    const shown = (await (await fetch(`${origin}/api/experiences/${id}`)).json()) as {
      id: string;
      hostId: string;
    };
    const adminPost = (path: string, body: unknown) =>
      fetch(`${origin}/api/admin${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await adminPost(`/hosts/${shown.hostId}/suspend`, { reason: 'test' })).status).toBe(200);
    await stack.guestPages!.idle();
    expect((await fetch(`${origin}/experience/${shown.id}`)).status).toBe(404);
    expect(await sitemapText()).not.toContain(shown.id);

    expect((await adminPost(`/hosts/${shown.hostId}/reinstate`, {})).status).toBe(200);
    await stack.guestPages!.idle();
    expect((await fetch(`${origin}/experience/${shown.id}`)).status).toBe(200);
    expect(await sitemapText()).toContain(shown.id);
  });
});

describe('host text with replacement patterns (issue 29)', () => {
  /** What `String.replace` reads in a replacement string: the text before and after the match, the match itself. */
  const title = "Tea $` ceremony $' and $& at $$ dusk";

  it('shows a title with `$` patterns verbatim on home, the list and the experience page; the state parses', async () => {
    const doc = createDocumentClient({
      endpoint: stack.config.dynamodbEndpoint,
      region: stack.config.region,
      credentials: LOCAL_CREDENTIALS,
    });
    const repo = createDynamoRepositories({ doc, tableName: stack.config.tableName });
    try {
      // The newest card: on home's topics and at the top of the list.
      const [id] = await publishedIds();
      const experience = (await repo.experiences.get(id!))!;
      await repo.experiences.update({ ...experience, title });
      await stack.guestPages!.changed({ kind: 'experience', experienceId: id! });
      await stack.guestPages!.idle();
    } finally {
      doc.destroy();
    }
    // React writes `&` as `&amp;` and `'` as `&#x27;`; `$` and the backtick stay as they are.
    const asMarkup = title.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');
    for (const path of ['/', '/experiences', `/experience/${(await publishedIds())[0]}`]) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      // The template's pieces are where they belong, once: nothing of it was copied into the page.
      expect(html.match(/<div id="root">/g), path).toHaveLength(1);
      expect(html.match(/<\/head>/g), path).toHaveLength(1);
      expect(html.match(/<!doctype html>/gi), path).toHaveLength(1);
      expect(html, path).toContain(asMarkup);
      const state = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(html)?.[1];
      expect(state, path).toBeDefined();
      expect(JSON.stringify(JSON.parse(state!)), path).toContain(JSON.stringify(title).slice(1, -1));
    }
  });
});
