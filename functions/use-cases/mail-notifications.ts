/**
 * The booking-flow mails, in one place: each notice loads what the templates need (the experience, the host) and
 * renders the mails for the outbox (DESIGN §4f). The caller renders them from the booking as it will be after its
 * transition (`bookingAfter`) and hands them to that transition, which writes them in the same transaction; the
 * sender delivers them afterwards, with retries. So a mail exists exactly when its transition happened, once per
 * transition, never per trigger, and an SES outage delays it instead of losing it.
 *
 * Rendering runs before the state change: when the experience or host cannot be read the caller fails before
 * changing anything (and is tried again); an experience that no longer exists, or a host without a record, is
 * logged and that mail is left out (a misleading mail would be worse).
 */
import type { Booking, BookingStatus, Experience, Host } from '../domain/entities';
import { calendarCancellation, calendarEvent } from '../adapters/mail/calendar-invite';
import { guestMailLanguage, siteNameOf } from '../adapters/mail/templates/booking-mail';
import { guestBookingApprovedMail } from '../adapters/mail/templates/guest-booking-approved';
import type { BookingApprovedMailInput } from '../adapters/mail/templates/guest-booking-approved';
import {
  guestBookingCancelledMail,
  hostBookingCancelledMail,
} from '../adapters/mail/templates/booking-cancelled';
import { guestBookingDeniedMail } from '../adapters/mail/templates/guest-booking-denied';
import { guestBookingExpiredMail } from '../adapters/mail/templates/guest-booking-expired';
import { guestRequestReceivedMail } from '../adapters/mail/templates/guest-request-received';
import {
  hostApprovedByAdminMail,
  hostDeniedByAdminMail,
} from '../adapters/mail/templates/host-decided-by-admin';
import { hostNewRequestMail } from '../adapters/mail/templates/host-new-request';
import { hostRequestExpiredMail } from '../adapters/mail/templates/host-request-expired';
import { hostRequestReminderMail } from '../adapters/mail/templates/host-request-reminder';
import type { RenderedMail } from '../adapters/mail/templates/layout';
import type {
  BookingTransitionOptions,
  ExperienceRepository,
  HostRepository,
  Logger,
  CalendarEvent,
  OutboxMail,
} from './ports';

export interface BookingNotificationsDeps {
  experiences: ExperienceRepository;
  hosts: HostRepository;
  logger: Logger;
  /** Ids of new mail items. */
  newId: () => string;
  /** The site's origin for links in mails, e.g. `https://example.jp`. */
  baseUrl: string;
  siteName?: string;
  /**
   * Told the ids of mails just written to the outbox, after their transaction. In AWS nothing needs telling (the
   * table's stream starts the sender); the local stack delivers them at once through it.
   */
  mailsQueued?: (ids: string[]) => Promise<void>;
}

/**
 * Each notice renders the mails of one transition from the booking as it is after it; the caller passes them to
 * the transition (`options.mails`) and, once it succeeded, to `queued`.
 */
export interface BookingNotifications {
  /** Booking now `pending`: the guest's "request received" (in their site language), the host's "new request". */
  requestReceived(booking: Booking): Promise<OutboxMail[]>;
  /** Booking `expired` from `pending`: the host did not answer within 48 hours; guest and host are told. */
  requestExpired(booking: Booking): Promise<OutboxMail[]>;
  /**
   * Booking `cancelled` because its card authorisation was cancelled outside our flow (a `payment_intent.canceled`
   * event). `previous` is the status it had before.
   */
  authorisationCancelled(booking: Booking, previous: BookingStatus): Promise<OutboxMail[]>;
  /**
   * Booking `approved` (card captured): the guest's confirmation, with the cancellation policy; when an admin
   * decided on the host's behalf, the host is told too.
   */
  approved(booking: Booking): Promise<OutboxMail[]>;
  /** Booking `denied`: the guest is told, with the reason; the host too when an admin decided for them. */
  denied(booking: Booking): Promise<OutboxMail[]>;
  /**
   * Booking `cancelled` by a person (`cancelledBy`): the guest is told (reason, refund); the host too unless the
   * host cancelled. A booking that was approved had a calendar invitation: the guest's mail withdraws it
   * (`METHOD:CANCEL`, same UID).
   */
  cancelled(booking: Booking, options: { wasApproved: boolean }): Promise<OutboxMail[]>;
  /** A `pending` request is about to expire: the host's one reminder. */
  hostReminder(booking: Booking): Promise<OutboxMail[]>;
  /** The mails' transaction succeeded: start their delivery (never throws; the sender's schedule is the backstop). */
  queued(mails: OutboxMail[]): Promise<void>;
}

/** The booking as `transition(…, to, options)` will leave it: what its mails are rendered from. */
export function bookingAfter(
  booking: Booking,
  to: BookingStatus,
  options: Omit<BookingTransitionOptions, 'mails'>,
): Booking {
  const now = options.now.toISOString();
  return {
    ...booking,
    status: to,
    updatedAt: now,
    ...(options.deadline !== undefined ? { deadline: options.deadline } : {}),
    ...(options.deniedMessage !== undefined ? { deniedMessage: options.deniedMessage || null } : {}),
    ...(options.decidedBy !== undefined
      ? { decidedBy: options.decidedBy, decidedAt: options.decidedBy ? now : null }
      : {}),
    ...(options.cancellation
      ? {
          cancelledBy: options.cancellation.cancelledBy,
          cancellationReason: options.cancellation.reason || null,
          cancelledAt: now,
          refundAmount: options.cancellation.refundAmount,
          refundStatus: options.cancellation.refundStatus,
        }
      : {}),
  };
}

interface PlannedMail {
  kind: string;
  target: 'guest' | 'host';
  render: (input: BookingApprovedMailInput) => RenderedMail;
  /** The calendar event the mail carries as an `.ics` file (the approved mail's invitation). */
  calendar?: (input: BookingApprovedMailInput) => CalendarEvent;
}

/** The host's mail about a decision an admin made on their behalf; none when the host decided themselves. */
function byAdmin(booking: Booking, mail: Omit<PlannedMail, 'target'>): PlannedMail[] {
  return booking.decidedBy?.role === 'admin' ? [{ ...mail, target: 'host' }] : [];
}

export function makeBookingNotifications(deps: BookingNotificationsDeps): BookingNotifications {
  async function render(booking: Booking, mails: PlannedMail[]): Promise<OutboxMail[]> {
    const [experience, host]: [Experience | null, Host | null] = await Promise.all([
      deps.experiences.get(booking.experienceId),
      deps.hosts.get(booking.hostId),
    ]);
    if (!experience) {
      // The templates need the title and the meeting point; without them a mail would be misleading.
      deps.logger.error('Booking mail not written: the experience no longer exists', {
        bookingId: booking.id,
        experienceId: booking.experienceId,
        mails: mails.map((m) => m.kind),
      });
      return [];
    }
    const guestLanguage = guestMailLanguage(booking);
    const input: BookingApprovedMailInput = {
      booking,
      experience,
      hostCancellationPolicy: host?.cancellationPolicy ?? null,
      hostBusinessName: host?.businessName ?? (guestLanguage === 'ja' ? 'ホスト' : 'The host'),
      baseUrl: deps.baseUrl,
      ...(deps.siteName ? { siteName: deps.siteName } : {}),
    };
    const out: OutboxMail[] = [];
    for (const mail of mails) {
      const to = mail.target === 'guest' ? booking.email : host?.email;
      if (!to) {
        deps.logger.error('Booking mail not written: the host has no record', {
          bookingId: booking.id,
          hostId: booking.hostId,
          mail: mail.kind,
        });
        continue;
      }
      const rendered = mail.render(input);
      out.push({
        id: deps.newId(),
        kind: mail.kind,
        bookingId: booking.id,
        to,
        // Host mails are the back office's Japanese; the guest's follow the site language they booked in.
        language: mail.target === 'guest' ? guestLanguage : 'ja',
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        attachments: [],
        ...(mail.calendar ? { calendar: mail.calendar(input) } : {}),
      });
    }
    return out;
  }
  return {
    approved: (booking) =>
      render(booking, [
        {
          kind: 'guest_booking_approved',
          target: 'guest',
          render: guestBookingApprovedMail,
          calendar: (input) => calendarEvent({ ...input, siteName: siteNameOf(input) }, 'REQUEST'),
        },
        ...byAdmin(booking, { kind: 'host_booking_approved_by_admin', render: hostApprovedByAdminMail }),
      ]),
    denied: (booking) =>
      // The template reads the host's reason from the booking (`deniedMessage`).
      render(booking, [
        { kind: 'guest_booking_denied', target: 'guest', render: guestBookingDeniedMail },
        ...byAdmin(booking, { kind: 'host_booking_denied_by_admin', render: hostDeniedByAdminMail }),
      ]),
    cancelled: (booking, options) =>
      render(booking, [
        {
          kind: 'guest_booking_cancelled',
          target: 'guest',
          render: guestBookingCancelledMail,
          ...(options.wasApproved
            ? { calendar: (input) => calendarCancellation({ ...input, siteName: siteNameOf(input) }) }
            : {}),
        },
        ...(booking.cancelledBy === 'host'
          ? []
          : [{ kind: 'host_booking_cancelled', target: 'host' as const, render: hostBookingCancelledMail }]),
      ]),
    hostReminder: (booking) =>
      render(booking, [{ kind: 'host_request_reminder', target: 'host', render: hostRequestReminderMail }]),
    requestReceived: (booking) =>
      render(booking, [
        { kind: 'guest_request_received', target: 'guest', render: guestRequestReceivedMail },
        { kind: 'host_new_request', target: 'host', render: hostNewRequestMail },
      ]),
    requestExpired: (booking) =>
      render(booking, [
        {
          kind: 'guest_request_expired',
          target: 'guest',
          render: (input) => guestBookingExpiredMail({ ...input, cause: 'host_no_response' }),
        },
        { kind: 'host_request_expired', target: 'host', render: hostRequestExpiredMail },
      ]),
    authorisationCancelled: (booking, previous) =>
      render(booking, [
        previous === 'awaiting_payment'
          ? {
              // The guest never completed the payment: exactly what the "hold lapsed" mail says (slot released,
              // card not charged, book again).
              kind: 'guest_hold_lapsed',
              target: 'guest',
              render: (input) => guestBookingExpiredMail({ ...input, cause: 'hold_lapsed' }),
            }
          : {
              // An authorised request lost its authorisation before the host decided. Of the existing mails the
              // "could not be accepted" one (without a host message) says what matters: the request will not go
              // ahead, the card is not charged, choose another date. A dedicated template would word the cause.
              kind: 'guest_request_not_accepted',
              target: 'guest',
              render: (input) => guestBookingDeniedMail({ ...input, reason: null }),
            },
      ]),
    async queued(mails) {
      if (mails.length === 0 || !deps.mailsQueued) return;
      try {
        await deps.mailsQueued(mails.map((m) => m.id));
      } catch (e) {
        deps.logger.warn('Mail delivery not started at once; the sender will pick the mails up', {
          mails: mails.map((m) => m.id),
          error: e instanceof Error ? e.message : String(e),
        });
      }
    },
  };
}
