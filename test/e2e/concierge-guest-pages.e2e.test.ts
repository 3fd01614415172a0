/**
 * Issue 31, the concierge desk's guest pages in a real Chromium against the local stack: each opens on a direct load
 * in its language (the SPA shell answers, never the not-found page), the home hero leads to the contact page, and
 * the personal links are noindex. The whole path (ask, answer, pay an offer) is the integrator's test, once the
 * routes of the other branches are merged.
 */
import type { Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from './support/browser';

let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser();
});

afterAll(async () => {
  await session?.close();
});

function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  return errors;
}

describe('concierge desk: guest pages', () => {
  it('the Korean contact page opens on a direct load, with the site language preselected', async () => {
    const page = await session.newPage();
    const errors = collectPageErrors(page);
    const response = await page.goto('/ko/contact');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: '컨시어지에게 문의하기' }).waitFor();
    await expect(page.getByRole('combobox', { name: '답변받을 언어' }).inputValue()).resolves.toBe('ko');
    await expect(page.getByRole('button', { name: '문의 보내기' }).isEnabled()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the home hero’s contact-form button opens the contact page on the site', async () => {
    const page = await session.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Consult with a concierge via contact form' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ask our concierge' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/contact');
    await page.close();
  });

  it('an unknown conversation or offer link opens as the page, says it is not valid, and is noindex', async () => {
    const page = await session.newPage();
    for (const [path, heading] of [
      ['/ko/inquiry/no-such-token', '유효하지 않은 링크입니다'],
      ['/offer/no-such-token', 'This link is not valid'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe(
        'noindex, nofollow',
      );
    }
    await page.close();
  });
});
