/**
 * Cancelling an approved booking from the back office, in a real Chromium against the shared local stack (issue 15
 * items 3 and 4): the demo host cancels for the weather from the booking dialog (a reason is required; the whole
 * charge goes back and the guest's mail says why), and the demo admin cancels with a partial refund (the dialog
 * proposes what the booking's rule returns, the admin changes it; the booking shows 管理者 and the refund). Each
 * test makes its own request over HTTP on a seeded experience of the demo host picked by title, and approves it in
 * the browser.
 */
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { SEED_EXPERIENCES } from '../../scripts/seed/experiences';
import { signInAsAdmin } from './support/admin-flow';
import { openBrowser, screenshot, type BrowserSession } from './support/browser';
import { postJson, uniqueEmail } from './support/guest-flow';
import { openSignedIn, waitForMail } from './support/host-flow';

let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser();
});
afterAll(async () => {
  await session?.close();
});

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;
const toastSays = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).waitFor();

interface Request {
  id: string;
  reference: string;
  email: string;
  amount: number;
}

/**
 * A guest's request (`pending`) on the seeded experience titled `title`, on its last bookable day (months ahead, so
 * the default rule, 7 days / 100 %, still returns everything), paid with the local test card.
 */
async function requestOn(title: string, label: string): Promise<Request> {
  const base = session.baseUrl;
  const seeded = SEED_EXPERIENCES.find((e) => e.title === title);
  if (!seeded) throw new Error(`No seeded experience "${title}"`);
  const availability = (await (
    await fetch(`${base}/api/experiences/${seeded.id}/availability?from=2000-01-01&to=2100-12-31`)
  ).json()) as { dates: Record<string, string[]> };
  const [date, times] = Object.entries(availability.dates).at(-1)!;
  const email = uniqueEmail(label);
  const created = await postJson<{
    bookingId: string;
    reference: string;
    amount: number;
    payment: { clientSecret: string };
  }>(base, '/api/bookings', {
    experienceId: seeded.id,
    date,
    time: times.at(-1),
    guests: seeded.participantsMin,
    language: 'en',
    guest: {
      firstName: 'Grace',
      lastName: 'Cancelled',
      email,
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
  return {
    id: created.body.bookingId,
    reference: created.body.reference,
    email,
    amount: created.body.amount,
  };
}

const mailText = (mail: { body: { text?: string; html?: string } }) =>
  `${mail.body.text ?? ''} ${(mail.body.html ?? '').replace(/<[^>]+>/g, ' ')}`;

describe('back-office cancellation of an approved booking', () => {
  it('the host cancels for the weather from the booking dialog: a reason is required, the guest gets everything back', async () => {
    const booking = await requestOn('Imabari Towel Factory Visit and Weaving Workshop', 'weather');
    const demo = inject('demoHost');
    const page = await session.newPage();
    await openSignedIn(page, `${session.baseUrl}/host/bookings`, demo.email, demo.password);
    // The list opens a booking's dialog from the address.
    await page.goto(`/host/bookings?booking=${booking.id}`);
    const details = page.getByRole('dialog', { name: /予約詳細/ });
    await details.getByText(`予約番号 ${booking.reference}`).waitFor();

    await details.getByRole('button', { name: '承認する' }).click();
    await toastSays(page, '予約を承認しました');
    await details.getByRole('button', { name: 'キャンセルする' }).click();

    const cancel = page.getByRole('dialog', { name: '予約をキャンセル' });
    await expect(cancel.textContent()).resolves.toContain(
      `ホストによるキャンセルは全額返金です。${yen(booking.amount)} をお客様に返金し`,
    );
    // No refund amount to choose: the host always refunds everything.
    await expect(cancel.getByLabel('返金額（円）').count()).resolves.toBe(0);
    await cancel.getByRole('button', { name: 'キャンセルを確定' }).click();
    await cancel.getByText('キャンセル理由を入力してください').waitFor();

    const reason = 'Typhoon warning: the boats cannot sail on the day, so the tour cannot run.';
    await cancel.getByRole('textbox', { name: 'キャンセル理由' }).fill(reason);
    await screenshot(page, 'host-cancel-weather-desktop');
    await cancel.getByRole('button', { name: 'キャンセルを確定' }).click();
    // The host area writes amounts as ¥15,000.
    await toastSays(page, `予約をキャンセルしました（返金 ¥${booking.amount.toLocaleString('ja-JP')}）`);
    await cancel.waitFor({ state: 'detached' });

    // The booking dialog now says who cancelled, why, and what went back.
    await expect.poll(() => details.textContent()).toContain('キャンセル者ホスト');
    await expect(details.textContent()).resolves.toContain(reason);
    await expect(details.textContent()).resolves.toMatch(new RegExp(`返金${yen(booking.amount)}（返金`));
    await expect(details.getByRole('button', { name: 'キャンセルする' }).count()).resolves.toBe(0);

    const mail = await waitForMail(booking.email, 'Your booking has been cancelled');
    const text = mailText(mail);
    expect(text).toContain(booking.reference);
    expect(text).toContain('cancelled by the host');
    expect(text).toContain(reason);
    expect(text).toContain(`¥${booking.amount.toLocaleString('en-US')} will be refunded to your card`);
    await page.close();
  });

  it('an admin cancels with a partial refund: the policy amount is proposed, the admin changes it', async () => {
    const booking = await requestOn('Murakami Pirates and the Whirlpools of Noshima', 'partial');
    const page = await session.newPage();
    await page.goto(`/admin/booking/${booking.id}`);
    await page.getByRole('heading', { name: '管理者サインイン' }).waitFor();
    await signInAsAdmin(page);
    await page.waitForURL(`**/admin/booking/${booking.id}`);
    await page.getByText(`予約番号 ${booking.reference}`).first().waitFor();

    await page.getByRole('button', { name: 'ホストに代わって承認' }).click();
    await page
      .getByRole('dialog', { name: 'ホストに代わって承認しますか？' })
      .getByRole('button', { name: '承認する' })
      .click();
    await toastSays(page, '予約を承認しました');
    await page.getByRole('button', { name: 'キャンセルする' }).click();

    const cancel = page.getByRole('dialog', { name: '予約をキャンセル' });
    // Months before the tour, the booking's rule (7 days, 100 %) returns everything: that is what is proposed.
    await expect(cancel.textContent()).resolves.toContain(
      `請求額 ${yen(booking.amount)}。キャンセルポリシーによる返金額は ${yen(booking.amount)} です。`,
    );
    const refund = cancel.getByRole('spinbutton', { name: '返金額（円）' });
    await expect(refund.inputValue()).resolves.toBe(String(booking.amount));

    const reason = 'Goodwill settlement after the guest’s complaint about the meeting point.';
    await cancel.getByRole('textbox', { name: 'キャンセル理由' }).fill(reason);
    // More than was charged: refused by the API, said beside the amount, nothing changed.
    await refund.fill(String(booking.amount + 1));
    await cancel.getByRole('button', { name: 'キャンセルを確定' }).click();
    await cancel.getByText('返金額は請求額を超えられません。').first().waitFor();

    const partial = Math.floor(booking.amount / 2);
    await refund.fill(String(partial));
    await screenshot(page, 'admin-cancel-partial-desktop');
    await cancel.getByRole('button', { name: 'キャンセルを確定' }).click();
    await toastSays(page, `予約をキャンセルしました（返金 ${partial.toLocaleString('ja-JP')}円）`);
    await cancel.waitFor({ state: 'detached' });

    await expect.poll(() => page.locator('main').textContent()).toContain('キャンセル者管理者');
    const shown = (await page.locator('main').textContent())!;
    expect(shown).toContain(reason);
    expect(shown).toMatch(new RegExp(`返金${yen(partial)}（返金`));
    await expect(page.getByRole('button', { name: 'キャンセルする' }).count()).resolves.toBe(0);
    await screenshot(page, 'admin-cancelled-booking-desktop');

    const mail = await waitForMail(booking.email, 'Your booking has been cancelled');
    const text = mailText(mail);
    expect(text).toContain('cancelled by our support team');
    expect(text).toContain(`¥${partial.toLocaleString('en-US')} will be refunded to your card`);
    await page.close();
  });
});
