import { guestMailLanguage } from '../adapters/mail/templates/booking-mail';
import { guestReviewInviteMail } from '../adapters/mail/templates/guest-review-invite';
import { addDays, addHours } from '../domain/calendar';
import type { Booking, Experience } from '../domain/entities';
import { REVIEW_LINK_VALID_DAYS, reviewMailDue, reviewMailKey, type ReviewMailKind } from '../domain/reviews';
import { errorFields } from './console-logger';
import { reviewTokenHash } from './review-tokens';
import type { BookingNotifications } from './mail-notifications';
import type { BookingRepository, ExperienceRepository, Logger, OutboxMail, ReviewRepository } from './ports';

/** Completed bookings created longer ago than this are not read (their tours are long past the 30 days). */
const LOOKBACK_DAYS = 400;
const PAGE = 100;

export interface SendReviewInvitesResult {
  /** Completed bookings looked at. */
  examined: number;
  invites: number;
  reminders: number;
  /** Written by another run first, or reviewed meanwhile. */
  skipped: number;
  /** Could not be written now; the next run tries again. */
  failed: number;
}

export interface SendReviewInvitesDeps {
  bookings: BookingRepository;
  experiences: ExperienceRepository;
  reviews: ReviewRepository;
  notifications: Pick<BookingNotifications, 'queued'>;
  logger: Logger;
  clock: () => Date;
  newId: () => string;
  /** An unguessable token of at least 128 bits, URL-safe (e.g. 32 random bytes, base64url). */
  newToken: () => string;
  baseUrl: string;
  siteName: string;
}

/**
 * The review invitation job (DESIGN §4e): the day after a completed tour the guest gets a personal link, and one
 * reminder (with a fresh link) on day 5 if they have not written. Each mail is written with its scheduled-mail
 * record and its link in one conditional transaction, so it goes out once however often the job runs.
 */
export function makeSendReviewInvites(deps: SendReviewInvitesDeps) {
  return async function sendReviewInvites(): Promise<SendReviewInvitesResult> {
    const now = deps.clock();
    const result: SendReviewInvitesResult = { examined: 0, invites: 0, reminders: 0, skipped: 0, failed: 0 };
    const experiences = new Map<string, Promise<Experience | null>>();
    const cutoff = addHours(now, -24 * LOOKBACK_DAYS).toISOString();
    let cursor: string | undefined;
    do {
      const page = await deps.bookings.listAll({
        status: 'completed',
        limit: PAGE,
        ...(cursor ? { cursor } : {}),
      });
      const recent = page.items.filter((b) => b.createdAt >= cutoff);
      result.examined += recent.length;
      const states = await deps.reviews.mailStates(recent.map((b) => b.id));
      for (const booking of recent) {
        const state = states.get(booking.id) ?? { invited: false, reminded: false, reviewed: false };
        const kind = reviewMailDue(booking, state, now);
        if (!kind) continue;
        const outcome = await send(booking, kind, now, experiences);
        if (outcome === 'written') result[kind === 'invite' ? 'invites' : 'reminders']++;
        else result[outcome]++;
      }
      cursor = recent.length === page.items.length ? page.cursor : undefined;
    } while (cursor);
    if (result.invites + result.reminders + result.failed > 0) {
      deps.logger.info('Review invitation run finished', { ...result });
    }
    return result;
  };

  async function send(
    booking: Booking,
    kind: ReviewMailKind,
    now: Date,
    experiences: Map<string, Promise<Experience | null>>,
  ): Promise<'written' | 'skipped' | 'failed'> {
    try {
      let experience = experiences.get(booking.experienceId);
      if (!experience) {
        experience = deps.experiences.get(booking.experienceId);
        experiences.set(booking.experienceId, experience);
      }
      const found = await experience;
      // A deleted experience cannot be reviewed: no invitation.
      if (!found) return 'skipped';
      const token = deps.newToken();
      const rendered = guestReviewInviteMail({
        booking,
        experience: found,
        hostBusinessName: '',
        baseUrl: deps.baseUrl,
        siteName: deps.siteName,
        token,
        reminder: kind === 'reminder',
      });
      const mail: OutboxMail = {
        id: deps.newId(),
        kind: kind === 'invite' ? 'guest_review_invite' : 'guest_review_reminder',
        to: booking.email,
        language: guestMailLanguage(booking),
        ...rendered,
        attachments: [],
        bookingId: booking.id,
      };
      const validUntil = addHours(now, 24 * REVIEW_LINK_VALID_DAYS);
      const written = await deps.reviews.recordInvitation(
        {
          key: reviewMailKey(kind, booking.id),
          // Kept well past the last day a mail could be owed (the tour + 30 days), then forgotten by the TTL.
          expiresAt: new Date(`${addDays(booking.date, 2 * REVIEW_LINK_VALID_DAYS)}T00:00:00Z`),
        },
        { tokenHash: reviewTokenHash(token), bookingId: booking.id, validUntil: validUntil.toISOString() },
        [mail],
        now,
      );
      if (!written) return 'skipped';
      await deps.notifications.queued([mail]);
      return 'written';
    } catch (e) {
      deps.logger.error('Review invitation not written; the next run retries', {
        bookingId: booking.id,
        ...errorFields(e),
      });
      return 'failed';
    }
  }
}
