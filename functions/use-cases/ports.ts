/**
 * The ports use cases depend on. Adapters implement them (DynamoDB repositories in `adapters/dynamodb`, the
 * payment gateways, the mailer); tests pass the real local adapters or fakes that implement the same interfaces.
 * Issue 33 moved the bookings', payments', mail and review ports to files of their own beside it (re-exported here,
 * so existing imports keep working; new code imports from those files).
 */
import type { HostSuspension } from '../domain/back-office-views';
import type { Category, Experience, ExperienceCard, Host } from '../domain/entities';
import type { OutboxMail } from './mail-ports';

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
export type {
  BookingTransitionOptions,
  BookingCancellation,
  RefundChange,
  HostBookingFilter,
  BookingRepository,
  ScheduledMailRecord,
  ScheduledMailLog,
} from './booking-ports';
export type {
  PaymentIntentStatus,
  CreateAuthorizationRequest,
  PaymentAuthorization,
  PaymentIntentView,
  PaymentCancellationReason,
  PaymentGateway,
  RefundContext,
  PaymentRefund,
  StripeLikeObject,
  StripeLikeEvent,
  PaymentEventPublisher,
} from './payment-ports';
export type {
  MailAttachment,
  CalendarEvent,
  MailMessage,
  Mailer,
  OutboxMail,
  StoredMail,
  MailClaim,
  MailOutbox,
} from './mail-ports';
export type { ReviewInvitation, ReviewMailState, ReviewListFilter, ReviewRepository } from './review-ports';

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
