import {
  EMPTY_RATING,
  applyRatingDelta,
  publicReview,
  ratingDelta,
  ratingSummary,
  reviewAuthorName,
  reviewMailDue,
  type RatingCounter,
  type Review,
} from '../../../functions/domain/reviews';
import { reviewRequestSchema } from '../../../functions/domain/schemas/reviews';

const add = (c: RatingCounter, rating: number) => applyRatingDelta(c, ratingDelta(rating, true));
const hide = (c: RatingCounter, rating: number) => applyRatingDelta(c, ratingDelta(rating, false));

describe('rating summaries kept as counters', () => {
  it('has no summary before the first visible review', () => {
    expect(ratingSummary(EMPTY_RATING)).toBeNull();
    expect(ratingSummary(null)).toBeNull();
  });

  it('adds reviews: count and average', () => {
    const c = [5, 4, 4].reduce(add, EMPTY_RATING);
    expect(c).toEqual({ count: 3, sum: 13 });
    expect(ratingSummary(c)).toEqual({ average: 4.3, count: 3 });
  });

  it('hiding takes a review out, showing it again puts it back exactly', () => {
    const c = [5, 4, 3, 4, 2].reduce(add, EMPTY_RATING);
    expect(ratingSummary(c)).toEqual({ average: 3.6, count: 5 });
    const hidden = hide(c, 2);
    expect(ratingSummary(hidden)).toEqual({ average: 4, count: 4 });
    expect(add(hidden, 2)).toEqual(c);
    expect(ratingSummary(hide(add(EMPTY_RATING, 5), 5))).toBeNull();
  });

  it('rounds the average to one decimal, half up', () => {
    expect(ratingSummary({ count: 4, sum: 17 })).toEqual({ average: 4.3, count: 4 }); // 4.25
    expect(ratingSummary({ count: 3, sum: 14 })).toEqual({ average: 4.7, count: 3 }); // 4.666…
    expect(ratingSummary({ count: 8, sum: 35 })).toEqual({ average: 4.4, count: 8 }); // 4.375
    expect(ratingSummary({ count: 20, sum: 29 })).toEqual({ average: 1.5, count: 20 }); // 1.45
  });

  it('never goes below zero', () => {
    expect(hide(EMPTY_RATING, 3)).toEqual({ count: 0, sum: 0 });
  });
});

describe('who wrote it, and what guests see', () => {
  it('shows the first name and the initial of the last name; a Japanese name family name first (issue 32 item 8)', () => {
    expect(reviewAuthorName({ firstName: 'Emma', lastName: 'stone' })).toBe('Emma S.');
    expect(reviewAuthorName({ firstName: '花子', lastName: '山田' })).toBe('山田 花.');
    expect(reviewAuthorName({ firstName: 'はなこ', lastName: 'やまだ' })).toBe('やまだ は.');
  });

  it('publishes the tour month only, and nothing of the booking, host or moderation', () => {
    const review: Review = {
      id: 'r1',
      bookingId: 'b1',
      experienceId: 'e1',
      experienceTitle: 'Tea',
      hostId: 'h1',
      rating: 4,
      text: '<script>x</script>',
      authorName: 'Emma S.',
      language: 'en',
      tourDate: '2026-10-14',
      status: 'visible',
      hiddenReason: null,
      hiddenAt: null,
      reply: { text: 'Thanks', createdAt: '2026-10-20T00:00:00Z', updatedAt: '2026-10-21T00:00:00Z' },
      createdAt: '2026-10-15T00:00:00Z',
      updatedAt: '2026-10-21T00:00:00Z',
    };
    expect(publicReview(review)).toEqual({
      id: 'r1',
      rating: 4,
      text: '<script>x</script>',
      authorName: 'Emma S.',
      language: 'en',
      createdAt: '2026-10-15T00:00:00Z',
      tourDate: '2026-10',
      reply: { text: 'Thanks', updatedAt: '2026-10-21T00:00:00Z' },
    });
  });
});

describe('which review mail a completed booking is owed', () => {
  const none = { invited: false, reminded: false, reviewed: false };
  // 2026-10-14 is the tour; Tokyo noon of a day after it.
  const day = (n: number) => new Date(Date.parse('2026-10-14T03:00:00Z') + n * 86_400_000);
  const booking = { status: 'completed' as const, date: '2026-10-14' };

  it('invites from the day after the tour, reminds from day 5, never after 30 days', () => {
    expect(reviewMailDue(booking, none, day(0))).toBeNull();
    expect(reviewMailDue(booking, none, day(1))).toBe('invite');
    expect(reviewMailDue(booking, { ...none, invited: true }, day(4))).toBeNull();
    expect(reviewMailDue(booking, { ...none, invited: true }, day(5))).toBe('reminder');
    expect(reviewMailDue(booking, { ...none, invited: true, reminded: true }, day(6))).toBeNull();
    expect(reviewMailDue(booking, none, day(31))).toBeNull();
  });

  it('owes nothing once reviewed, nor to a booking that is not completed', () => {
    expect(reviewMailDue(booking, { ...none, invited: true, reviewed: true }, day(5))).toBeNull();
    expect(reviewMailDue({ ...booking, status: 'cancelled' }, none, day(1))).toBeNull();
  });
});

describe('the review request', () => {
  it.each([0, 6, 4.5, '5', null])('refuses the rating %s', (rating) => {
    expect(reviewRequestSchema.safeParse({ rating, text: 'Nice' }).success).toBe(false);
  });

  it('takes up to 2,000 characters of text, trimmed, and no more', () => {
    expect(reviewRequestSchema.parse({ rating: 5, text: ` ${'x'.repeat(2000)} ` }).text).toHaveLength(2000);
    expect(reviewRequestSchema.safeParse({ rating: 5, text: 'x'.repeat(2001) }).success).toBe(false);
    expect(reviewRequestSchema.safeParse({ rating: 5, text: '  ' }).success).toBe(false);
  });
});
