/**
 * The ports use cases depend on. Adapters implement them (DynamoDB repositories in `adapters/dynamodb`, the
 * payment gateways, the mailer); tests pass the real local adapters or fakes that implement the same interfaces.
 */
import type { GuestLocale } from '../domain/entities';
import type { HostSuspension } from '../domain/back-office-views';
import type { MailStatus } from '../domain/mail-delivery';
import type { RatingCounter, Review, ReviewStatus } from '../domain/reviews';
import type { ConnectGateway, MoneyWrite } from './money-ports';
import type {
  Booking,
  BookingActor,
  BookingStatus,
  CancellingParty,
  Category,
  Experience,
  ExperienceCard,
  Host,
  RefundStatus,
} from '../domain/entities';

export interface Page<T> {
  items: T[];
  /** Opaque; pass back to read the next page. Absent on the last page. */
  cursor?: string;
}

export interface PageRequest {
  limit?: number;
  cursor?: string;
}

export type CardSort = 'newest' | 'lowest_price';

export interface CardQuery {
  sort: CardSort;
  /** Case-insensitive exact prefecture. */
  prefecture?: string;
  /** Any-of. */
  categoryIds?: string[];
  /** Cards of these hosts are left out (suspended hosts), before `limit` applies. */
  excludeHostIds?: ReadonlySet<string>;
  limit?: number;
  /** Continue after this card in the query's order (the last card of the previous page). */
  after?: CardPosition;
}

/** Where a card stands in either order of the catalogue (newest first: creation, then id; price, then id). */
export type CardPosition = Pick<ExperienceCard, 'id' | 'createdAt' | 'price'>;

export interface ExperienceRepository {
  /** Creates the experience, its card (when public) and its category links; 409 `duplicate` if the id exists. */
  create(experience: Experience, categoryIds: string[]): Promise<void>;
  /**
   * Replaces the experience; keeps the card in step with publication; replaces the links when given. With
   * `expectedUpdatedAt`, only while the stored experience still has that `updatedAt` (409 `stale` otherwise).
   */
  update(experience: Experience, categoryIds?: string[], expectedUpdatedAt?: string): Promise<void>;
  /** Deletes the experience, its card and links (slot counters and bookings stay). */
  delete(id: string): Promise<void>;
  get(id: string): Promise<Experience | null>;
  listByHost(hostId: string, page?: PageRequest): Promise<Page<Experience>>;
  countByHost(hostId: string): Promise<number>;
  categoryIdsOf(experienceId: string): Promise<string[]>;
  /** Published cards only. */
  listCards(query: CardQuery): Promise<ExperienceCard[]>;
}

export interface CategoryRepository {
  put(category: Category): Promise<void>;
  get(id: string): Promise<Category | null>;
  /** Active categories ordered by name. */
  listActive(): Promise<Category[]>;
}

export interface HostUpdateOptions {
  mails?: OutboxMail[];
  /** When the mails were written (required with `mails`). */
  now?: Date;
  /**
   * Writes only while the stored host is still under review (`state_conflict` otherwise): of two approvals at the
   * same moment only one changes the host and writes its mail.
   */
  onlyIfUnderReview?: boolean;
}

export interface HostRepository {
  /** Writes the host, the e-mail uniqueness item and bumps the host counter; 409 `duplicate` on a taken e-mail. */
  create(host: Host): Promise<void>;
  /** Rewrites the host; with `mails`, they are written in the same transaction (the outbox, DESIGN §4f). */
  update(host: Host, options?: HostUpdateOptions): Promise<void>;
  get(id: string): Promise<Host | null>;
  getByEmail(email: string): Promise<Host | null>;
  /** The hosts of `ids` that exist, in no particular order (one batch read, not one read per id). */
  getMany(ids: readonly string[]): Promise<Host[]>;
  list(page?: PageRequest): Promise<Page<Host>>;
  /** Hosts still under review (`reviewStatus: 'underReview'`), newest first. */
  listUnderReview(page?: PageRequest): Promise<Page<Host>>;
  /**
   * Suspends the host: its suspension record and its place in the suspended set, atomically. `not_found` without
   * a host, `state_conflict` when it is already suspended.
   */
  suspend(hostId: string, suspension: HostSuspension, options?: HostUpdateOptions): Promise<void>;
  /**
   * Lifts the suspension (both records, atomically); `state_conflict` when the host is not suspended. With `mails`
   * (suspend and reinstate alike) they are written in the same transaction.
   */
  reinstate(hostId: string, options?: HostUpdateOptions): Promise<void>;
  /** The host's suspension, or null while it is active. */
  suspensionOf(hostId: string): Promise<HostSuspension | null>;
  /** The ids of every suspended host (one small item: the guest catalogue reads it on every list). */
  suspendedHostIds(): Promise<ReadonlySet<string>>;
}

export type { SlotOverride, SlotRepository } from './slot-ports';

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

export interface DashboardCounts {
  totalBookings: number;
  bookingsThisMonth: number;
  totalHosts: number;
}

export interface CounterRepository {
  read(name: string): Promise<number>;
  adminDashboard(tokyoMonth: string): Promise<DashboardCounts>;
  hostDashboard(
    hostId: string,
    tokyoMonth: string,
  ): Promise<{ totalBookings: number; bookingsThisMonth: number }>;
}

// ---------------------------------------------------------------------------------------------------------------
// Host accounts (adapter: `adapters/identity/cognito-host-identity.ts`): the host pool's users
// ---------------------------------------------------------------------------------------------------------------

export interface HostIdentity {
  /**
   * Creates a host user whose e-mail is verified and whose password is permanent (no invitation mail, no forced
   * change): they can sign in at once. Returns the user's id (the `sub`, which is the host profile's id). Throws
   * `duplicate` when a user with this e-mail exists, `validation_failed` (field `password`) when the pool's policy
   * refuses the password. Nothing is left behind when it throws.
   */
  createUser(input: { email: string; password: string }): Promise<{ userId: string }>;
  /** Deletes the user (the rollback of a host creation whose profile could not be written). */
  deleteUser(userId: string): Promise<void>;
  /** The user can no longer sign in or refresh tokens (suspension). A user that does not exist is a no-op. */
  disableUser(userId: string): Promise<void>;
  /** Undoes `disableUser`. A user that does not exist is a no-op. */
  enableUser(userId: string): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// Images (adapter: `adapters/storage/`): uploads go straight to storage; the API verifies and publishes them
// ---------------------------------------------------------------------------------------------------------------

export interface ImageStore {
  /**
   * A presigned POST for one new upload under the host's own private prefix (`uploads/<hostId>/…`), limited to
   * the declared type and size (the request schema already checked both against the purpose's limits).
   */
  createUpload(input: {
    hostId: string;
    purpose: 'avatar' | 'experience-image';
    contentType: string;
    size: number;
  }): Promise<{ key: string; url: string; fields: Record<string, string> }>;
  /**
   * Verifies an uploaded object (the host's own key, really an image by its bytes, within the purpose's size)
   * and publishes it (resized variants served under `/images/`); returns its public URL. Throws
   * `validation_failed` with the specification's message when the object is missing, foreign, not an image or
   * too large; nothing is published then.
   */
  publish(input: { hostId: string; key: string; purpose: 'avatar' | 'experience-image' }): Promise<string>;
  /** Deletes published images (their variants) by public URL; unknown URLs are ignored. */
  remove(urls: string[]): Promise<void>;
  /**
   * A published image copied under a new address (every variant), so that a duplicated experience owns its photos:
   * deleting one experience's photo never breaks the other's. A URL that is not a published photo (a seed path, an
   * external URL) is answered as it is: `remove` ignores those, so sharing them is safe.
   */
  copy(url: string): Promise<string>;
}

// ---------------------------------------------------------------------------------------------------------------
// Payments and mail (adapters: `adapters/payments/{stripe,local}-payment-gateway.ts`, `adapters/mail/ses-mailer.ts`)
// ---------------------------------------------------------------------------------------------------------------

/** The PaymentIntent statuses the booking flow reads (Stripe's names; `requires_capture` = authorised). */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface CreateAuthorizationRequest {
  bookingId: string;
  /** Whole yen (JPY is zero-decimal: this is the provider amount as is). */
  amount: number;
  currency: 'JPY';
  /** Shown in the provider's dashboard, e.g. "ABC123 · Tea ceremony in Matsuyama · 2025-05-01 10:00". */
  description: string;
  /** Extra string metadata stored on the intent; `bookingId` is always added and cannot be overridden. */
  metadata: Record<string, string>;
  customerEmail: string;
  /**
   * A destination charge (DESIGN §4g): the host's connected account receives the charge less the platform fee
   * (taken as the application fee at capture); `transferGroup` is the booking id.
   */
  destination?: { accountId: string; transferGroup: string } | null;
}

export interface PaymentAuthorization {
  paymentIntentId: string;
  /** Handed to the browser to confirm the payment; never logged. */
  clientSecret: string;
  status: PaymentIntentStatus;
}

export interface PaymentIntentView {
  id: string;
  status: PaymentIntentStatus;
  /** Whole yen. */
  amount: number;
  /** Whole yen still capturable (the authorised amount while `requires_capture`, else 0). */
  amountCapturable: number;
  currency: 'JPY';
  /** From the intent's metadata; null for an intent this marketplace did not create. */
  bookingId: string | null;
  /** Whole yen refunded so far, where the provider's intent carries it (the local gateway). */
  amountRefunded?: number;
}

/** Stripe's cancellation reasons accepted on cancel (the expiry job uses `abandoned`). */
export type PaymentCancellationReason = 'abandoned' | 'duplicate' | 'fraudulent' | 'requested_by_customer';

export interface PaymentGateway extends ConnectGateway {
  readonly provider: 'stripe' | 'local';
  /**
   * Creates a manual-capture authorisation for the booking. Idempotent per booking id: calling it again for the
   * same booking returns the same intent. Throws DomainError `payment_failed` when the provider fails.
   */
  createAuthorization(request: CreateAuthorizationRequest): Promise<PaymentAuthorization>;
  /** The intent's real status as the provider sees it; `not_found` for an unknown id. */
  retrieve(paymentIntentId: string): Promise<PaymentIntentView>;
  /**
   * Whether `clientSecret` is the intent's own client secret, the one handed to the guest's browser: the proof a
   * browser shows to give its own hold back. Compared in constant time; `false` for an unknown intent.
   */
  clientSecretMatches(paymentIntentId: string, clientSecret: string): Promise<boolean>;
  /**
   * Captures the authorised amount (idempotent per booking: a repeated capture of a captured intent returns
   * `succeeded`). `state_conflict` when the intent is not capturable (e.g. canceled), `payment_failed` on provider
   * failure.
   */
  capture(
    paymentIntentId: string,
    context: { bookingId: string; applicationFeeAmount?: number },
  ): Promise<PaymentIntentStatus>;
  /**
   * Cancels the authorisation (the card is never charged). Cancelling an already-canceled intent is a success
   * and returns `canceled`; a captured intent cannot be cancelled (`state_conflict`).
   */
  cancel(
    paymentIntentId: string,
    context: { bookingId: string; reason?: PaymentCancellationReason },
  ): Promise<PaymentIntentStatus>;
  /**
   * Refunds `amount` whole yen of a captured payment. Idempotent per booking (one refund per booking, idempotency
   * key `refund-<bookingId>`): a repeated call returns the same refund and never refunds twice. `state_conflict`
   * when nothing was captured, `payment_failed` when the provider fails (safe to retry).
   */
  refund(paymentIntentId: string, context: RefundContext): Promise<PaymentRefund>;
}

export interface RefundContext {
  bookingId: string;
  amount: number;
  /**
   * A destination charge: the refund also reverses the host's transfer and refunds the application fee in
   * proportion (Stripe's `reverse_transfer` and `refund_application_fee`).
   */
  connected?: boolean;
}

export interface PaymentRefund {
  id: string;
  /** Whole yen. */
  amount: number;
  status: 'succeeded' | 'pending';
}

/** The object inside a Stripe-shaped event (`data.object`): Stripe's snake_case field names. */
export interface StripeLikeObject {
  id: string;
  /** Stripe's object type, e.g. `payment_intent`. */
  object: string;
  metadata?: Record<string, string>;
  [field: string]: unknown;
}

/**
 * A Stripe Event as Stripe sends it (webhook body, or EventBridge `detail`), or as the local gateway emits it.
 * Consumers must treat it as a hint and re-read the intent before acting.
 */
export interface StripeLikeEvent {
  /** `evt_…` (`evt_local_…` from the local gateway); the idempotency key of event handling. */
  id: string;
  /** e.g. `payment_intent.amount_capturable_updated`. */
  type: string;
  /** Unix seconds. */
  created: number;
  data: { object: StripeLikeObject };
  [field: string]: unknown;
}

/** Publishes payment events to our bus (EventBridge in AWS, the in-process bus locally). */
export interface PaymentEventPublisher {
  publish(event: StripeLikeEvent): Promise<void>;
}

/** A file sent with a mail (e.g. a calendar `.ics`). */
export interface MailAttachment {
  fileName: string;
  /** MIME type, e.g. `text/calendar; method=REQUEST`. */
  contentType: string;
  /** The file's bytes, base64-encoded (items and events carry text). */
  contentBase64: string;
}

/**
 * A calendar event a mail carries as an `.ics` file (DESIGN §4c). The use cases store this description with the
 * mail; the mailer makes the file when it sends (`adapters/mail/ics-file.ts`), so only the functions that send
 * mail carry the calendar library.
 */
export interface CalendarEvent {
  /** `REQUEST` with the approval, `CANCEL` (same `uid`) with a cancellation. */
  method: 'REQUEST' | 'CANCEL';
  /** One per booking, the same in every file about it: `<bookingId>@<site host>`. */
  uid: string;
  fileName: string;
  productId: string;
  title: string;
  description: string;
  location: string;
  geo: { lat: number; lon: number } | null;
  /** Instants (ISO-8601, UTC). */
  start: string;
  end: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** Sent as one more attachment, `text/calendar`. */
  calendar?: CalendarEvent;
}

export interface Mailer {
  /** Sends one message; throws when the provider refuses it (callers decide whether that is fatal). */
  send(message: MailMessage): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// The mail outbox (DESIGN §4f; adapter: `adapters/dynamodb/mail-outbox.ts`): every mail is first an item written
// with the state change that causes it, then delivered by the sender (`use-cases/send-mails.ts`)
// ---------------------------------------------------------------------------------------------------------------

/** A rendered mail, ready for the outbox: what the sender hands to the mailer, plus what it is about. */
export interface OutboxMail extends MailMessage {
  id: string;
  /** Which mail it is, e.g. `guest_request_received` (logs, the admin list). */
  kind: string;
  language: GuestLocale;
  attachments: MailAttachment[];
  /** The booking it is about, if any. */
  bookingId?: string;
}

/** A mail item as stored, with its delivery state. */
export interface StoredMail extends OutboxMail {
  status: MailStatus;
  /** Delivery attempts started so far. */
  attempts: number;
  /** pending: when it may be tried (again); sending: when the sender's claim runs out. Null once sent or failed. */
  nextAttemptAt: string | null;
  /** The last failure's message (SES's error), shown to admins. */
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  failedAt: string | null;
}

/** A sender's exclusive right to deliver one mail (the outcome is recorded only with the same token). */
export interface MailClaim {
  mail: StoredMail;
  token: string;
}

export interface MailOutbox {
  /** Mails due for delivery at `now` (pending and due, or claimed by a sender whose lease ran out), oldest first. */
  listDue(now: Date, limit: number): Promise<StoredMail[]>;
  get(id: string): Promise<StoredMail | null>;
  /**
   * Takes the mail for one delivery attempt (conditional: due at `now`, not sent, not failed): counts the attempt
   * and leases it until `leaseUntil`. `null` when another sender has it or it is no longer due: at most one
   * sender holds a mail at any moment, so a mail goes out once even with two senders running.
   */
  claim(id: string, now: Date, leaseUntil: Date): Promise<MailClaim | null>;
  /** The claimed attempt succeeded. `false` if the claim was lost meanwhile (the lease ran out). */
  markSent(claim: MailClaim, now: Date): Promise<boolean>;
  /** The claimed attempt failed; tried again at `nextAttemptAt`. */
  markRetry(claim: MailClaim, now: Date, nextAttemptAt: Date, error: string): Promise<boolean>;
  /** The claimed attempt failed for the last time: the mail is `failed` (the admin list). */
  markFailed(claim: MailClaim, now: Date, error: string): Promise<boolean>;
  /** Failed mails, newest first. */
  listFailed(page?: PageRequest): Promise<Page<StoredMail>>;
  /** A failed mail back to pending with fresh attempts, due now; `not_found`, or `state_conflict` unless failed. */
  requeue(id: string, now: Date): Promise<StoredMail>;
}

// ---------------------------------------------------------------------------------------------------------------
// Guest API support: logging, rate limiting, payment-event idempotency
// (adapters: `adapters/dynamodb/rate-limiter.ts`, `adapters/dynamodb/processed-events.ts`)
// ---------------------------------------------------------------------------------------------------------------

/** Structured logging; `context` is serialised beside the message (never put secrets or card data in it). */
export interface Logger {
  info(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
  error(message: string, context?: Record<string, unknown>): void;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Attempts left in the current window (0 once the limit is reached). */
  remaining: number;
  /** Seconds until the current window ends (when a refused caller may try again). */
  retryAfterSeconds: number;
  /** Unix seconds the counted window started at: what `refund` needs to give this hit back. */
  windowStartSeconds: number;
}

export interface RateLimiter {
  /**
   * Counts one attempt for `key` in the current fixed window of `windowSeconds` and says whether it is within
   * `limit`. Atomic: N concurrent hits on one key allow exactly `limit` of them.
   */
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitDecision>;
  /**
   * Gives one hit of the window starting at `windowStartSeconds` back (an attempt that turned out legitimate).
   * Never takes a count below zero, and a window that has ended is left alone.
   */
  refund(key: string, windowStartSeconds: number): Promise<void>;
}

export interface LeaseDecision {
  allowed: boolean;
  /** When refused: seconds until the first live lease expires (when a refused caller may try again). */
  retryAfterSeconds: number;
}

/**
 * Caps how many things one key holds at once (a client's open unpaid holds): each is a lease with an expiry.
 * (adapter: `adapters/dynamodb/lease-limiter.ts`)
 */
export interface LeaseLimiter {
  /**
   * Takes lease `leaseId` under `key` until `expiresAt`, unless `limit` leases are already live. A lease is live
   * until it expires or `stillHeld(leaseId)` says it ended earlier (asked only of unexpired leases, so a lease
   * whose end nobody reported still ends on time). Atomic per key: parallel acquisitions never exceed `limit`.
   */
  acquire(
    key: string,
    leaseId: string,
    limit: number,
    expiresAt: Date,
    stillHeld: (leaseId: string) => Promise<boolean>,
  ): Promise<LeaseDecision>;
  /** Ends a lease at once (what it guarded did not happen); nothing when it is not there. */
  release(key: string, leaseId: string): Promise<void>;
}

/** Remembers which payment events were handled, so a redelivered event is not handled again. */
export interface ProcessedEventStore {
  /** `true` when the event was marked processed (and the mark has not expired). */
  isProcessed(eventId: string): Promise<boolean>;
  /**
   * Marks the event processed for `ttlSeconds` (conditional put). Returns `false` when it was already marked
   * (another delivery finished first), `true` when this call marked it.
   */
  markProcessed(eventId: string, ttlSeconds: number): Promise<boolean>;
}

// ---------------------------------------------------------------------------------------------------------------
// Reviews (DESIGN §4e; adapter: `adapters/dynamodb/review-repository.ts`)
// ---------------------------------------------------------------------------------------------------------------

/** A personal review link, stored under the SHA-256 of its token (the token itself is only in the guest's mail). */
export interface ReviewInvitation {
  tokenHash: string;
  bookingId: string;
  /** The link answers 404 after this instant. */
  validUntil: string;
}

/** What the invitation job knows about a completed booking's review mails. */
export interface ReviewMailState {
  invited: boolean;
  reminded: boolean;
  reviewed: boolean;
}

export interface ReviewListFilter {
  experienceId?: string;
  rating?: number;
}

export interface ReviewRepository {
  /**
   * One transaction: the scheduled-mail record (conditional: not written yet), the invitation, the mails; for a
   * reminder also conditional on the booking having no review. `false` when another run wrote it first or the
   * guest has written meanwhile.
   */
  recordInvitation(
    record: ScheduledMailRecord,
    invitation: ReviewInvitation,
    mails: OutboxMail[],
    now: Date,
  ): Promise<boolean>;
  /** Invited, reminded, reviewed: one batch read for many bookings. */
  mailStates(bookingIds: readonly string[]): Promise<Map<string, ReviewMailState>>;
  getInvitation(tokenHash: string): Promise<ReviewInvitation | null>;
  /** The booking's review id, if it has one. */
  reviewIdOfBooking(bookingId: string): Promise<string | null>;
  /**
   * One transaction: the review, the booking's one-review item (conditional: none yet → 409 `duplicate`), the
   * experience's and the host's counters (+1, +rating).
   */
  create(review: Review): Promise<void>;
  get(id: string): Promise<Review | null>;
  /** Visible reviews of an experience, newest first. */
  listVisible(experienceId: string, page?: PageRequest): Promise<Page<Review>>;
  /** Every review of the host's experiences (hidden ones too), newest first, optionally filtered. */
  listByHost(hostId: string, filter: ReviewListFilter & PageRequest): Promise<Page<Review>>;
  /** Reviews of one status, newest first; `q` matches text, author and experience title (bounded read). */
  listByStatus(status: ReviewStatus, filter: { q?: string } & PageRequest): Promise<Page<Review>>;
  /** Sets the reply (conditional: the review is the host's, else `not_found`). */
  setReply(id: string, hostId: string, text: string, now: Date): Promise<Review>;
  /**
   * Hides or shows the review and moves the counters in the same transaction (conditional on the current status:
   * `state_conflict` when it already is so, `not_found` without a review).
   */
  setVisibility(id: string, visible: boolean, reason: string | null, now: Date): Promise<Review>;
  /** The counters of these experiences (one batch read); experiences without reviews are absent. */
  experienceRatings(experienceIds: readonly string[]): Promise<Map<string, RatingCounter>>;
  hostRating(hostId: string): Promise<RatingCounter | null>;
}
