/**
 * Verified reviews over HTTP through the local stack (DESIGN §4e, §6; issue 18): completed tours get one invitation
 * (and one reminder) from `POST /api/local-jobs/send-review-invites`, the link from the outbox mail writes one
 * review, the public list and the summaries follow at once (concurrent reviews counted exactly), the host replies
 * (another host's review is a 404), an admin hides and shows again; bad input is a 4xx that changes nothing.
 */
import { addDays, tokyoDateTimeToInstant } from '../../../functions/domain/calendar';
import type { Experience } from '../../../functions/domain/entities';
import { DEMO_ADMIN, DEMO_HOST } from '../../../scripts/seed/hosts';
import {
  addExperience,
  bearer,
  bookingBody,
  call,
  callFrom,
  completePayment,
  createBooking,
  freeSlots,
  outbox,
  signIn,
  startApiWorld,
  type ApiWorld,
  type ErrorBody,
} from './support';

let world: ApiWorld;
let adminToken: string;
let hostToken: string;
let mine: Experience;
let foreign: Experience;
let tourDate: string;
/** Guest e-mail → review link token (from the invitation mail). */
const tokens = new Map<string, string>();
const guests: { email: string; firstName: string; lastName: string; guestLocale: 'en' | 'ja' }[] = [];

interface PublicReview {
  id: string;
  rating: number;
  text: string;
  authorName: string;
  language: string;
  createdAt: string;
  tourDate: string;
  reply?: { text: string };
}
interface ReviewList {
  items: PublicReview[];
  cursor?: string;
  summary: { average: number; count: number };
}
interface StoredReview extends PublicReview {
  status: string;
  hiddenReason: string | null;
  experienceTitle: string;
  experienceId: string;
}

const advance = (hours: number) =>
  call<{ now: string }>(world, 'POST', '/api/local-clock/advance', { hours });
async function moveClockTo(instant: Date) {
  const now = new Date((await advance(0)).body.now);
  const res = await advance((instant.getTime() - now.getTime()) / 3_600_000);
  expect(res.status).toBe(200);
}
const runInvites = () =>
  call<{ examined: number; invites: number; reminders: number; skipped: number; failed: number }>(
    world,
    'POST',
    '/api/local-jobs/send-review-invites',
  );
const linkIn = (mail: { body: { text?: string } }) =>
  /\/review\/([A-Za-z0-9_-]{43})/.exec(mail.body.text ?? '')?.[1];
const reviewsOf = (experienceId: string, query = '') =>
  call<ReviewList>(world, 'GET', `/api/experiences/${experienceId}/reviews${query}`);
const post = (token: string, body: unknown) =>
  call<PublicReview & ErrorBody>(world, 'POST', `/api/reviews/${token}`, body);

async function approvedBooking(experience: Experience, time: string, guest: (typeof guests)[number]) {
  const body = bookingBody(experience.id, { date: tourDate, time }, { guestLocale: guest.guestLocale });
  body.guest = { ...body.guest, email: guest.email, firstName: guest.firstName, lastName: guest.lastName };
  const created = await createBooking(world, body);
  await completePayment(world, created);
  const approved = await call(
    world,
    'POST',
    `/api/admin/bookings/${created.bookingId}/approve`,
    undefined,
    bearer(adminToken),
  );
  expect(approved.status).toBe(200);
}

beforeAll(async () => {
  // With the page renderer: a review changes the experience's rating in its pages (issue 32 item 7).
  world = await startApiWorld('api-reviews-', { guestPages: true });
  adminToken = await signIn(world, 'admin', DEMO_ADMIN.email, DEMO_ADMIN.password);
  hostToken = await signIn(world, 'host', DEMO_HOST.email, DEMO_HOST.password);
  const demoHost = (await world.repo.hosts.getByEmail(DEMO_HOST.email))!;
  const otherHost = (await world.repo.hosts.getByEmail('uchiko@example.com'))!;
  mine = await addExperience(world, { hostId: demoHost.id });
  foreign = await addExperience(world, { hostId: otherHost.id });
  // Its pages as they are before any review (the renderer writes them as a publish would).
  await world.stack.guestPages!.changed({ kind: 'experience', experienceId: mine.id });
  await world.stack.guestPages!.idle();
  tourDate = (await freeSlots(world, mine.id))[0]!.date;
  const names = [
    ['Emma', 'Stone', 'en'],
    ['Liam', 'Berg', 'en'],
    ['Sora', 'Tanaka', 'ja'],
    ['Mia', 'Klein', 'en'],
    ['Noah', 'Smith', 'en'],
  ] as const;
  for (const [i, [firstName, lastName, guestLocale]] of names.entries()) {
    const guest = {
      email: `${firstName.toLowerCase()}.${Date.now()}@example.com`,
      firstName,
      lastName,
      guestLocale,
    };
    guests.push(guest);
    await approvedBooking(mine, `${String(9 + i).padStart(2, '0')}:00`, guest);
  }
  const foreignGuest = {
    email: `other.${Date.now()}@example.com`,
    firstName: 'Olga',
    lastName: 'Ivanova',
    guestLocale: 'en' as const,
  };
  guests.push(foreignGuest);
  await approvedBooking(foreign, '09:00', foreignGuest);
  // The evening of the tour: the tours are completed but the invitations are not due before the next day.
  await moveClockTo(tokyoDateTimeToInstant(tourDate, '20:00'));
  expect(
    (await call<{ completed: number }>(world, 'POST', '/api/local-jobs/complete-bookings')).body.completed,
  ).toBe(6);
});
afterAll(async () => {
  await world?.stop();
});

describe('the invitation job', () => {
  it('invites nobody on the day of the tour, every guest the day after, each once', async () => {
    expect((await runInvites()).body.invites).toBe(0);
    await moveClockTo(tokyoDateTimeToInstant(addDays(tourDate, 1), '10:00'));
    const first = await runInvites();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ invites: 6, reminders: 0, failed: 0 });
    expect((await runInvites()).body).toMatchObject({ invites: 0, reminders: 0 });
    await call(world, 'POST', '/api/local-jobs/send-mails');
    const mails = await outbox(world);
    for (const guest of guests) {
      const invitations = mails.filter((m) => m.destination.to.includes(guest.email) && linkIn(m));
      expect(invitations).toHaveLength(1);
      tokens.set(guest.email, linkIn(invitations[0]!)!);
    }
    const ja = mails.find((m) => m.destination.to.includes(guests[2]!.email) && linkIn(m))!;
    expect(ja.subject).toContain('ご感想をお聞かせください');
    const en = mails.find((m) => m.destination.to.includes(guests[0]!.email) && linkIn(m))!;
    expect(en.subject).toBe(`How was ${mine.title}?`);
  });
});

describe('GET /api/reviews/{token}', () => {
  it('answers the experience and the tour date of the link; an unknown or malformed token is a 404', async () => {
    const res = await call(world, 'GET', `/api/reviews/${tokens.get(guests[0]!.email)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      experience: { id: mine.id, title: mine.title },
      date: tourDate,
      alreadyReviewed: false,
    });
    expect((await call(world, 'GET', `/api/reviews/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await call(world, 'GET', '/api/reviews/..%2F..')).status).toBe(404);
  });
});

describe('POST /api/reviews/{token}', () => {
  it.each([
    ['rating 0', { rating: 0, text: 'Fine' }, 'rating'],
    ['rating 6', { rating: 6, text: 'Fine' }, 'rating'],
    ['rating 4.5', { rating: 4.5, text: 'Fine' }, 'rating'],
    ['a rating as text', { rating: '5', text: 'Fine' }, 'rating'],
    ['blank text', { rating: 5, text: '   ' }, 'text'],
    ['text of 2,001 characters', { rating: 5, text: 'x'.repeat(2001) }, 'text'],
  ])('refuses %s with a 400 naming the field, and writes nothing', async (_, body, field) => {
    const token = tokens.get(guests[0]!.email)!;
    const res = await post(token, body);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty(field);
    expect(
      (await call<{ alreadyReviewed: boolean }>(world, 'GET', `/api/reviews/${token}`)).body.alreadyReviewed,
    ).toBe(false);
  });

  it('writes one review per booking: 201, then 409; the text is kept exactly as written', async () => {
    const token = tokens.get(guests[0]!.email)!;
    const text = `<b>Wonderful</b> & "warm" host.\nWould go again: ${'é'.repeat(1900)}`;
    const res = await post(token, { rating: 5, text });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      rating: 5,
      text,
      authorName: 'Emma S.',
      language: 'en',
      tourDate: tourDate.slice(0, 7),
    });
    const again = await post(token, { rating: 1, text: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(
      (await call<{ alreadyReviewed: boolean }>(world, 'GET', `/api/reviews/${token}`)).body.alreadyReviewed,
    ).toBe(true);
    const list = await reviewsOf(mine.id);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]!.text).toBe(text);
  });

  it('counts concurrent reviews of different bookings of one experience exactly', async () => {
    const ratings = [4, 3, 4, 2];
    const answers = await Promise.all(
      guests
        .slice(1, 5)
        .map((g, i) => post(tokens.get(g.email)!, { rating: ratings[i], text: `Review ${i}` })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    const list = await reviewsOf(mine.id);
    // (5 + 4 + 3 + 4 + 2) / 5 = 3.6
    expect(list.body.summary).toEqual({ average: 3.6, count: 5 });
    expect(list.body.items).toHaveLength(5);
    const times = list.body.items.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(list.body.items.find((r) => r.authorName === 'Sora T.')?.language).toBe('ja');
  });

  it('limits writing per client: past 20 attempts an hour, 429 with Retry-After; another client is unaffected', async () => {
    const body = { rating: 5, text: 'Guessing links' };
    const guess = (i: number) => `/api/reviews/${'B'.repeat(40)}${String(i).padStart(3, '0')}`;
    for (let i = 0; i < 20; i++) {
      expect((await callFrom('127.0.0.7', world, 'POST', guess(i), body)).status).toBe(404);
    }
    const refused = await callFrom<ErrorBody>('127.0.0.7', world, 'POST', guess(20), body);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await callFrom('127.0.0.8', world, 'POST', guess(21), body)).status).toBe(404);
  });

  it('limits writing per link: past 5 attempts an hour, 429', async () => {
    const token = tokens.get(guests[0]!.email)!;
    // Emma has written: every attempt is a 409 until the link's allowance is used up (2 attempts counted above).
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(token, { rating: 5, text: 'Again' })).status);
    expect(statuses).toEqual([409, 409, 409, 429]);
  });
});

describe('ratings on the catalogue', () => {
  it('shows { average, count } on the experience and its card, none on an experience without reviews', async () => {
    const detail = await call<{ rating?: unknown }>(world, 'GET', `/api/experiences/${mine.id}`);
    expect(detail.body.rating).toEqual({ average: 3.6, count: 5 });
    const cards = await call<{ items: { id: string; rating?: unknown }[] }>(
      world,
      'GET',
      '/api/experiences?limit=100',
    );
    expect(cards.body.items.find((c) => c.id === mine.id)?.rating).toEqual({ average: 3.6, count: 5 });
    expect(cards.body.items.find((c) => c.id === foreign.id)?.rating).toBeUndefined();
  });

  it('pages the public list with a cursor, newest first', async () => {
    const first = await reviewsOf(mine.id, '?limit=2');
    expect(first.body.items).toHaveLength(2);
    const second = await reviewsOf(mine.id, `?limit=2&cursor=${first.body.cursor}`);
    const third = await reviewsOf(mine.id, `?limit=2&cursor=${second.body.cursor}`);
    expect([...first.body.items, ...second.body.items, ...third.body.items].map((r) => r.id)).toHaveLength(5);
    expect(third.body.cursor).toBeUndefined();
    expect((await reviewsOf(mine.id, '?cursor=forged')).status).toBe(400);
    expect((await reviewsOf(mine.id, '?limit=0')).status).toBe(400);
  });
});

describe('the host', () => {
  it("lists the reviews of the host's experiences, filtered by experience and rating", async () => {
    const all = await call<{ items: StoredReview[] }>(
      world,
      'GET',
      '/api/host/reviews',
      undefined,
      bearer(hostToken),
    );
    expect(all.status).toBe(200);
    expect(all.body.items.filter((r) => r.experienceId === mine.id)).toHaveLength(5);
    const fours = await call<{ items: StoredReview[] }>(
      world,
      'GET',
      `/api/host/reviews?experienceId=${mine.id}&rating=4`,
      undefined,
      bearer(hostToken),
    );
    expect(fours.body.items.map((r) => r.rating)).toEqual([4, 4]);
    const bad = await call<ErrorBody>(
      world,
      'GET',
      '/api/host/reviews?rating=9',
      undefined,
      bearer(hostToken),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/[ぁ-んァ-ン一-龯]/);
    expect((await call(world, 'GET', '/api/host/reviews')).status).toBe(401);
  });

  it("replies once per review and may edit it; the reply shows under the review; another host's review is a 404", async () => {
    const review = (await reviewsOf(mine.id)).body.items.find((r) => r.authorName === 'Emma S.')!;
    const path = `/api/host/reviews/${review.id}/reply`;
    expect((await call(world, 'PUT', path, { text: ' ' }, bearer(hostToken))).status).toBe(400);
    expect((await call(world, 'PUT', path, { text: 'x'.repeat(2001) }, bearer(hostToken))).status).toBe(400);
    const first = await call<StoredReview & { reply: { text: string; createdAt: string } }>(
      world,
      'PUT',
      path,
      { text: 'ありがとうございました！' },
      bearer(hostToken),
    );
    expect(first.status).toBe(200);
    const edited = await call<StoredReview & { reply: { text: string; createdAt: string } }>(
      world,
      'PUT',
      path,
      { text: 'Thank you, Emma!' },
      bearer(hostToken),
    );
    expect(edited.body.reply.text).toBe('Thank you, Emma!');
    expect(edited.body.reply.createdAt).toBe(first.body.reply.createdAt);
    const shown = (await reviewsOf(mine.id)).body.items.find((r) => r.id === review.id)!;
    expect(shown.reply?.text).toBe('Thank you, Emma!');

    const foreignReview = await post(tokens.get(guests[5]!.email)!, { rating: 3, text: 'Good' });
    expect(foreignReview.status).toBe(201);
    const refused = await call(
      world,
      'PUT',
      `/api/host/reviews/${foreignReview.body.id}/reply`,
      { text: 'Mine?' },
      bearer(hostToken),
    );
    expect(refused.status).toBe(404);
    expect(
      (await call(world, 'PUT', '/api/host/reviews/no-such-review/reply', { text: 'Hi' }, bearer(hostToken)))
        .status,
    ).toBe(404);
  });

  it('sees the average and the newest review on the dashboard', async () => {
    const res = await call<{ reviews: { rating: unknown; newestReview: { id: string } | null } }>(
      world,
      'GET',
      '/api/host/dashboard',
      undefined,
      bearer(hostToken),
    );
    expect(res.status).toBe(200);
    expect(res.body.reviews.rating).toEqual({ average: 3.6, count: 5 });
    expect(res.body.reviews.newestReview).not.toBeNull();
  });
});

describe('the admin', () => {
  it('hides a review with a reason: gone from the public list and the summaries at once, listed as hidden with the reason', async () => {
    const review = (await reviewsOf(mine.id)).body.items.find((r) => r.rating === 2)!;
    const hide = `/api/admin/reviews/${review.id}/hide`;
    expect(
      (await call(world, 'POST', hide, { reason: 'Mi' }, bearer(hostToken))).status,
    ).toBeGreaterThanOrEqual(401);
    expect((await call(world, 'POST', hide, { reason: 'Mi' }, bearer(hostToken))).status).toBeLessThanOrEqual(
      403,
    );
    expect((await call(world, 'POST', hide, { reason: 'x' })).status).toBe(401);
    const blank = await call<ErrorBody>(world, 'POST', hide, { reason: '  ' }, bearer(adminToken));
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields?.reason).toBe('非表示にする理由を入力してください');

    const hidden = await call<StoredReview>(
      world,
      'POST',
      hide,
      { reason: '個人情報を含むため' },
      bearer(adminToken),
    );
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ status: 'hidden', hiddenReason: '個人情報を含むため' });
    const list = await reviewsOf(mine.id);
    expect(list.body.items.map((r) => r.id)).not.toContain(review.id);
    // (5 + 4 + 3 + 4) / 4 = 4
    expect(list.body.summary).toEqual({ average: 4, count: 4 });
    const detail = await call<{ rating?: unknown }>(world, 'GET', `/api/experiences/${mine.id}`);
    expect(detail.body.rating).toEqual({ average: 4, count: 4 });
    expect((await call(world, 'POST', hide, { reason: 'again' }, bearer(adminToken))).status).toBe(409);

    const hiddenList = await call<{ items: StoredReview[] }>(
      world,
      'GET',
      '/api/admin/reviews?status=hidden',
      undefined,
      bearer(adminToken),
    );
    expect(hiddenList.body.items.find((r) => r.id === review.id)?.hiddenReason).toBe('個人情報を含むため');
    const visibleList = await call<{ items: StoredReview[] }>(
      world,
      'GET',
      '/api/admin/reviews?status=visible',
      undefined,
      bearer(adminToken),
    );
    expect(visibleList.body.items.map((r) => r.id)).not.toContain(review.id);
    expect(
      (await call(world, 'GET', '/api/admin/reviews?status=deleted', undefined, bearer(adminToken))).status,
    ).toBe(400);

    const shown = await call<StoredReview>(
      world,
      'POST',
      `/api/admin/reviews/${review.id}/show`,
      undefined,
      bearer(adminToken),
    );
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ status: 'visible', hiddenReason: null });
    expect((await reviewsOf(mine.id)).body.summary).toEqual({ average: 3.6, count: 5 });
    expect(
      (await call(world, 'POST', `/api/admin/reviews/${review.id}/show`, undefined, bearer(adminToken)))
        .status,
    ).toBe(409);
    expect(
      (await call(world, 'POST', '/api/admin/reviews/no-such/show', undefined, bearer(adminToken))).status,
    ).toBe(404);
  });

  it('searches the text, the author and the experience title', async () => {
    const byAuthor = await call<{ items: StoredReview[] }>(
      world,
      'GET',
      '/api/admin/reviews?q=sora%20t',
      undefined,
      bearer(adminToken),
    );
    expect(byAuthor.body.items.map((r) => r.authorName)).toEqual(['Sora T.']);
    const byText = await call<{ items: StoredReview[] }>(
      world,
      'GET',
      '/api/admin/reviews?q=WONDERFUL',
      undefined,
      bearer(adminToken),
    );
    expect(byText.body.items.map((r) => r.authorName)).toEqual(['Emma S.']);
  });
});

describe('reminders and expiry', () => {
  it('reminds on day 5 only the guests who have not written, once; a link expires after 30 days', async () => {
    // Every guest above has written: a later tour of its own.
    const lateGuest = {
      email: `late.${Date.now()}@example.com`,
      firstName: 'Ava',
      lastName: 'Late',
      guestLocale: 'en' as const,
    };
    const slot = (await freeSlots(world, mine.id))[0]!;
    tourDate = slot.date;
    await approvedBooking(mine, slot.time, lateGuest);
    await moveClockTo(tokyoDateTimeToInstant(addDays(tourDate, 1), '12:00'));
    await call(world, 'POST', '/api/local-jobs/complete-bookings');
    expect((await runInvites()).body).toMatchObject({ invites: 1, reminders: 0 });
    await moveClockTo(tokyoDateTimeToInstant(addDays(tourDate, 5), '12:00'));
    expect((await runInvites()).body).toMatchObject({ invites: 0, reminders: 1 });
    expect((await runInvites()).body).toMatchObject({ invites: 0, reminders: 0 });
    await call(world, 'POST', '/api/local-jobs/send-mails');
    const links = (await outbox(world))
      .filter((m) => m.destination.to.includes(lateGuest.email))
      .map(linkIn)
      .filter(Boolean);
    expect(links).toHaveLength(2);
    expect((await call(world, 'GET', `/api/reviews/${links[0]}`)).status).toBe(200);
    await moveClockTo(tokyoDateTimeToInstant(addDays(tourDate, 40), '12:00'));
    expect((await call(world, 'GET', `/api/reviews/${links[0]}`)).status).toBe(404);
    expect((await post(links[1]!, { rating: 5, text: 'Late' })).status).toBe(404);
  });
});

describe("the experience's pages (issue 32 item 7)", () => {
  /** The `AggregateRating` of the experience's page as served (null without one), in a language. */
  async function pageRating(prefix = '') {
    await world.stack.guestPages!.idle();
    const res = await fetch(`${world.origin}${prefix}/experience/${mine.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as { aggregateRating?: { ratingValue: number; reviewCount: number } },
    );
    const rating = ld.find((item) => item.aggregateRating)?.aggregateRating;
    return rating ? { average: rating.ratingValue, count: rating.reviewCount } : null;
  }
  const apiRating = async () =>
    (await call<{ rating?: { average: number; count: number } }>(world, 'GET', `/api/experiences/${mine.id}`))
      .body.rating;

  it('carry the rating the reviews written since its last edit made, in every language', async () => {
    const rating = await apiRating();
    expect(rating?.count).toBeGreaterThan(0);
    for (const prefix of ['', '/ja', '/zh-hant', '/ko'])
      expect(await pageRating(prefix), prefix).toEqual(rating);
  });

  it('follow an admin hiding a review and showing it again', async () => {
    const before = (await apiRating())!;
    const review = (await reviewsOf(mine.id)).body.items[0]!;
    const hidden = await call(
      world,
      'POST',
      `/api/admin/reviews/${review.id}/hide`,
      { reason: 'テスト' },
      bearer(adminToken),
    );
    expect(hidden.status).toBe(200);
    expect((await pageRating())?.count).toBe(before.count - 1);
    expect(await pageRating('/ko')).toEqual(await apiRating());
    const shown = await call(
      world,
      'POST',
      `/api/admin/reviews/${review.id}/show`,
      undefined,
      bearer(adminToken),
    );
    expect(shown.status).toBe(200);
    expect(await pageRating()).toEqual(before);
  });
});
