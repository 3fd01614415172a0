/**
 * Guest pages as HTML (issue 17) in a real Chromium: the server's markup of home, the list and an experience (in
 * English and in Korean) is hydrated at phone and desktop widths without a hydration error, the booking form still asks the API for
 * availability, and a browser without JavaScript still sees an experience's title, description and photos.
 */
import type { ConsoleMessage, Page } from 'playwright-core';
import { chooseFirstSlot, uniqueEmail } from './support/guest-flow';
import { hydrated } from './support/hydration';
import { openBrowser, type BrowserSession } from './support/browser';
import { adminMadeHost, moneyRepositories, publishedExperienceOf } from './support/money-flow';

let session: BrowserSession;
let experienceId: string;

beforeAll(async () => {
  session = await openBrowser();
  // `/sitemap.xml` is an index (issue 33): the experiences are in the files it names.
  const index = await (await fetch(`${session.baseUrl}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/\d+\.xml)<\/loc>/g)].map((m) => m[1]!);
  const sitemap = (
    await Promise.all(files.map(async (file) => (await fetch(`${session.baseUrl}${file}`)).text()))
  ).join('\n');
  // One without a video: its embed would ask the internet, which this machine (and CI) cannot reach, and the
  // page would never be network-idle. The sitemap's order changed with its files, so choose rather than take the first.
  const ids = [...sitemap.matchAll(/\/experience\/([A-Za-z0-9_-]+)</g)].map((m) => m[1]!);
  for (const id of ids) {
    const experience = (await (await fetch(`${session.baseUrl}/api/experiences/${id}`)).json()) as {
      movie?: string | null;
    };
    if (!experience.movie) {
      experienceId = id;
      break;
    }
  }
  expect(experienceId).toBeTruthy();
});

const repos = moneyRepositories();

afterAll(async () => {
  await session?.close();
  repos.close();
});

/** Console errors and uncaught errors: React reports hydration mismatches through both. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

describe('guest pages as HTML', () => {
  const pages = () => [
    { name: 'home', path: '/', heading: 'Dive Into Japanese Traditions' },
    { name: 'list', path: '/experiences', heading: null },
    { name: 'detail', path: `/experience/${experienceId}`, heading: null },
    // A page of another language (issue 19): rendered in Korean on the server, hydrated in Korean.
    { name: 'detail (ko)', path: `/ko/experience/${experienceId}`, heading: '자주 묻는 질문' },
  ];

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    it(`hydrates the server's markup of home, list and detail at ${viewport.width} px without errors`, async () => {
      const context = await session.browser.newContext({
        baseURL: session.baseUrl,
        viewport,
        locale: 'en-US',
      });
      try {
        for (const { path, heading } of pages()) {
          const served = await fetch(`${session.baseUrl}${path}`);
          const html = await served.text();
          expect(served.status).toBe(200);
          // The content is in the HTML itself, before any script runs.
          expect(html).toMatch(/<div id="root"><[a-z]/);
          if (heading) expect(html).toContain(heading);

          const page = await context.newPage();
          const problems = collectProblems(page);
          const apiCalls: string[] = [];
          page.on('request', (r) => {
            if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(new URL(r.url()).pathname);
          });
          await page.goto(path);
          await hydrated(page);
          // Until hydration: a page older than its queries' stale time (60 s) refreshes its data afterwards.
          const beforeHydration = [...apiCalls];
          await page.waitForLoadState('networkidle');
          expect(problems, path).toEqual([]);
          if (path.startsWith('/ko/')) {
            expect(html).toContain('<html lang="ko">');
            await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('ko');
            await expect(page.locator('footer').textContent()).resolves.toContain('자주 묻는 질문');
          }
          // The first paint's data came with the HTML: the catalogue is not fetched again before hydration.
          expect(
            beforeHydration.filter((p) => p === `/api/experiences/${experienceId}`),
            path,
          ).toEqual([]);
          await page.close();
        }
      } finally {
        await context.close();
      }
    });
  }

  it("loads the home Topics section's code at the guest's first scroll, keeping the server's cards", async () => {
    const page = await session.newPage();
    const problems = collectProblems(page);
    const topicsCode: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/topics-carousel-[^/]+\.js$/.test(new URL(r.url()).pathname)) topicsCode.push(r.url());
    });
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    // The cards are the server's, on screen below the hero; their code has not been downloaded.
    const topics = page.getByRole('list', { name: 'Newest experiences' });
    await expect(topics.getByRole('listitem').count()).resolves.toBe(5);
    expect(topicsCode).toEqual([]);
    await page.evaluate(() => {
      (window as unknown as { serverList: Element | null }).serverList = document.querySelector(
        '[data-deferred-section="topics"] ul',
      );
    });

    await page.mouse.wheel(0, 300);
    await expect.poll(() => topicsCode.length).toBe(1);
    // Its arrows work once the section has hydrated, and hydration adopted the server's list rather than
    // drawing a new one (nothing moves on screen).
    const right = page.getByRole('button', { name: 'Scroll topics right' });
    await expect
      .poll(async () => {
        await right.click();
        return topics.evaluate((list) => list.scrollLeft);
      })
      .toBeGreaterThan(0);
    await expect(
      page.evaluate(
        () =>
          (window as unknown as { serverList: Element | null }).serverList ===
          document.querySelector('[data-deferred-section="topics"] ul'),
      ),
    ).resolves.toBe(true);

    // Home reached through the site's own link has no server markup: the section renders at once.
    await page.goto('/about');
    await hydrated(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Ehime Experiences' })
      .click();
    await page.waitForURL(`${session.baseUrl}/`);
    await topics.getByRole('link').first().waitFor();
    await expect(topics.getByRole('listitem').count()).resolves.toBe(5);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('hydrates a list page older than its data without a mismatch, keeps what the guest types, then shows the new data', async () => {
    // A published experience the stored list page does not show (written to the table: no page event), and a
    // browser whose clock says the page's data is minutes old, as a cached page would be.
    const host = {
      email: uniqueEmail('stale-list-host'),
      password: 'Kurushima#2027',
      businessName: 'Kurushima',
      id: '',
    };
    await adminMadeHost(session.baseUrl, host);
    const fresh = await publishedExperienceOf(repos, host.id, 'Kurushima strait boat', 9_900);
    const stored = await (await fetch(`${session.baseUrl}/experiences`)).text();
    expect(stored).not.toContain(fresh.title);

    const page = await session.newPage();
    const problems = collectProblems(page);
    await page.clock.install({ time: Date.now() + 5 * 60_000 });
    // Photos arrive late, as on a phone's network: hydration waits for the main one, so any request the page
    // made meanwhile has its answer before hydration.
    await page.route('**/images/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/experiences');
    const search = page.getByRole('main').getByRole('searchbox', { name: 'Search experiences' });
    await search.fill('castle');
    await hydrated(page);
    // Hydrated with the server's data, then refreshed as an ordinary update: the new experience appears.
    await page.getByRole('list', { name: 'Experiences' }).getByText(fresh.title).waitFor();
    await expect(search.inputValue()).resolves.toBe('castle');
    await search.press('Enter');
    await page.waitForURL(/\/search\?q=castle$/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps availability live: the hydrated detail page asks the API and offers a bookable slot', async () => {
    const page = await session.newPage();
    const problems = collectProblems(page);
    const availability = page.waitForRequest((r) =>
      r.url().includes(`/api/experiences/${experienceId}/availability`),
    );
    await page.goto(`/experience/${experienceId}`);
    await availability;
    const slot = await chooseFirstSlot(page, 1);
    expect(slot.total).toMatch(/¥/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows an experience without JavaScript: title, description and photos with srcset', async () => {
    const context = await session.browser.newContext({ baseURL: session.baseUrl, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`/experience/${experienceId}`);
      const detail = (await (await fetch(`${session.baseUrl}/api/experiences/${experienceId}`)).json()) as {
        title: string;
        description: string;
      };
      await expect(page.title()).resolves.toContain(detail.title);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(detail.title);
      await expect(page.locator('main').textContent()).resolves.toContain(detail.description.slice(0, 40));
      const photo = page.locator('img[srcset]').first();
      await expect(photo.getAttribute('width')).resolves.toMatch(/^\d+$/);
      await expect(photo.getAttribute('sizes')).resolves.toBeTruthy();
    } finally {
      await context.close();
    }
  });
});
