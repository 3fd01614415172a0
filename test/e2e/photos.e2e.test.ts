/**
 * Photos on the guest pages, in a real Chromium against the seeded stack (issue 11): the seed's photos are phone
 * sized, so a page that downloaded them whole would be slow; the pages must ask for the variant each slot needs.
 * Also the gallery of an experience with more photos than the preview (desktop 'Show all photos', the phone's
 * 'SHOW ALL PHOTOS' tile) and its video.
 */
import type { Page, Request } from 'playwright-core';
import { parsePhotoUrl } from '../../functions/domain/images';
import { SEED_EXPERIENCES } from '../../scripts/seed/experiences';
import { openBrowser, screenshot, type BrowserSession } from './support/browser';

let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser();
});

afterAll(async () => {
  await session?.close();
});

/** The seeded experience with more photos than the gallery's preview, and a video. */
const GALLERY_EXPERIENCE = SEED_EXPERIENCES.find((e) => e.imageCount >= 6 && e.movie)!;

/** Every image the page requests from our origin, from its navigation on. */
function imageRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'image' && url.pathname.startsWith('/images/')) urls.push(url.pathname);
  });
  return urls;
}

/** The width of the variant a request names (null when it is not one of a published photo's variants). */
const variantWidth = (path: string) => (parsePhotoUrl(path) ? Number(/\/(\d+)\.webp$/.exec(path)![1]) : null);

describe('photos on the guest pages', () => {
  it.each([
    // A desktop card is 370 px wide (480 px variant); a phone's is the screen's width (375 × 2 → 800 px variant).
    ['a desktop', { width: 1280, height: 800 }, 1, 480],
    ['a phone at 2×', { width: 375, height: 740 }, 2, 800],
  ])('the list asks %s for card variants, never the full photos', async (_label, viewport, scale, widest) => {
    const context = await session.browser.newContext({
      baseURL: session.baseUrl,
      viewport,
      deviceScaleFactor: scale,
    });
    const page = await context.newPage();
    const requested = imageRequests(page);
    await page.goto('/experiences');
    // The cards' photos (a card's star rating is an image by role too, but no photo).
    const cards = page.getByRole('list', { name: 'Experiences' }).locator('img');
    await cards.first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(requested.length).toBeGreaterThan(0);
    for (const path of requested) {
      const width = variantWidth(path);
      expect(width, path).not.toBeNull();
      expect(width!, path).toBeLessThanOrEqual(widest);
    }
    // Each card's photo is boxed to its aspect ratio before it loads, and what it shows is a variant. (A seeded
    // card: other browser tests of the same stack publish experiences of their own, newer ones.)
    for (const card of await cards.all()) {
      expect(Number(await card.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(await card.getAttribute('height'))).toBeGreaterThan(0);
    }
    const seeded = page
      .getByRole('list', { name: 'Experiences' })
      .getByRole('listitem')
      .filter({ hasText: GALLERY_EXPERIENCE.title })
      .locator('img');
    expect(await seeded.getAttribute('width')).toBe('2048');
    expect(await seeded.getAttribute('height')).toBe('1536');
    const shown = await seeded.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    expect(variantWidth(shown)).toBeLessThanOrEqual(widest);
    await context.close();
  });

  it('the detail page opens every photo from "Show all photos" and shows the video', async () => {
    const page = await session.newPage();
    const requested = imageRequests(page);
    await page.goto(`/experience/${GALLERY_EXPERIENCE.id}`);
    const showAll = page.getByRole('button', { name: /^Show all photos/ });
    await showAll.waitFor();
    // The main photo is preloaded and shown in the same variant: requested once.
    await page.waitForLoadState('networkidle');
    const mainPhotos = requested.filter((p) => variantWidth(p) !== null && p.endsWith('/1280.webp'));
    expect(new Set(mainPhotos).size).toBe(mainPhotos.length);
    await screenshot(page, 'detail-gallery-desktop');

    await showAll.click();
    const grid = page.getByRole('dialog', { name: 'All photos' });
    await grid.getByText(`${GALLERY_EXPERIENCE.imageCount} photos of`).waitFor();
    await grid.getByRole('button', { name: `Open ${GALLERY_EXPERIENCE.title}, photo 7` }).click();
    const lightbox = page.getByRole('dialog');
    await lightbox.getByText(`7 / ${GALLERY_EXPERIENCE.imageCount}`).waitFor();
    const photo = lightbox.getByRole('img', { name: /photo 7 of/ });
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // Across the screen at 1280 px: the detail or full variant, as the screen's width asks.
    const shown = await photo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    expect(variantWidth(shown)).toBeGreaterThanOrEqual(1280);
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });

    const src = await page.locator(`iframe[title="Video: ${GALLERY_EXPERIENCE.title}"]`).getAttribute('src');
    expect(src).toContain(`/embed/${new URL(GALLERY_EXPERIENCE.movie!).searchParams.get('v')}`);
    await page.close();
  });

  it('the phone gallery ends its grid with the SHOW ALL PHOTOS tile', async () => {
    const context = await session.browser.newContext({
      baseURL: session.baseUrl,
      viewport: { width: 375, height: 740 },
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await page.goto(`/experience/${GALLERY_EXPERIENCE.id}`);
    const tile = page.getByRole('button', { name: /^Show all photos/ });
    await tile.waitFor();
    expect(await tile.evaluate((el) => (el as HTMLElement).innerText.trim())).toBe('SHOW ALL PHOTOS');
    // Side tiles fill half the phone's width: at 2× they need the 480 px variant at most.
    const side = page
      .getByRole('button', { name: `Open ${GALLERY_EXPERIENCE.title}, photo 2` })
      .locator('img');
    await expect
      .poll(() => side.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/\/(320|480)\.webp$/);
    await screenshot(page, 'detail-gallery-phone');
    await tile.click();
    await page.getByRole('dialog', { name: 'All photos' }).waitFor();
    await context.close();
  });
});
