/**
 * The ports of bookings (DESIGN §5): the repository of their writes, transitions and lists, and the record of a
 * scheduled mail. Split out of `ports.ts` (issue 33: one file per job); `ports.ts` re-exports them.
 */
import type { Booking, BookingActor, BookingStatus, CancellingParty, RefundStatus } from '../domain/entities';
import type { Offer } from '../domain/offers';
import type { OutboxMail } from './mail-ports';
import type { MoneyWrite } from './money-ports';
import type { Page, PageRequest } from './ports';

export interface BookingTransitionOptions {
  /** New deadline (GSI5) or `null` to leave the expiry queue. Absent: unchanged. */
  deadline?: string | null;
  deniedMessage?: string | null;
  /** Give the slot's unit back in the same transaction (denied, cancelled, expired). */
  releaseSlot?: boolean;
  /** With `releaseSlot`: also close the slot (a host's cancellation; the host may reopen it in the calendar). */
  closeSlot?: boolean;
  /** A person's cancellation (DESIGN §4c): who, why, what comes back; `cancelledAt` becomes `now`. */
  cancellation?: BookingCancellation;
  /** Who decided (approve, deny); `decidedAt` becomes `now`. Absent: unchanged. */
  decidedBy?: BookingActor | null;
  /** Mails the transition causes: written to the outbox in the same transaction (none when it is refused). */
  mails?: OutboxMail[];
  /** The money the transition moves (a capture): ledger entry, earnings and counters in the same transaction. */
  money?: MoneyWrite;
  /**
   * Issue 31: an unpaid hold of a booking made from a concierge's offer gives its time back to the offer rather than
   * to the calendar: the offer (booked by this booking) becomes `opened` again in the same transaction, holding the
   * time (`releaseSlot` false) — or, past its expiry, `expired` (with `releaseSlot` true).
   */
  offerHandBack?: { offer: Offer; to: 'opened' | 'expired' };
  now: Date;
}

export interface BookingCancellation {
  cancelledBy: CancellingParty;
  reason: string | null;
  refundAmount: number;
  /** Null when nothing was charged (a request whose authorisation is released). */
  refundStatus: RefundStatus | null;
}

/** A change of a cancelled booking's refund (its outcome, or a refund found owed after all). */
export interface RefundChange {
  refundStatus: RefundStatus;
  refundAmount?: number;
  /** When the expiry job tries (again): the deadline index; null once settled. */
  retryAt: string | null;
  /** The provider's refund id, once known. */
  refundId?: string;
  /** The money the change moves (the refund's ledger entry and earnings), in the same transaction. */
  money?: MoneyWrite;
  now: Date;
}

/** What a host's booking lists can be narrowed to. */
export interface HostBookingFilter {
  status?: BookingStatus;
  experienceId?: string;
}

export interface BookingRepository {
  /**
   * One transaction: take one unit of the slot (condition: not blocked, booked < capacity, where capacity is the
   * slot's override or else `ruleCapacity`), put the booking, put the reference-uniqueness item. Throws
   * `slot_unavailable` when the slot cannot be taken, `duplicate` when the reference is taken (the caller draws a
   * new one), and retries transaction conflicts itself. The hold enters the lists and the dashboard counters only
   * when it becomes a request (`awaiting_payment` → `pending`, in that transition's own transaction).
   */
  createWithSlotHold(booking: Booking, ruleCapacity: number): Promise<void>;
  get(id: string): Promise<Booking | null>;
  getByReference(reference: string): Promise<Booking | null>;
  getByPaymentIntent(paymentIntentId: string): Promise<Booking | null>;
  /** Records the payment intent (and its lookup item) on an `awaiting_payment` booking; `state_conflict` otherwise. */
  attachPayment(
    id: string,
    provider: Booking['paymentProvider'],
    paymentIntentId: string,
    now: Date,
  ): Promise<Booking>;
  /** Conditional on the current status being one of `from`; `state_conflict` otherwise. Returns the new booking. */
  transition(
    id: string,
    from: BookingStatus | BookingStatus[],
    to: BookingStatus,
    options: BookingTransitionOptions,
  ): Promise<Booking>;
  /**
   * A host's requests (never bare holds), newest first, optionally of one status and of one experience. With an
   * experience, a page may hold fewer than `limit` bookings and still have a cursor.
   */
  listByHost(hostId: string, filter?: HostBookingFilter & PageRequest): Promise<Page<Booking>>;
  /** A host's requests whose tour date is in `from`..`to`, by date and time (at most `limit`). */
  listByHostTourDates(
    hostId: string,
    from: string,
    to: string,
    filter?: HostBookingFilter & { limit?: number },
  ): Promise<Booking[]>;
  /**
   * Ticks (`checkedInAt` a time) or unticks (null) the guest's arrival, conditional on the booking being the host's
   * and `approved` or `completed`: `not_found` when it is not the host's, `state_conflict` in another status.
   */
  setCheckIn(id: string, hostId: string, checkedInAt: string | null, now: Date): Promise<Booking>;
  listAll(filter?: { status?: BookingStatus } & PageRequest): Promise<Page<Booking>>;
  /** A guest's requests by e-mail address (case-insensitive, exact), newest first, optionally of one status. */
  listByGuestEmail(email: string, filter?: { status?: BookingStatus } & PageRequest): Promise<Page<Booking>>;
  /**
   * Reads requests newest first (all, or of one status) in batches, keeping those `keep` accepts, until `limit`
   * are kept or `maxRead` were read. The cursor continues right after the last booking looked at, so a page can
   * hold fewer than `limit` bookings (even none) and still have a cursor; it is absent once the index is read to
   * its end. `read` says how many bookings were looked at.
   */
  filterAll(
    filter: { status?: BookingStatus; cursor?: string; limit: number; maxRead: number },
    keep: (batch: Booking[]) => Promise<boolean[]>,
  ): Promise<Page<Booking> & { read: number }>;
  listCreatedInMonth(tokyoMonth: string, page?: PageRequest): Promise<Page<Booking>>;
  /**
   * Conditional on the booking being `cancelled` with a refund status in `from` (null: no refund tracked):
   * `true` for the call that changed it, `false` when another writer changed it first.
   */
  changeRefund(id: string, from: (RefundStatus | null)[], change: RefundChange): Promise<boolean>;
  /**
   * Bookings whose deadline is at or before `now` (awaiting_payment and pending; cancelled ones whose refund is
   * still owed), oldest deadline first.
   */
  listDue(now: Date, limit?: number): Promise<Booking[]>;
  /** Pending requests whose deadline is at or before `dueBy` and whose host was not reminded yet. */
  listAwaitingReminder(dueBy: Date, limit?: number): Promise<Booking[]>;
  /**
   * Records the reminder once: `true` for the one call that recorded it, `false` if already reminded or not
   * pending. `mails` (the reminder) enter the outbox in the same transaction, so only the recording call mails.
   */
  markReminded(id: string, now: Date, mails?: OutboxMail[]): Promise<boolean>;
}

/** What a scheduled mail is recorded as: one key per mail that must go out once (DESIGN §4c). */
export interface ScheduledMailRecord {
  /** e.g. `guest_reminder#<bookingId>`, `host_day_list#<hostId>#<date>`. */
  key: string;
  /** The record may be forgotten after this (the table's TTL); long after the mail stopped mattering. */
  expiresAt: Date;
  /** Only while these bookings are still `approved` (a cancelled tour gets no reminder). */
  approvedBookingIds?: string[];
}

export interface ScheduledMailLog {
  /**
   * Writes the record and the mails in one transaction, conditional on the record not existing yet (and on the
   * bookings named still being approved): `true` for the one call that wrote them, `false` otherwise.
   */
  recordOnce(record: ScheduledMailRecord, mails: OutboxMail[], now: Date): Promise<boolean>;
}
