/**
 * Reviews (DESIGN §4e, §6): the guest's link and review, the public list, the host's replies and the admin's
 * moderation. The counters change in the repository's transactions; these use cases never count reviews.
 */
import { DomainError } from '../domain/errors';
import {
  publicReview,
  ratingSummary,
  newReview,
  type PublicReview,
  type RatingSummary,
  type Review,
  type ReviewStatus,
} from '../domain/reviews';
import type { ReviewRequest } from '../domain/schemas/reviews';
import { countAttempt, type RateRule } from './rate-limits';
import { announcePageChange, type GuestPageEvents } from './refresh-guest-pages';
import { reviewTokenHash } from './review-tokens';
import type {
  BookingRepository,
  Logger,
  Page,
  PageRequest,
  RateLimiter,
  ReviewListFilter,
  ReviewRepository,
} from './ports';

export const REVIEW_LINK_NOT_FOUND_MESSAGE =
  'This review link is not valid or has expired. Links work for 30 days after the invitation.';
export const REVIEW_RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a little and try again.';

/** Writing is limited per link and per client (DESIGN §4d's mechanism): 429 with `Retry-After` past them. */
export const REVIEW_LIMITS: { perToken: RateRule; perClient: RateRule } = {
  perToken: { limit: 5, windowSeconds: 3600 },
  perClient: { limit: 20, windowSeconds: 3600 },
};

export interface ReviewInvitationView {
  experience: { id: string; title: string };
  date: string;
  alreadyReviewed: boolean;
}

export interface ReviewUseCaseDeps {
  reviews: ReviewRepository;
  bookings: Pick<BookingRepository, 'get'>;
  rateLimiter: RateLimiter;
  clock: () => Date;
  newId: () => string;
  /**
   * Where a change to what the experience's pages show (its rating, in the HTML and the JSON-LD) is announced, as
   * an edit announces it (issue 32 item 7); absent: nobody renders pages.
   */
  pageEvents?: GuestPageEvents;
  logger?: Pick<Logger, 'error'>;
}

export function makeReviewUseCases(deps: ReviewUseCaseDeps) {
  /** After the write: the experience's pages (every language, home and the list) carry the new rating. */
  const pagesOf = async <T extends Pick<Review, 'experienceId'>>(review: T): Promise<T> => {
    await announcePageChange(
      { ...(deps.pageEvents ? { pageEvents: deps.pageEvents } : {}), logger: deps.logger ?? console },
      // The rating is on the card too: home, the list (and the sitemap with them) re-render.
      { kind: 'experience', experienceId: review.experienceId, cardChanged: true },
    );
    return review;
  };

  /** The booking a link stands for while it is valid; `not_found` for an unknown, expired or foreign token. */
  async function bookingOfToken(token: string) {
    const invitation = await deps.reviews.getInvitation(reviewTokenHash(token));
    if (!invitation || Date.parse(invitation.validUntil) <= deps.clock().getTime())
      throw new DomainError('not_found', REVIEW_LINK_NOT_FOUND_MESSAGE);
    const booking = await deps.bookings.get(invitation.bookingId);
    if (!booking || booking.status !== 'completed')
      throw new DomainError('not_found', REVIEW_LINK_NOT_FOUND_MESSAGE);
    return booking;
  }

  return {
    async getInvitation(token: string): Promise<ReviewInvitationView> {
      const booking = await bookingOfToken(token);
      return {
        experience: { id: booking.experienceId, title: booking.experienceTitle },
        date: booking.date,
        alreadyReviewed: (await deps.reviews.reviewIdOfBooking(booking.id)) !== null,
      };
    },

    /** One review per booking (409 `duplicate` on a second); the guest cannot edit it afterwards. */
    async writeReview(token: string, request: ReviewRequest, client: string): Promise<PublicReview> {
      await countAttempt(deps.rateLimiter, `review-client#${client}`, REVIEW_LIMITS.perClient, {
        message: REVIEW_RATE_LIMITED_MESSAGE,
      });
      await countAttempt(deps.rateLimiter, `review-token#${reviewTokenHash(token)}`, REVIEW_LIMITS.perToken, {
        message: REVIEW_RATE_LIMITED_MESSAGE,
      });
      const booking = await bookingOfToken(token);
      const review = newReview(booking, {
        id: deps.newId(),
        rating: request.rating,
        text: request.text,
        at: deps.clock().toISOString(),
      });
      await deps.reviews.create(review);
      await pagesOf(review);
      return publicReview(review);
    },

    /** The public list: visible reviews newest first, with the experience's summary. */
    async listForExperience(
      experienceId: string,
      page: PageRequest,
    ): Promise<Page<PublicReview> & { summary: RatingSummary }> {
      const [reviews, ratings] = await Promise.all([
        deps.reviews.listVisible(experienceId, page),
        deps.reviews.experienceRatings([experienceId]),
      ]);
      return {
        items: reviews.items.map(publicReview),
        ...(reviews.cursor ? { cursor: reviews.cursor } : {}),
        summary: ratingSummary(ratings.get(experienceId)) ?? { average: 0, count: 0 },
      };
    },

    listForHost: (hostId: string, filter: ReviewListFilter & PageRequest) =>
      deps.reviews.listByHost(hostId, filter),

    reply: (hostId: string, reviewId: string, text: string) =>
      deps.reviews.setReply(reviewId, hostId, text, deps.clock()),

    /** The dashboard's figures: the host's average over every visible review, and the newest review. */
    async hostSummary(
      hostId: string,
    ): Promise<{ rating: RatingSummary | null; newestReview: Review | null }> {
      const [rating, newest] = await Promise.all([
        deps.reviews.hostRating(hostId),
        deps.reviews.listByHost(hostId, { limit: 1 }),
      ]);
      return { rating: ratingSummary(rating), newestReview: newest.items[0] ?? null };
    },

    listForAdmin: (status: ReviewStatus, filter: { q?: string } & PageRequest) =>
      deps.reviews.listByStatus(status, filter),

    hide: async (reviewId: string, reason: string) =>
      pagesOf(await deps.reviews.setVisibility(reviewId, false, reason, deps.clock())),

    show: async (reviewId: string) =>
      pagesOf(await deps.reviews.setVisibility(reviewId, true, null, deps.clock())),
  };
}

export type ReviewUseCases = ReturnType<typeof makeReviewUseCases>;
