/**
 * Verified reviews in a real Chromium against the shared local stack (issue 18): the guest of a completed tour
 * follows the invitation link of the outbox mail, rates with the keyboard and writes; the review shows on the
 * experience's page and its card (★ average (count)); the host replies in the back office 口コミ screen (the reply
 * shows on the page); an admin hides it and it leaves the page.
 *
 * The tour is written into the stack's table as a completed tour of yesterday, as the completion job leaves it
 * (the way `scripts/seed/reviews.ts` writes its tours), and everything after that goes through HTTP and the
 * browser: the invitation job (`POST /api/local-jobs/send-review-invites`), the mail, the pages. Booking, approving
 * and completing a tour would mean moving this stack's clock at least four days forward (bookings open three days
 * ahead, invitations go the day after the tour); the clock only moves forward and every browser test shares it,
 * so the seeded requests of the back-office tests would lapse. `test/integration/api/reviews.int.test.ts` covers
 * that path over HTTP on a stack of its own.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import {
  createDocumentClient,
  createDynamoRepositories,
} from '../../functions/adapters/dynamodb/repositories';
import { LOCAL_CREDENTIALS } from '../../scripts/local/dynamodb-local';
import { signInAsAdmin } from './support/admin-flow';
import { openBrowser, screenshot, type BrowserSession } from './support/browser';
import { postJson, uniqueEmail } from './support/guest-flow';
import { openSignedIn, waitForMail } from './support/host-flow';
import { writeCompletedTour } from './support/completed-tour';

/** A seeded experience of the demo host (Setouchi Local Guides), by its title. */
const TITLE = 'Imabari Towel Factory Visit and Weaving Workshop';
const REVIEW_TEXT = `The weavers showed us every step, and we left with towels we had made ourselves. ${randomUUID().slice(0, 8)}`;
const REPLY_TEXT = 'Thank you for visiting the factory! We hope the towels keep you warm.';

const table = inject('dynamodb');
const doc = createDocumentClient({ ...table, credentials: LOCAL_CREDENTIALS });
const repos = createDynamoRepositories({ doc, tableName: table.tableName });

let session: BrowserSession;
let experienceId: string;
let before: ReviewSummary;
const email = uniqueEmail('review');

interface ReviewSummary {
  average: number;
  count: number;
}

async function summaryOf(id: string): Promise<ReviewSummary> {
  const res = await fetch(`${session.baseUrl}/api/experiences/${id}/reviews`);
  return ((await res.json()) as { summary: ReviewSummary }).summary;
}

const ratingLabel = (s: ReviewSummary) =>
  `Rated ${s.average.toFixed(1)} out of 5 from ${s.count} ${s.count === 1 ? 'review' : 'reviews'}`;

/** The experience's summary after this file's review of 4 stars (it has no other review: checked first). */
const AFTER: ReviewSummary = { average: 4, count: 1 };

/** The experience's page, once it has its reviews from the API. */
async function openDetail(page: Page): Promise<void> {
  const reviewsLoaded = page.waitForResponse((r) =>
    r.url().includes(`/api/experiences/${experienceId}/reviews`),
  );
  await page.goto(`/experience/${experienceId}`);
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  await reviewsLoaded;
}

beforeAll(async () => {
  session = await openBrowser();
  const list = (await (await fetch(`${session.baseUrl}/api/experiences?limit=100`)).json()) as {
    items: { id: string; title: string }[];
  };
  experienceId = list.items.find((e) => e.title === TITLE)!.id;
  before = await summaryOf(experienceId);
  expect(before.count, `${TITLE} has no review before this file's`).toBe(0);
  const experience = (await repos.experiences.get(experienceId))!;
  await writeCompletedTour(
    repos,
    experience,
    { firstName: 'Grace', lastName: 'Hopper', email, guestLocale: 'en', nationality: 'United States' },
    'RE',
  );
});

afterAll(async () => {
  await session?.close();
  doc.destroy();
});

describe('reviews, in the browser', () => {
  it('the guest follows the invitation, rates with the keyboard and writes; the page and the card show it', async () => {
    const run = await postJson<{ invites: number }>(
      session.baseUrl,
      '/api/local-jobs/send-review-invites',
      {},
    );
    expect(run.status).toBe(200);
    expect(run.body.invites).toBeGreaterThanOrEqual(1);
    const mail = await waitForMail(email, `How was ${TITLE}?`);
    const link = /\/review\/[A-Za-z0-9_-]{43}/.exec(mail.body.text ?? '')?.[0];
    expect(link, 'the invitation carries the personal link').toBeDefined();

    const page = await session.newPage();
    await page.goto(link!);
    await page.getByRole('heading', { name: 'How was your experience?' }).waitFor();
    await page.getByText(TITLE).first().waitFor();
    // The stars by keyboard only: into the group on the 3rd star, one step right.
    await page.getByRole('radio', { name: '3 stars, Good' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('radio', { name: '4 stars, Very good' }).isChecked()).toBe(true);
    await page.getByText('Very good', { exact: true }).waitFor();
    await page.getByLabel('Your review').fill(REVIEW_TEXT);
    await page.getByRole('button', { name: 'Post your review' }).click();
    await page.getByRole('heading', { name: 'Thank you for your review!' }).waitFor();
    await screenshot(page, 'review-posted');

    await expect.poll(() => summaryOf(experienceId)).toEqual(AFTER);
    await page.getByRole('link', { name: 'See the experience' }).click();
    await page.waitForURL(`**/experience/${experienceId}`);
    const review = page.getByTestId('review').filter({ hasText: REVIEW_TEXT });
    await review.waitFor();
    await expect(review.textContent()).resolves.toContain('Grace H.');
    await expect(review.getByLabel('4 out of 5 stars').count()).resolves.toBe(1);
    await page
      .getByRole('img', { name: ratingLabel(AFTER) })
      .first()
      .waitFor();

    // The card in the search results: ★ average (count).
    await page.goto(`/search?q=${encodeURIComponent('Imabari Towel')}`);
    const card = page.getByRole('link').filter({ hasText: TITLE }).first();
    await card.waitFor();
    await card.getByRole('img', { name: ratingLabel(AFTER) }).waitFor();
    await expect(card.getByTestId('rating-summary').textContent()).resolves.toBe(
      `★${AFTER.average.toFixed(1)}(${AFTER.count})`,
    );
    await page.close();
  });

  it('the host replies in the 口コミ screen and the reply shows on the page', async () => {
    const host = inject('demoHost');
    const page = await session.newPage();
    await openSignedIn(page, `${session.baseUrl}/host/reviews`, host.email, host.password);
    const row = page.getByTestId('review-row').filter({ hasText: REVIEW_TEXT });
    await row.waitFor();
    await row.getByRole('button', { name: '返信する' }).click();
    await page.getByLabel('返信', { exact: true }).fill(REPLY_TEXT);
    await page.getByRole('button', { name: '返信を保存' }).click();
    await page.getByText('返信を保存しました').waitFor();
    await row.getByText(REPLY_TEXT).waitFor();
    await expect(row.getByRole('button', { name: '返信を編集' }).count()).resolves.toBe(1);
    await screenshot(page, 'review-host-reply');

    await openDetail(page);
    const review = page.getByTestId('review').filter({ hasText: REVIEW_TEXT });
    await review.getByText(REPLY_TEXT).waitFor();
    await page.close();
  });

  it('an admin hides it with a reason, and it leaves the page and the rating', async () => {
    const page = await session.newPage();
    await page.goto('/admin/reviews');
    await signInAsAdmin(page);
    await page.getByRole('heading', { name: '口コミ' }).waitFor();
    await page.getByLabel('本文・投稿者・体験名で検索').fill(REVIEW_TEXT.slice(-8));
    await page.getByLabel('本文・投稿者・体験名で検索').press('Enter');
    const row = page.getByTestId('review-row').filter({ hasText: REVIEW_TEXT });
    await row.waitFor();
    await row.getByRole('button', { name: '非表示にする' }).click();
    const dialog = page.getByRole('dialog', { name: '口コミを非表示にする' });
    await dialog.getByLabel('理由').fill('個人を特定できる情報が含まれるため');
    await dialog.getByRole('button', { name: '非表示にする' }).click();
    await page.getByText('口コミを非表示にしました').waitFor();
    await screenshot(page, 'review-hidden');

    await expect.poll(() => summaryOf(experienceId)).toEqual(before);
    await openDetail(page);
    // Its only review hidden, the experience shows no reviews and no rating at all.
    await expect(page.getByText(REVIEW_TEXT).count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { name: 'Reviews', exact: true }).count()).resolves.toBe(0);
    await expect.poll(() => page.getByTestId('rating-summary').count()).toBe(0);
    await page.close();
  });
});
