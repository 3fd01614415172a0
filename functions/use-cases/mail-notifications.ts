/**
 * The booking-flow mails, in one place: each notice loads what the templates need (the experience, the host),
 * renders the mails and sends them. Confirm-payment, the payment-event handler and the expiry job call these
 * after their transition succeeded, so a mail goes out once per transition, never per trigger.
 *
 * A mail failure never undoes a booking: it is logged (with the booking id and which mail) and
 * the notice carries on with the next mail.
 */
import type { Booking, BookingStatus, Experience, Host } from '../domain/entities';
import { guestMailLanguage } from '../adapters/mail/templates/booking-mail';
import { guestBookingApprovedMail } from '../adapters/mail/templates/guest-booking-approved';
import type { BookingApprovedMailInput } from '../adapters/mail/templates/guest-booking-approved';
import { guestBookingDeniedMail } from '../adapters/mail/templates/guest-booking-denied';
import { guestBookingExpiredMail } from '../adapters/mail/templates/guest-booking-expired';
import { guestRequestReceivedMail } from '../adapters/mail/templates/guest-request-received';
import { hostNewRequestMail } from '../adapters/mail/templates/host-new-request';
import { hostRequestExpiredMail } from '../adapters/mail/templates/host-request-expired';
import { hostRequestReminderMail } from '../adapters/mail/templates/host-request-reminder';
import type { RenderedMail } from '../adapters/mail/templates/layout';
import { errorFields } from './console-logger';
import type { ExperienceRepository, HostRepository, Logger, Mailer } from './ports';

export interface BookingNotificationsDeps {
  experiences: ExperienceRepository;
  hosts: HostRepository;
  mailer: Mailer;
  logger: Logger;
  /** The site's origin for links in mails, e.g. `https://example.jp`. */
  baseUrl: string;
  siteName?: string;
}

/** What a notice did: mails handed to the mailer, and mails that could not be rendered or sent. */
export interface NoticeResult {
  sent: number;
  failed: number;
}

export interface BookingNotifications {
  /** Booking now `pending`: the guest's "request received" (in their site language), the host's "new request". */
  requestReceived(booking: Booking): Promise<NoticeResult>;
  /** Booking `expired` from `pending`: the host did not answer within 48 hours; guest and host are told. */
  requestExpired(booking: Booking): Promise<NoticeResult>;
  /**
   * Booking `cancelled` because its card authorisation was cancelled outside our flow (a `payment_intent.canceled`
   * event). `previous` is the status it had before.
   */
  authorisationCancelled(booking: Booking, previous: BookingStatus): Promise<NoticeResult>;
  /** Booking `approved` (card captured): the guest's confirmation, with the cancellation policy. */
  approved(booking: Booking): Promise<NoticeResult>;
  /** Booking `denied`: the guest is told, with the host's reason. */
  denied(booking: Booking): Promise<NoticeResult>;
  /** A `pending` request is about to expire: the host's one reminder. */
  hostReminder(booking: Booking): Promise<NoticeResult>;
}

type MailTarget = { to: 'guest' } | { to: 'host' };
interface PlannedMail {
  kind: string;
  target: MailTarget['to'];
  render: (input: BookingApprovedMailInput) => RenderedMail;
}

export function makeBookingNotifications(deps: BookingNotificationsDeps): BookingNotifications {
  async function send(booking: Booking, mails: PlannedMail[]): Promise<NoticeResult> {
    const result: NoticeResult = { sent: 0, failed: 0 };
    let experience: Experience | null;
    let host: Host | null;
    try {
      [experience, host] = await Promise.all([
        deps.experiences.get(booking.experienceId),
        deps.hosts.get(booking.hostId),
      ]);
    } catch (e) {
      deps.logger.error('Booking mail not sent: could not load its experience or host', {
        bookingId: booking.id,
        mails: mails.map((m) => m.kind),
        ...errorFields(e),
      });
      return { sent: 0, failed: mails.length };
    }
    if (!experience) {
      // The templates need the title and the meeting point; without them a mail would be misleading.
      deps.logger.error('Booking mail not sent: the experience no longer exists', {
        bookingId: booking.id,
        experienceId: booking.experienceId,
        mails: mails.map((m) => m.kind),
      });
      return { sent: 0, failed: mails.length };
    }
    const input: BookingApprovedMailInput = {
      booking,
      experience,
      hostCancellationPolicy: host?.cancellationPolicy ?? null,
      hostBusinessName: host?.businessName ?? (guestMailLanguage(booking) === 'ja' ? 'ホスト' : 'The host'),
      baseUrl: deps.baseUrl,
      ...(deps.siteName ? { siteName: deps.siteName } : {}),
    };
    for (const mail of mails) {
      const to = mail.target === 'guest' ? booking.email : host?.email;
      if (!to) {
        deps.logger.error('Booking mail not sent: the host has no record', {
          bookingId: booking.id,
          hostId: booking.hostId,
          mail: mail.kind,
        });
        result.failed++;
        continue;
      }
      try {
        const rendered = mail.render(input);
        await deps.mailer.send({ to, subject: rendered.subject, text: rendered.text, html: rendered.html });
        result.sent++;
      } catch (e) {
        deps.logger.error('Booking mail not sent', {
          bookingId: booking.id,
          mail: mail.kind,
          ...errorFields(e),
        });
        result.failed++;
      }
    }
    return result;
  }

  return {
    approved: (booking) =>
      send(booking, [{ kind: 'guest_booking_approved', target: 'guest', render: guestBookingApprovedMail }]),
    denied: (booking) =>
      // The template reads the host's reason from the booking (`deniedMessage`).
      send(booking, [{ kind: 'guest_booking_denied', target: 'guest', render: guestBookingDeniedMail }]),
    hostReminder: (booking) =>
      send(booking, [{ kind: 'host_request_reminder', target: 'host', render: hostRequestReminderMail }]),
    requestReceived: (booking) =>
      send(booking, [
        { kind: 'guest_request_received', target: 'guest', render: guestRequestReceivedMail },
        { kind: 'host_new_request', target: 'host', render: hostNewRequestMail },
      ]),
    requestExpired: (booking) =>
      send(booking, [
        {
          kind: 'guest_request_expired',
          target: 'guest',
          render: (input) => guestBookingExpiredMail({ ...input, cause: 'host_no_response' }),
        },
        { kind: 'host_request_expired', target: 'host', render: hostRequestExpiredMail },
      ]),
    authorisationCancelled: (booking, previous) =>
      send(booking, [
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
  };
}
