/**
 * Paying hosts in a real Chromium (issue 27): a new host opens 売上・振込, onboards on the local stand-in for Stripe's
 * page (bank and branch named as the codes are typed, mistakes said in Japanese), sees the earnings of an approved
 * booking with its fee, and the payout once the job has run; an admin holds the host's payouts with a reason
 * (the host is told) and releases them; the screens at 1280 and 375 px.
 *
 * The browser tests share one stack whose clock only moves forward (moving it days ahead would lapse the seeded
 * requests other files use), so the booking's earnings are made due by writing their payable time into the past,
 * as the reviews test writes a completed tour: everything else goes through the API and the screens.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { signInAsAdmin } from './support/admin-flow';
import { openBrowser, screenshot, type BrowserSession } from './support/browser';
import { postJson, uniqueEmail } from './support/guest-flow';
import { horizontalOverflow, onSiteOrigin, openSignedIn } from './support/host-flow';
import {
  adminMadeHost,
  approvedBooking as approvedBookingOf,
  makePayable,
  moneyRepositories,
} from './support/money-flow';

const repos = moneyRepositories();

let session: BrowserSession;
let mobile: BrowserSession;
const host = {
  email: uniqueEmail('earnings-host'),
  password: 'Shimanami#2027',
  businessName: `Shimanami Cycling ${randomUUID().slice(0, 4)}`,
  id: '',
};

beforeAll(async () => {
  session = await openBrowser();
  mobile = await openBrowser({ viewport: { width: 375, height: 812 } });
  await adminMadeHost(session.baseUrl, host);
});

afterAll(async () => {
  await session?.close();
  await mobile?.close();
  repos.close();
});

/** A booking of the host's experience, paid with the test card and approved by the host: a captured charge. */
const approvedBooking = () =>
  approvedBookingOf(session.baseUrl, repos, host, {
    title: 'Island-hopping ride',
    price: 12_345,
    guest: {
      firstName: 'Olivia',
      lastName: 'Brown',
      email: uniqueEmail('earnings-guest'),
      phone: '+44 20 7946 0000',
      nationality: 'United Kingdom',
    },
  });

const statusChip = (page: Page) => page.getByTestId('payout-account-status');

describe('売上・振込, in the browser', () => {
  it('onboards the host on the payout page, with the bank named and mistakes said in Japanese', async () => {
    const page = await session.newPage();
    // On the site's own origin: the onboarding page returns there (as Stripe's returns to the site's address).
    await openSignedIn(page, onSiteOrigin(session.baseUrl, '/host/earnings'), host.email, host.password);
    await expect.poll(() => statusChip(page).textContent()).toBe('未登録');
    await page.getByText('売上を受け取るには振込先の登録が必要です').waitFor();
    await screenshot(page, 'host-earnings-none-desktop');

    // Keyboard: Tab reaches the button, Enter opens the onboarding page.
    const start = page.getByRole('button', { name: '振込先を登録する' });
    await start.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/api\/local-payments\/onboarding\/acct_local_/);
    await page.getByRole('heading', { name: '売上の振込先の登録' }).waitFor();
    await page.getByLabel('金融機関コード（4桁）').fill('0001');
    await expect.poll(() => page.locator('#bankCode-name').textContent()).toBe('みずほ');
    await page.getByLabel('支店コード（3桁）').fill('001');
    await expect.poll(() => page.locator('#branchCode-name').textContent()).toBe('東京営業部');
    await page.getByLabel('口座番号（7桁）').fill('123');
    await page.getByLabel('口座名義（カタカナ）').fill('Yamada Taro');
    await page.getByRole('button', { name: '登録する' }).click();
    await expect
      .poll(() => page.locator('#accountNumber-error').textContent())
      .toBe('口座番号は7桁の数字で入力してください（7桁未満は先頭に0を付けてください）。');
    await expect
      .poll(() => page.locator('#accountHolderName-error').textContent())
      .toBe('口座名義はカタカナ（全角）で入力してください。');
    await screenshot(page, 'local-onboarding-errors-desktop');
    await page.getByLabel('口座番号（7桁）').fill('0123456');
    await page.getByLabel('口座名義（カタカナ）').fill('シマナミ サイクリング');
    await page.getByRole('button', { name: '登録する' }).click();

    await page.waitForURL('**/host/earnings?onboarding=done');
    await expect.poll(() => statusChip(page).textContent()).toBe('有効');
    await page.getByText('振込先の登録が完了しました').waitFor();
    await page.getByText('口座番号 末尾 3456').waitFor();
    await page.close();
  });

  it('shows the earnings of an approved booking with its fee, then the payout the job made', async () => {
    const booking = await approvedBooking();
    const page = await session.newPage();
    await openSignedIn(page, `${session.baseUrl}/host/earnings`, host.email, host.password);
    const row = page.getByTestId('earnings-row').filter({ hasText: booking.reference });
    // 2 × 12,345 = 24,690; 15 % fee rounded down = 3,703; the host keeps 20,987.
    await expect.poll(() => row.textContent()).toContain('¥24,690');
    await expect(row.textContent()).resolves.toContain('¥3,703');
    await expect(row.textContent()).resolves.toContain('¥20,987');
    await expect(row.textContent()).resolves.toContain('確定待ち');
    await expect.poll(() => page.getByTestId('earnings-total-upcoming').textContent()).toBe('¥20,987');
    await page.getByText('まだ振込はありません').waitFor();

    // The tour has been over for 48 hours (see the file's note), and the daily job runs.
    await makePayable(repos, booking.bookingId);
    const job = await postJson<{ payouts: number }>(session.baseUrl, '/api/local-jobs/pay-hosts', {});
    expect(job.status).toBe(200);

    await page.reload();
    const payout = page.getByTestId('payout-row').first();
    await expect.poll(() => payout.textContent()).toContain('振込完了');
    await expect(payout.textContent()).resolves.toContain('¥20,987');
    await expect.poll(() => row.textContent()).toContain('振込済');
    await expect.poll(() => page.getByTestId('earnings-total-paid').textContent()).toBe('¥20,987');
    await expect(page.getByTestId('earnings-total-balance').textContent()).resolves.toBe('¥0');
    await screenshot(page, 'host-earnings-paid-desktop');

    const small = await mobile.newPage();
    await openSignedIn(small, `${mobile.baseUrl}/host/earnings`, host.email, host.password);
    await expect.poll(() => small.getByTestId('earnings-total-paid').textContent()).toBe('¥20,987');
    expect(await horizontalOverflow(small)).toBe(0);
    await screenshot(small, 'host-earnings-paid-mobile');
    await small.close();
    await page.close();
  });

  it("lets an admin hold the host's payouts with a reason, which the host reads, and release them", async () => {
    const admin = await session.browser.newContext({ baseURL: session.baseUrl, locale: 'ja-JP' });
    const page = await admin.newPage();
    await page.goto(`/admin/hosts/${encodeURIComponent(host.id)}`);
    await signInAsAdmin(page);
    await page.getByRole('heading', { name: host.businessName, level: 1 }).waitFor();
    const section = page.getByRole('region', { name: '売上・支払' });
    await section.getByText('決済アカウント: 有効').waitFor();
    await section.getByRole('button', { name: '支払いを保留する' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '保留する' }).click();
    await dialog.getByText('保留の理由を入力してください').waitFor();
    await dialog.getByLabel('保留の理由').fill('口座名義の確認中');
    await dialog.getByRole('button', { name: '保留する' }).click();
    await section.getByText(/支払いを保留中.*口座名義の確認中/).waitFor();
    await screenshot(page, 'admin-host-payout-hold-desktop');

    await page.goto('/admin/payouts');
    await page.getByRole('heading', { name: '支払', level: 1 }).waitFor();
    const holds = page.getByRole('region', { name: '支払いを保留中のホスト' });
    await holds.getByText(host.businessName).waitFor();
    await holds.getByText('理由: 口座名義の確認中').waitFor();
    await expect.poll(() => page.getByTestId('ledger-collected').textContent()).toMatch(/^¥[\d,]+$/);
    await screenshot(page, 'admin-payouts-desktop');

    const hostPage = await session.newPage();
    await openSignedIn(hostPage, `${session.baseUrl}/host/earnings`, host.email, host.password);
    await hostPage.getByText('振込を一時停止しています').waitFor();
    await hostPage.getByText(/理由: 口座名義の確認中/).waitFor();

    await page.goto(`/admin/hosts/${encodeURIComponent(host.id)}`);
    await section.getByRole('button', { name: '保留を解除' }).click();
    await section.getByRole('button', { name: '支払いを保留する' }).waitFor();
    await hostPage.reload();
    await hostPage.getByRole('heading', { name: '売上・振込', level: 1 }).waitFor();
    await expect.poll(() => hostPage.getByText('振込を一時停止しています').count()).toBe(0);
    await hostPage.close();
    await admin.close();
  });
});
