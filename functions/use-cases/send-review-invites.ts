import { guestMailLanguage } from '../adapters/mail/templates/booking-mail';
import { guestReviewInviteMail } from '../adapters/mail/templates/guest-review-invite';
import { addDays, addHours, todayInTokyo } from '../domain/calendar';
import type { Booking, Experience } from '../domain/entities';
import {
  REVIEW_LINK_VALID_DAYS,
  nextReviewMailOn,
  reviewMailDue,
  reviewMailKey,
  type ReviewMailKind,
} from '../domain/reviews';
import { errorFields } from './console-logger';
import { reviewTokenHash } from './review-tokens';
import type { BookingNotifications } from './mail-notifications';
import {
  DEFAULT_JOB_BATCH,
  type DueWorkRepository,
  type JobProgress,
  type JobRunOptions,
} from './due-work-ports';
import { runInBatches } from './job-batches';
import type { ExperienceRepository, Logger, OutboxMail, ReviewRepository } from './ports';

export interface SendReviewInvitesResult extends JobProgress {
  /** Completed bookings looked at (those whose next review mail is due). */
  examined: number;
  invites: number;
  reminders: number;
  /** Written by another run first, or reviewed meanwhile. */
  skipped: number;
  /** Could not be written now; the next run tries again. */
  failed: number;
}

export interface SendReviewInvitesDeps {
  due: DueWorkRepository;
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
  return async function sendReviewInvites(options: JobRunOptions = {}): Promise<SendReviewInvitesResult> {
    const now = deps.clock();
    const today = todayInTokyo(now);
    const tomorrow = addDays(today, 1);
    const limit = options.batchSize ?? DEFAULT_JOB_BATCH;
    const result: SendReviewInvitesResult = {
      processed: 0,
      read: 0,
      finished: true,
      examined: 0,
      invites: 0,
      reminders: 0,
      skipped: 0,
      failed: 0,
    };
    const experiences = new Map<string, Promise<Experience | null>>();
    // Only completed bookings whose next mail is due today or was due within the 30 days a mail is owed (issue 33):
    // the index keeps each under that day, and this run moves it on (to the reminder's day) or removes it.
    const range = { from: addDays(today, -(REVIEW_LINK_VALID_DAYS + 1)), to: today };
    const run = await runInBatches(options, async (cursor) => {
      const batch = await deps.due.reviewMailsDue(range, { limit, ...(cursor ? { cursor } : {}) });
      result.read += batch.read;
      result.examined += batch.items.length;
      const states = await deps.reviews.mailStates(batch.items.map(({ booking }) => booking.id));
      for (const { booking, dueOn } of batch.items) {
        const state = states.get(booking.id) ?? { invited: false, reminded: false, reviewed: false };
        const kind = reviewMailDue(booking, state, now);
        if (kind) {
          const outcome = await send(booking, kind, now, experiences);
          if (outcome === 'written') result[kind === 'invite' ? 'invites' : 'reminders']++;
          else result[outcome]++;
          if (outcome === 'failed') continue;
          // Written now or by another run: either way the mail went.
          if (kind === 'invite') state.invited = true;
          else state.reminded = true;
        }
        let next = nextReviewMailOn(booking, state, today);
        // The reminder never goes in the same run as its invitation, at the earliest the next day.
        if (kind === 'invite' && next !== null && next < tomorrow) next = tomorrow;
        if (next !== dueOn) await deps.due.setReviewMailDue(booking.id, next);
      }
      return batch.cursor;
    });
    Object.assign(result, run, { processed: result.invites + result.reminders });
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
