/**
 * The host's experience form in a real Chromium against the shared local stack (issue 21 items 1, 3, 5, 6): the demo
 * host creates an experience of its own (never "the newest") with several photos chosen at once, is asked before
 * leaving the half-filled form, adds a refund tier (the preview says it in words, and so does the guest's detail
 * page), publishes it; a guest books it; the host then moves the hours past the booking and
 * is asked first, and the booking stays in the calendar.
 */
import type { Page } from 'playwright-core';
import { DEMO_HOST } from '../../scripts/seed/hosts';
import { openBrowser, screenshot, type BrowserSession } from './support/browser';
import { postJson, uniqueEmail } from './support/guest-flow';
import { onSiteOrigin, openSignedIn, photoFile, uploadMainPhotos } from './support/host-flow';

let session: BrowserSession;
const title = `Uchiko lantern walk ${Date.now()}`;
let experienceId = '';

beforeAll(async () => {
  session = await openBrowser();
});

afterAll(async () => {
  await session?.close();
});

const textbox = (page: Page, name: RegExp) => page.getByRole('textbox', { name });
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: '保存されていない変更があります' });

/** A page of the demo host on the site's own origin (where photos can be uploaded). */
async function signedInPage(path: string): Promise<Page> {
  const page = await session.newPage();
  await openSignedIn(page, onSiteOrigin(session.baseUrl, path), DEMO_HOST.email, DEMO_HOST.password);
  return page;
}

/** Every tile's image has loaded real pixels (a raw upload key as `src` loads nothing). */
async function tilesShowPhotos(page: Page, count: number) {
  const images = page.getByRole('list', { name: 'メイン画像' }).getByRole('listitem').locator('img');
  await expect.poll(() => images.count()).toBe(count);
  await expect
    .poll(() =>
      images.evaluateAll((all) =>
        all.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
      ),
    )
    .toEqual(Array.from({ length: count }, () => true));
  return images.evaluateAll((all) => all.map((img) => img.getAttribute('src') ?? ''));
}

describe('the experience form', () => {
  it('uploads several photos at once, every tile shows its photo, and leaving the filled form asks first', async () => {
    // From the list, so that the browser's Back stays within the app.
    const page = await signedInPage('/host/experiences');
    await page.getByRole('link', { name: '新しい体験を作成' }).first().click();
    await page.getByRole('heading', { name: '新しい体験を作成' }).waitFor();
    await textbox(page, /^タイトル/).fill(title);
    await textbox(page, /^郵便番号/).fill('791-3301');
    await expect.poll(() => textbox(page, /^市区町村/).inputValue()).not.toBe('');
    await textbox(page, /^番地/).fill('2020');
    await textbox(page, /^大人料金/).fill('５，５００');

    await uploadMainPhotos(page, [
      await photoFile('lantern-1.jpg', 1600, 1200, 10),
      await photoFile('lantern-2.jpg', 1200, 1600, 60),
      await photoFile('lantern-3.jpg', 1400, 1050, 110),
    ]);
    const sources = await tilesShowPhotos(page, 3);
    expect(sources.every((src) => src.startsWith('blob:'))).toBe(true);

    // The sidebar, then the browser's Back: asked each time; staying keeps what was typed.
    await page.getByRole('link', { name: 'ダッシュボード' }).first().click();
    await leaveDialog(page).waitFor();
    await screenshot(page, 'host-experience-leave-dialog-desktop');
    await leaveDialog(page).getByRole('button', { name: '編集を続ける' }).click();
    expect(new URL(page.url()).pathname).toBe('/host/experience/create');
    await page.goBack();
    await leaveDialog(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/host/experience/create');
    await leaveDialog(page).getByRole('button', { name: '編集を続ける' }).click();
    await expect(textbox(page, /^タイトル/).inputValue()).resolves.toBe(title);

    // The refund rule starts from the host's policy; a second tier shows in the preview, in the guests' words.
    const preview = page.getByTestId('refund-rule-preview');
    await expect(preview.textContent()).resolves.toContain('7日前まで全額返金、それ以降は返金なし');
    await page.getByRole('button', { name: '段階を追加' }).click();
    const second = page.getByRole('group', { name: '返金の段階 2' });
    await second.getByRole('textbox', { name: '開始の何日前まで' }).fill('2');
    await second.getByRole('textbox', { name: '返金率' }).fill('５０');
    await expect
      .poll(() => preview.textContent())
      .toContain('7日前まで全額返金、2日前まで50%返金、それ以降は返金なし');
    await page
      .locator('#extra')
      .screenshot({ path: 'test-results/screenshots/host-refund-rule-desktop.png' });

    await page.getByRole('radio', { name: /^公開/ }).check();
    await page.getByRole('button', { name: '体験を作成' }).click();
    await page.waitForURL('**/host/experiences');
    const row = page.getByTestId('experience-row').filter({ hasText: title });
    await expect(row.textContent()).resolves.toContain('¥5,500');
    await row.click();
    await page.waitForURL(/\/host\/experience\//);
    experienceId = new URL(page.url()).pathname.split('/').pop()!;
    // The published photos, each loaded.
    const published = await tilesShowPhotos(page, 3);
    expect(published.every((src) => src.startsWith('/images/p/'))).toBe(true);
    // Guests read the same rule on the detail page.
    await page.goto(`/experience/${experienceId}`);
    await page
      .getByText(
        'Full refund up to 7 days before the start; 50% refund up to 2 days before the start; no refund after that.',
      )
      .waitFor();
    await page.close();
  });

  it('asks before new hours leave a booking outside them, and the booking stays in the calendar', async () => {
    expect(experienceId).not.toBe('');
    const base = session.baseUrl;
    const availability = (await (
      await fetch(`${base}/api/experiences/${experienceId}/availability?from=2000-01-01&to=2100-12-31`)
    ).json()) as { dates: Record<string, string[]> };
    const [date, times] = Object.entries(availability.dates).find(([, t]) => t.includes('08:00'))!;
    expect(times).toContain('08:00');
    const created = await postJson<{
      bookingId: string;
      reference: string;
      payment: { clientSecret: string };
    }>(base, '/api/bookings', {
      experienceId,
      date,
      time: '08:00',
      guests: 1,
      language: 'en',
      guest: {
        firstName: 'Early',
        lastName: 'Riser',
        email: uniqueEmail('early'),
        phone: '+44 20 7946 0000',
        nationality: 'United Kingdom',
        specialRequests: null,
      },
    });
    expect(created.status).toBe(201);
    const paid = await postJson(base, '/api/local-payments/confirm', {
      clientSecret: created.body.payment.clientSecret,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' },
    });
    expect(paid.status).toBe(200);
    const confirmed = await postJson<{ status: string }>(
      base,
      `/api/bookings/${created.body.bookingId}/payment-confirmed`,
      {},
    );
    expect(confirmed.body.status).toBe('pending');

    const page = await signedInPage(`/host/experience/${experienceId}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('combobox', { name: '開始時刻' }).click();
    await page.getByRole('option', { name: '10:00' }).click();
    await page.getByRole('button', { name: '保存する' }).click();
    const dialog = page.getByRole('dialog', { name: '営業時間外になる予約があります' });
    await dialog.getByText(`予約番号 ${created.body.reference}`, { exact: false }).waitFor();
    await screenshot(page, 'host-rule-change-dialog-desktop');
    await dialog.getByRole('button', { name: '予約を残して保存する' }).click();
    await page.getByText('体験の内容を更新しました。').waitFor();

    // The booked 08:00 stays in the day's slots, marked 営業時間外.
    const month = date.slice(0, 7);
    const shown = () =>
      page.getByRole('grid', { name: `${Number(month.slice(0, 4))}年${Number(month.slice(5))}月の予約枠` });
    while (!(await shown().isVisible())) await page.getByRole('button', { name: '次の月' }).click();
    await shown()
      .getByRole('gridcell', { name: new RegExp(`^${date.replaceAll('-', '/')}.*予約 1`) })
      .click();
    const slot = page.getByRole('listitem', { name: '08:00 の枠' });
    await expect(slot.textContent()).resolves.toContain('営業時間外');
    await expect(slot.textContent()).resolves.toContain('予約 1');
    await screenshot(page, 'host-outside-rule-slot-desktop');
    await page.close();
  });
});
