/**
 * The ports use cases depend on. Adapters implement them (DynamoDB repositories in `adapters/dynamodb`, the
 * payment gateways, the mailer); tests pass the real local adapters or fakes that implement the same interfaces.
 */
import type {
  Booking,
  BookingStatus,
  Category,
  Experience,
  ExperienceCard,
  Host,
  SlotState,
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
  limit?: number;
}

export interface ExperienceRepository {
  /** Creates the experience, its card (when public) and its category links; 409 `duplicate` if the id exists. */
  create(experience: Experience, categoryIds: string[]): Promise<void>;
  /** Replaces the experience; keeps the card in step with publication; replaces the links when given. */
  update(experience: Experience, categoryIds?: string[]): Promise<void>;
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

export interface HostRepository {
  /** Writes the host, the e-mail uniqueness item and bumps the host counter; 409 `duplicate` on a taken e-mail. */
  create(host: Host): Promise<void>;
  update(host: Host): Promise<void>;
  get(id: string): Promise<Host | null>;
  getByEmail(email: string): Promise<Host | null>;
  list(page?: PageRequest): Promise<Page<Host>>;
}

export interface SlotOverride {
  /** `true` closes the slot, `false` reopens it, absent leaves it as it is. */
  blocked?: boolean;
  /** A capacity for this one slot; `null` returns to the rule's capacity; absent leaves it as it is. */
  capacity?: number | null;
}

export interface SlotRepository {
  /** Stored slot states (counters and overrides) of the dates `from`..`to` inclusive, ordered by date and time. */
  listStates(experienceId: string, from: string, to: string): Promise<SlotState[]>;
  setOverride(experienceId: string, date: string, time: string, override: SlotOverride): Promise<SlotState>;
  /** Gives one unit back (conditional: booked > 0). */
  release(experienceId: string, date: string, time: string): Promise<void>;
}

export interface BookingTransitionOptions {
  /** New deadline (GSI5) or `null` to leave the expiry queue. Absent: unchanged. */
  deadline?: string | null;
  deniedMessage?: string | null;
  /** Give the slot's unit back in the same transaction (denied, cancelled, expired). */
  releaseSlot?: boolean;
  now: Date;
}

export interface BookingRepository {
  /**
   * One transaction: take one unit of the slot (condition: not blocked, booked < capacity, where capacity is the
   * slot's override or else `ruleCapacity`), put the booking, put the reference-uniqueness item, bump the
   * counters. Throws `slot_unavailable` when the slot cannot be taken, `duplicate` when the reference is taken
   * (the caller draws a new one), and retries transaction conflicts itself.
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
  listByHost(hostId: string, page?: PageRequest): Promise<Page<Booking>>;
  listAll(filter?: { status?: BookingStatus } & PageRequest): Promise<Page<Booking>>;
  listCreatedInMonth(tokyoMonth: string, page?: PageRequest): Promise<Page<Booking>>;
  /** Bookings whose deadline is at or before `now` (awaiting_payment and pending only), oldest deadline first. */
  listDue(now: Date, limit?: number): Promise<Booking[]>;
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
