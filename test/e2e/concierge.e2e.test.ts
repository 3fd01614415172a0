/**
 * Issue 31, the concierge desk end to end in a real Chromium against the shared local stack (the "done
 * when"): a guest asks in Korean from an experience's concierge block, the concierge (admin, TOTP) answers in
 * 問い合わせ, the guest answers on the private conversation page, the concierge makes an offer from the inquiry, the
 * guest pays it with the test card on the Korean offer page, and the demo host sees the booking marked
 * 「コンシェルジュ経由」. Then the concierge withdraws a second offer and its page says so without a payment form.
 *
 * The experience is a seeded one of the demo host picked by title (never "the newest"), and the offer takes a
 * start from the middle of its free dates: the other files take first or last free slots. Guests are this file's
 * own (unique e-mails and names).
 */
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { SEED_EXPERIENCES } from '../../scripts/seed/experiences';
import { asAdmin, signInAsAdmin } from './support/admin-flow';
import { openBrowser, type BrowserSession } from './support/browser';
import { TEST_CARDS, uniqueEmail } from './support/guest-flow';
import { hydrated } from './support/hydration';
import { openSignedIn, waitForMail, type OutboxMail } from './support/host-flow';

const TITLE = 'Matsuyama Castle Samurai History Tour';
const experience = SEED_EXPERIENCES.find((e) => e.title === TITLE)!;
const OFFER_TOTAL = 31_000;

let guest: BrowserSession;
let host: BrowserSession;

beforeAll(async () => {
  guest = await openBrowser();
  host = await openBrowser();
});

afterAll(async () => {
  await guest?.close();
  await host?.close();
});

/** The path of the first link to `pattern` in a mail's text or HTML (the mail names the site's origin). */
function linkIn(mail: OutboxMail, pattern: RegExp): string {
  const text = `${mail.body.text ?? ''} ${mail.body.html ?? ''}`;
  const found = pattern.exec(text);
  if (!found) throw new Error(`No link ${pattern} in "${mail.subject}"`);
  return found[0];
}

function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  return errors;
}

describe('concierge desk: ask, answer, offer, pay', () => {
  it('a Korean guest asks, the concierge answers and makes an offer, the guest pays it, the host sees it', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const name = `Kim Minji ${suffix}`;
    const email = uniqueEmail('concierge-ko');
    const started = Date.now();

    // 1. The guest arrives from the experience's concierge block on the Korean detail page and asks.
    const guestPage = await guest.newPage();
    const guestErrors = collectPageErrors(guestPage);
    await guestPage.goto(`/ko/experience/${experience.id}`);
    await hydrated(guestPage);
    await guestPage.getByRole('link', { name: '문의 양식으로 상담하기' }).click();
    await guestPage.waitForURL(`**/ko/contact?experience=${experience.id}`);
    await guestPage.getByRole('heading', { level: 1, name: '컨시어지에게 문의하기' }).waitFor();
    const experienceSelect = guestPage.getByRole('combobox', { name: /^체험/ });
    await expect.poll(() => experienceSelect.inputValue()).toBe(experience.id);
    await expect(guestPage.getByRole('combobox', { name: '답변받을 언어' }).inputValue()).resolves.toBe('ko');
    await guestPage.getByRole('textbox', { name: /^이름/ }).fill(name);
    await guestPage.getByRole('textbox', { name: /^이메일/ }).fill(email);
    await guestPage.getByRole('spinbutton', { name: /^인원/ }).fill('2');
    await guestPage.getByRole('textbox', { name: /^문의 내용/ }).fill('아이와 함께 성에 갈 수 있나요?');
    await guestPage.getByRole('button', { name: '문의 보내기' }).click();
    await guestPage.getByRole('heading', { name: '문의가 컨시어지에게 전달되었습니다' }).waitFor();

    const received = await waitForMail(email, '문의가 접수되었습니다', started);
    const conversationPath = linkIn(received, /\/ko\/inquiry\/[A-Za-z0-9_-]{43}/);

    // 2. The concierge finds it in 問い合わせ (新規), opens it and replies.
    const admin = await guest.newPage();
    const adminErrors = collectPageErrors(admin);
    await admin.goto('/admin');
    await signInAsAdmin(admin);
    await admin.waitForURL('**/admin/dashboard');
    await admin
      .getByRole('link', { name: /^問い合わせ/ })
      .first()
      .click();
    await admin.waitForURL('**/admin/inquiries');
    const row = admin
      .getByRole('table', { name: '問い合わせ一覧' })
      .getByRole('row')
      .filter({ hasText: name });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('新規');
    await row.getByRole('link', { name }).click();
    await admin.getByRole('heading', { name: `${name} 様からの問い合わせ` }).waitFor();
    await expect(admin.getByRole('region', { name: 'お客様' }).textContent()).resolves.toContain(TITLE);
    const conversation = admin.getByRole('region', { name: 'やり取り' });
    await conversation.getByText('아이와 함께 성에 갈 수 있나요?').waitFor();
    await admin.getByRole('textbox', { name: '返信内容' }).fill('はい、お子さまもご参加いただけます。');
    await admin.getByRole('button', { name: '返信を送信' }).click();
    await conversation.getByText('はい、お子さまもご参加いただけます。').waitFor();
    const guestDetails = admin.getByRole('region', { name: 'お客様' });
    await guestDetails.getByText('回答済み', { exact: true }).waitFor();
    await waitForMail(email, '컨시어지가 답변했습니다', started);

    // The guest opens the conversation link, reads the reply and answers in Korean.
    await guestPage.goto(conversationPath);
    const messages = guestPage.getByRole('region', { name: '메시지' });
    await messages.getByText('はい、お子さまもご参加いただけます。').waitFor();
    await guestPage.getByRole('textbox', { name: /^답장/ }).fill('좋아요, 오전이 좋습니다.');
    await guestPage.getByRole('button', { name: '답장 보내기' }).click();
    await messages.getByText('좋아요, 오전이 좋습니다.').waitFor();

    // The concierge sees the answer; the inquiry is 新規 again.
    await admin.reload();
    await conversation.getByText('좋아요, 오전이 좋습니다.').waitFor();
    await guestDetails.getByText('新規', { exact: true }).waitFor();

    // 3. An offer from the inquiry: the form is prefilled; a date and start, a price, an expiry.
    await admin
      .getByRole('region', { name: 'オファー' })
      .getByRole('link', { name: 'オファーを作成' })
      .click();
    await admin.waitForURL('**/admin/offers/new?inquiry=*');
    const form = admin.getByRole('form', { name: 'オファー作成' });
    await expect.poll(() => form.getByRole('combobox', { name: /^体験/ }).inputValue()).toBe(experience.id);
    await expect(form.getByRole('textbox', { name: /^人数/ }).inputValue()).resolves.toBe('2');
    await expect(form.getByRole('textbox', { name: /^お名前/ }).inputValue()).resolves.toBe(name);
    await expect(form.getByRole('combobox', { name: /^言語/ }).inputValue()).resolves.toBe('ko');
    const dateSelect = form.getByRole('combobox', { name: /^日付/ });
    await expect.poll(() => dateSelect.locator('option').count()).toBeGreaterThan(3);
    const dates = await dateSelect
      .locator('option')
      .evaluateAll((o) => (o as HTMLOptionElement[]).map((x) => x.value).filter(Boolean));
    // The middle of the free dates: other files take the first and the last ones.
    const date = dates[Math.floor(dates.length / 2)]!;
    await dateSelect.selectOption(date);
    const timeSelect = form.getByRole('combobox', { name: /^開始時刻/ });
    await expect.poll(() => timeSelect.locator('option').count()).toBeGreaterThan(1);
    const time = await timeSelect.locator('option').nth(1).getAttribute('value');
    await timeSelect.selectOption(time!);
    await form.getByRole('textbox', { name: /^合計金額（円）/ }).fill(String(OFFER_TOTAL));
    await form
      .getByRole('textbox', { name: /^お客様へのメッセージ/ })
      .fill('ご家族向けに少しゆっくりご案内します。');
    await form.getByRole('textbox', { name: /^有効期限（時間）/ }).fill('24');
    const offerStarted = Date.now();
    await form.getByRole('button', { name: 'オファーを送信' }).click();
    const created = admin.getByRole('region', { name: '作成したオファー' });
    const offerUrl = await created.getByRole('textbox', { name: 'お客様用リンク' }).inputValue();
    const offerPath = new URL(offerUrl).pathname;
    expect(offerPath).toMatch(/^\/ko\/offer\/[A-Za-z0-9_-]+$/);

    const offerMail = await waitForMail(email, `고객님만을 위한 제안: ${TITLE}`, offerStarted);
    expect(linkIn(offerMail, /\/ko\/offer\/[A-Za-z0-9_-]+/)).toBe(offerPath);

    // 4. The guest opens the offer in Korean and pays it with the test card.
    await guestPage.goto(offerPath);
    await guestPage.getByRole('heading', { name: '컨시어지의 오퍼' }).waitFor();
    await guestPage.getByText('ご家族向けに少しゆっくりご案内します。').waitFor();
    await expect(guestPage.locator('input[name="email"]').inputValue()).resolves.toBe(email);
    await guestPage.getByLabel(/^이메일 확인/).fill(email);
    await guestPage.getByLabel(/^전화번호/).fill('90-1234-5678');
    await guestPage.getByLabel(/^국적/).fill('대한민국');
    await guestPage.getByRole('option', { name: '대한민국', exact: true }).click();
    await guestPage.getByLabel('카드 번호').fill(TEST_CARDS.success);
    await guestPage.getByLabel('유효기간 (MM / YY)').fill('12 / 39');
    await guestPage.getByLabel('CVC').fill('123');
    const booked = guestPage.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/offers\/[^/]+\/book$/.test(new URL(r.url()).pathname),
    );
    const payButton = guestPage.getByRole('button', { name: '예약하고 결제하기' });
    await payButton.click();
    const answer = await booked;
    expect(answer.status()).toBe(201);
    const booking = (await answer.json()) as { bookingId: string; reference: string; amount: number };
    expect(booking.amount).toBe(OFFER_TOTAL);
    await guestPage.waitForURL('**/ko/booking-complete', { timeout: 30_000 });
    await guestPage.getByText('예약 요청이 전송되었습니다!').waitFor();

    // 5. The demo host sees the booking, marked 「コンシェルジュ経由」.
    const demo = inject('demoHost');
    const hostPage = await host.newPage();
    // This experience's bookings only (the list pages; other files book the demo host's experiences too).
    await openSignedIn(
      hostPage,
      `${host.baseUrl}/host/bookings?experienceId=${experience.id}`,
      demo.email,
      demo.password,
    );
    expect(new URL(hostPage.url()).searchParams.get('experienceId')).toBe(experience.id);
    const hostRow = hostPage
      .getByRole('table', { name: '予約一覧' })
      .getByRole('row')
      .filter({ hasText: booking.reference });
    await hostRow.waitFor();
    const hostRowText = await hostRow.textContent();
    expect(hostRowText).toContain('コンシェルジュ経由');
    expect(hostRowText).toContain(OFFER_TOTAL.toLocaleString('ja-JP'));

    expect(guestErrors).toEqual([]);
    expect(adminErrors).toEqual([]);

    // Plus: a withdrawn offer's page says so and shows no payment form.
    const second = await asAdmin<{ id: string; url: string }>('POST', '/api/admin/offers', {
      experienceId: experience.id,
      date: dates[Math.floor(dates.length / 2) + 1]!,
      time,
      guests: 1,
      totalAmount: 15_000,
      message: '別の日のご提案です。',
      expiresInHours: 24,
      preApproved: false,
      guest: { name, email, locale: 'ko' },
    });
    expect(second, JSON.stringify(second.body)).toMatchObject({ status: 201 });
    expect((await asAdmin('POST', `/api/admin/offers/${second.body.id}/withdraw`)).status).toBe(200);
    await guestPage.goto(new URL(second.body.url).pathname);
    await guestPage.getByRole('heading', { name: '철회된 오퍼입니다' }).waitFor();
    expect(await guestPage.getByRole('button', { name: '예약하고 결제하기' }).count()).toBe(0);
    expect(await guestPage.getByLabel('카드 번호').count()).toBe(0);
  });
});
