/**
 * Experience pages and the list paint before their JavaScript (issue 34), in a real Chromium at a phone's width: the
 * app's entry is requested only after the page's first paint and its main photo; a Korean page offers an English
 * browser its language without moving; the booking form's code is fetched only after the page's first paint and
 * largest paint, and only once the guest gets to it; the form then works from a cold load by keyboard alone; and a
 * tap made before the page has hydrated (the form's "Next", the language switcher, the phone's menu button) or a word
 * typed into the home's search box is not lost. Order of events only, never durations.
 */
import type { Page, Route } from 'playwright-core';
import { hydrated } from './support/hydration';
import { openBrowser, type BrowserSession } from './support/browser';

const PHONE = { width: 412, height: 823 };
const FORM_CHUNK = /\/assets\/booking-request-form-[^/]+\.js$/;
/** The app's entry chunk (the shell: React, MUI, the router), which the keeper of early taps appends. */
const ENTRY = /\/assets\/index-[^/]+\.js$/;

let session: BrowserSession;
let experienceId: string;

beforeAll(async () => {
  session = await openBrowser({ viewport: PHONE });
  // `/sitemap.xml` is an index (issue 33): the experiences are in the files it names.
  const index = await (await fetch(`${session.baseUrl}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/\d+\.xml)<\/loc>/g)].map((m) => m[1]!);
  const sitemap = (
    await Promise.all(files.map(async (file) => (await fetch(`${session.baseUrl}${file}`)).text()))
  ).join('\n');
  experienceId = /\/experience\/([A-Za-z0-9_-]+)</.exec(sitemap)![1]!;
});

afterAll(async () => {
  await session?.close();
});

/** Holds the page's requests for `url` back until `release()` (a phone on a slow network). */
async function holdRequests(page: Page, url: RegExp): Promise<{ release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route: Route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/**
 * Holds the app's entry script back until `release()`: the page shows the server's HTML, with nothing hydrated,
 * for as long as the test needs.
 */
const holdHydration = (page: Page) => holdRequests(page, ENTRY);

/** The page's paint timings and the form chunk's request start, from the browser's own performance timeline. */
function timeline(page: Page) {
  return page.evaluate(async (chunk) => {
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        resolve(entries[entries.length - 1]!.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const form = performance
      .getEntriesByType('resource')
      .find((entry) => new RegExp(chunk).test(new URL(entry.name).pathname));
    return { fcp, lcp, formRequested: form?.startTime ?? null };
  }, FORM_CHUNK.source);
}

describe('experience pages paint first', () => {
  it.each([
    ['an experience page', () => `/experience/${experienceId}`],
    ['the list', () => '/experiences'],
  ])(
    "paints the server's page before the app's entry is requested (so before it is evaluated): %s",
    async (_, path) => {
      const html = await (await fetch(`${session.baseUrl}${path()}`)).text();
      // Nothing in the HTML makes the browser fetch or run the app's modules while it parses the page.
      expect(html).not.toMatch(/<script[^>]*type="module"/);
      expect(html).not.toContain('modulepreload');
      expect(html).toMatch(
        /<script src="\/assets\/early-taps-[^"]+\.js" data-entry="\/assets\/index-[^"]+\.js"/,
      );

      const page = await session.newPage();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(new URL(r.url()).pathname));
      await page.goto(path());
      await hydrated(page);
      const order = await page.evaluate((entry) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
        const requested = performance
          .getEntriesByType('resource')
          .find((e) => new RegExp(entry).test(new URL(e.name).pathname));
        const photo = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
        return { fcp, entryRequested: requested?.startTime ?? null, photo: photo?.currentSrc ?? null };
      }, ENTRY.source);
      expect(order.fcp).not.toBeNull();
      expect(order.entryRequested).not.toBeNull();
      expect(order.entryRequested!).toBeGreaterThan(order.fcp!);
      // The page's main photo (its largest paint) was asked for before the entry, which waits for it.
      expect(order.photo).not.toBeNull();
      const photoAt = requests.indexOf(new URL(order.photo!).pathname);
      const entryAt = requests.findIndex((path) => ENTRY.test(path));
      expect(photoAt).toBeGreaterThanOrEqual(0);
      expect(entryAt).toBeGreaterThan(photoAt);
      await page.close();
    },
  );

  it('offers the guest their language on a Korean page without moving it, once they scroll', async () => {
    const page = await session.newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as { __shifts?: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number }[]) shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`/ko/experience/${experienceId}`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const band = page.getByRole('region', { name: 'This site is also available in English.' });
    // Loaded and hydrated without a band pushing the page down: not one layout shift.
    await expect(band.count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as { __shifts?: number[] }).__shifts)).resolves.toEqual([]);

    // The guest scrolls; the band comes in above what they are reading, which stays where it is on screen.
    await page.mouse.wheel(0, 400);
    const heading = page.locator('main h1').first();
    await page.waitForFunction(() => window.scrollY > 0);
    const before = await heading.evaluate((h) => h.getBoundingClientRect().top);
    await band.waitFor({ state: 'attached' });
    await expect(heading.evaluate((h) => h.getBoundingClientRect().top)).resolves.toBe(before);
    // Back at the top, there it is.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(band.isVisible()).resolves.toBe(true);
    await page.close();
  });

  it("fetches the booking form's code after the first paint, when the guest gets to it; the form works by keyboard", async () => {
    const page = await session.newPage();
    const formRequests: string[] = [];
    page.on('request', (r) => {
      if (FORM_CHUNK.test(new URL(r.url()).pathname)) formRequests.push(r.url());
    });
    const availability = page.waitForRequest((r) =>
      r.url().includes(`/api/experiences/${experienceId}/availability`),
    );
    await page.goto(`/experience/${experienceId}`);
    await hydrated(page);
    // The dates are asked for as soon as the page is up (data), while the form's code waits for the guest.
    await availability;
    await page.waitForLoadState('networkidle');
    expect(formRequests).toEqual([]);

    // The guest's first key press (a Tab towards the form) brings the form's code in.
    await page.keyboard.press('Tab');
    const form = page.locator('#booking-request');
    const day = form.locator('button[role="gridcell"]:not([disabled])').first();
    await day.waitFor();
    expect(formRequests).toHaveLength(1);
    const { fcp, lcp, formRequested } = await timeline(page);
    expect(fcp).not.toBeNull();
    expect(formRequested).not.toBeNull();
    expect(formRequested!).toBeGreaterThan(fcp!);
    expect(formRequested!).toBeGreaterThan(lcp);

    // By keyboard alone: a day, a start time, then Next to Booking Information.
    await day.focus();
    await page.keyboard.press('Enter');
    const start = form.getByRole('combobox', { name: 'Start time' });
    await start.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Next', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/booking-form');
    await page.getByRole('heading', { name: 'Booking Information' }).waitFor();
    await page.close();
  });

  // TODO(issue 34): fails in the last run (the form's message never showed after the held entry was released; the
  // language switcher's replay, same mechanism, passes). Not yet diagnosed: see README, "Experience and list pages
  // paint first", Left to do.
  it('replays a tap on "Next" made before the page hydrated, once the form is in', async () => {
    const page = await session.newPage();
    const { release } = await holdHydration(page);
    // Not 'domcontentloaded': that waits for the (held) module scripts.
    await page.goto(`/experience/${experienceId}`, { waitUntil: 'commit' });
    await page.locator('#booking-request').waitFor();
    // The keeper of early taps is in; nothing of the app is (its entry is held back).
    await page.waitForFunction(() => Array.isArray((window as { __earlyTaps?: unknown[] }).__earlyTaps));
    const next = page.locator('#booking-request').getByRole('button', { name: 'Next', exact: true });
    await next.scrollIntoViewIfNeeded();
    await next.click();
    // Still the server's markup: React owns none of it yet.
    await expect(
      page.evaluate(() =>
        Object.keys(document.querySelector('#root main')!).some((k) => k.startsWith('__react')),
      ),
    ).resolves.toBe(false);

    release();
    await hydrated(page);
    // Without a date the form answers Next with its message: the tap reached it.
    await page.getByText('Please fill in all required fields').waitFor();
    await expect(page.getByText('Please fill in all required fields').count()).resolves.toBe(1);
    await page.close();
  });

  it("opens the phone's menu when its button was tapped before the page hydrated", async () => {
    const page = await session.newPage();
    const { release } = await holdHydration(page);
    await page.goto(`/experience/${experienceId}`, { waitUntil: 'commit' });
    // The button is in the server's HTML at a phone's width (CSS, not the script, tells phone from desktop).
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.waitFor();
    await page.waitForFunction(() => Array.isArray((window as { __earlyTaps?: unknown[] }).__earlyTaps));
    await open.click();
    await expect(page.locator('#mobile-menu').count()).resolves.toBe(0);

    release();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Manage Booking' }).waitFor();
    await expect(page.getByRole('button', { name: 'Close menu' }).count()).resolves.toBe(1);
    await page.close();
  });

  it("searches for the words typed into the home's search box before the page hydrated", async () => {
    const page = await session.newPage();
    const { release } = await holdHydration(page);
    await page.goto('/', { waitUntil: 'commit' });
    const box = page
      .getByRole('region', { name: 'Dive Into Japanese Traditions' })
      .getByRole('searchbox', { name: 'Search experiences' });
    await box.fill('tea');

    release();
    await hydrated(page);
    await expect(box.inputValue()).resolves.toBe('tea');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=tea$/);
    await page.close();
  });

  it("scrolls the home's Topics when an arrow was tapped before their code had loaded", async () => {
    const page = await session.newPage();
    // The Topics' code loads at the guest's first move (a tap on an arrow is one): held here until after the tap.
    const { release } = await holdRequests(page, /\/assets\/topics-carousel-[^/]+\.js$/);
    await page.goto('/', { waitUntil: 'commit' });
    await hydrated(page);
    await page.getByRole('status', { name: 'Loading' }).waitFor({ state: 'detached' });
    const topics = page.getByRole('region', { name: 'Topics' });
    await topics.getByRole('button', { name: 'Scroll topics right' }).click();
    const track = topics.getByRole('list').first();
    await expect(track.evaluate((el) => el.scrollLeft)).resolves.toBe(0);

    release();
    await page.waitForFunction((el) => el !== null && el.scrollLeft > 0, await track.elementHandle());
    await page.close();
  });

  it("opens a producer's story when 'Read more' was tapped before the home's lower sections had loaded", async () => {
    const page = await session.newPage();
    // Categories, producers, reservation process and call to action load their code at the guest's first move (a tap
    // on 'Read more' is one): held here until after the tap.
    const { release } = await holdRequests(page, /\/assets\/lower-sections-[^/]+\.js$/);
    await page.goto('/', { waitUntil: 'commit' });
    await hydrated(page);
    await page.getByRole('status', { name: 'Loading' }).waitFor({ state: 'detached' });
    const readMore = page
      .getByRole('region', { name: 'Our Producers' })
      .getByRole('button', { name: /^Read more about / })
      .nth(1);
    const name = (await readMore.getAttribute('aria-label'))!.replace('Read more about ', '');
    // Server HTML until then: the category tiles are links already.
    await expect(
      page.getByRole('link', { name: 'Nature', exact: true }).getAttribute('href'),
    ).resolves.toMatch(/^\/experiences\?categories=/);
    await readMore.click();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);

    release();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${name}`) });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Once in, the section's buttons work as ever, and only one tap was replayed.
    await readMore.click();
    await page.getByRole('dialog', { name: new RegExp(`^${name}`) }).waitFor();
    await page.close();
  });

  it.each([
    ['the home', '/ko', '/ko/search'],
    ['the list', '/experiences', '/search'],
  ])(
    "takes an Enter in %s's search box before the page hydrated to the search page",
    async (_, path, search) => {
      const page = await session.newPage();
      const { release } = await holdHydration(page);
      await page.goto(path, { waitUntil: 'commit' });
      const box = page.locator('#root main').getByRole('searchbox');
      await box.fill('tea');
      await box.press('Enter');
      // The browser's own submission, to the search page's address in the page's language.
      await page.waitForURL(`${session.baseUrl}${search}?q=tea`, { waitUntil: 'commit' });
      // A search for typed words is not prerendered: the app renders it once its entry comes.
      release();
      const searched = page.locator('#root main').getByRole('searchbox');
      await searched.waitFor();
      await expect(searched.inputValue()).resolves.toBe('tea');
      await page.close();
    },
  );

  it('switches language when it was chosen before the page hydrated', async () => {
    // At a desktop width, where the server's header shows the switcher (a phone's is in the menu).
    const context = await session.browser.newContext({
      baseURL: session.baseUrl,
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
    });
    try {
      const page = await context.newPage();
      const { release } = await holdHydration(page);
      await page.goto(`/experience/${experienceId}`, { waitUntil: 'commit' });
      await page.getByRole('combobox', { name: 'Language' }).waitFor();
      await page.waitForFunction(() => Array.isArray((window as { __earlyTaps?: unknown[] }).__earlyTaps));
      await page.getByRole('combobox', { name: 'Language' }).selectOption('ko');

      release();
      await page.waitForURL(`**/ko/experience/${experienceId}`);
      await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('ko');
    } finally {
      await context.close();
    }
  });
});
