/**
 * The SPA's frame in a real Chromium against the local stack: header and footer, the not-found page, and the
 * full-page error when the backend configuration is missing (guest spec §1, §2).
 */
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type BrowserSession } from './support/browser';

let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser();
});

afterAll(async () => {
  await session?.close();
});

/** Uncaught exceptions in the page fail the test that caused them. */
function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  return errors;
}

describe('app shell', () => {
  it('renders the header, the footer and data from the API on the home page', async () => {
    const page = await session.newPage();
    const errors = collectPageErrors(page);
    await page.goto('/');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Ehime Experiences' }).getAttribute('href')).resolves.toBe(
      '/',
    );
    await expect(nav.getByRole('link', { name: 'About us' }).getAttribute('href')).resolves.toBe('/about');
    await expect(nav.getByRole('link', { name: 'Search experiences' }).getAttribute('href')).resolves.toBe(
      '/experiences',
    );
    await expect(nav.getByRole('link', { name: 'Manage Booking' }).getAttribute('href')).resolves.toBe(
      '/booking-confirmation',
    );
    // Contact is the site's own concierge desk (issue 31), no longer the deployment's mail link.
    const contact = nav.getByRole('link', { name: 'Contact us' });
    await expect(contact.getAttribute('href')).resolves.toBe('/contact');
    await expect(contact.getAttribute('target')).resolves.toBeNull();

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Dive Into Japanese Traditions',
    );
    // The Topics carousel fills from `GET /api/experiences` through the local API Gateway.
    await page.getByRole('list', { name: 'Newest experiences' }).getByRole('link').first().waitFor();
    await expect(
      page.getByRole('list', { name: 'Newest experiences' }).getByRole('listitem').count(),
    ).resolves.toBe(5);

    const footer = page.locator('footer');
    for (const [name, href] of [
      ['About us', '/about'],
      ['FAQ', '/faq'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms-of-service'],
      ['Commercial Notice', '/commercial-notice'],
    ]) {
      await expect(footer.getByRole('link', { name }).getAttribute('href')).resolves.toBe(href);
    }
    // This year in Tokyo (issue 32 item 9).
    const year = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(
      new Date(),
    );
    await expect(footer.textContent()).resolves.toContain(
      `© ${year} Ehime Experiences. All rights reserved.`,
    );

    await screenshot(page, 'app-shell-home');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the not-found page for an unknown path and returns home from it', async () => {
    const page = await session.newPage();
    const response = await page.goto('/no-such-page/at-all');
    // An unknown path is a real 404 (issue 32 item 9), with the site's not-found page.
    expect(response?.status()).toBe(404);

    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expect(
      page.getByText('Sorry, the page you are looking for does not exist or has been moved.').isVisible(),
    ).resolves.toBe(true);
    await screenshot(page, 'app-shell-not-found');

    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${session.baseUrl}/`);
    await page.getByRole('heading', { name: 'Dive Into Japanese Traditions' }).waitFor();
    await page.close();
  });

  it.each([
    ['missing', { status: 404, body: 'Not Found', contentType: 'text/plain' }],
    [
      'without the backend settings',
      {
        status: 200,
        body: JSON.stringify({ stage: 'local', apiBaseUrl: '/api', siteName: 'Ehime Experiences' }),
        contentType: 'application/json',
      },
    ],
  ])('shows the Japanese configuration error when /config.json is %s', async (label, answer) => {
    const page = await session.newPage();
    await page.route('**/config.json', (route) => route.fulfill(answer));
    await page.goto('/');

    await page.getByRole('heading', { name: 'バックエンドの環境変数が設定されていません。' }).waitFor();
    await expect(page.getByText('The backend environment variables are not set').isVisible()).resolves.toBe(
      true,
    );
    // The app itself does not start: no header, no routes.
    await expect(page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0);
    await screenshot(page, `app-shell-config-error-${label.replace(/\s+/g, '-')}`);
    await page.close();
  });

  it('collapses the header entries into a menu on a phone', async () => {
    const phone = await session.browser.newContext({
      baseURL: session.baseUrl,
      viewport: { width: 375, height: 740 },
    });
    const page = await phone.newPage();
    await page.goto('/experiences');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Ehime Experiences' }).waitFor();
    await expect(page.getByRole('link', { name: 'Manage Booking' }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Manage Booking' }).waitFor();
    // The header turns black while the menu is open (after its colour transition).
    await expect
      .poll(() => page.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(0, 0, 0)');
    await screenshot(page, 'app-shell-mobile-menu');

    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.locator('#mobile-menu').count()).resolves.toBe(0);
    await phone.close();
  });
});
