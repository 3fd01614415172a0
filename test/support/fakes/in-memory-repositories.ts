/**
 * In-memory repositories implementing the ports with the same semantics as the DynamoDB adapters where the use
 * cases depend on them: the slot hold is all-or-nothing (blocked, full → `slot_unavailable`; taken reference →
 * `duplicate`), every transition is conditional on the current status (`state_conflict` otherwise), a release
 * never takes a counter below zero, and `listDue` returns waiting bookings at or past their deadline, oldest first.
 * Everything handed out is a copy, as a database read would be.
 */
import { toCard } from '../../../functions/adapters/dynamodb/experience-repository';
import type { HostSuspension } from '../../../functions/domain/back-office-views';
import { InMemoryDueWork } from './in-memory-due-work';
import { InMemoryMailOutbox } from './in-memory-mail-outbox';
import { InMemoryMoney, InMemoryPayoutProfiles } from './in-memory-money';
import type {
  Booking,
  BookingStatus,
  RefundStatus,
  Category,
  Experience,
  ExperienceCard,
  Host,
  SlotState,
} from '../../../functions/domain/entities';
import { DomainError, SLOT_UNAVAILABLE_MESSAGE } from '../../../functions/domain/errors';
import { busiestOverlap, indexTourDays, type TourDay } from '../../../functions/domain/availability';
import { bufferOf, durationOf, heldQuarters, type TourTiming } from '../../../functions/domain/tour-span';
import type {
  BookingRepository,
  BookingTransitionOptions,
  RefundChange,
  CardPosition,
  CardQuery,
  CategoryRepository,
  ExperienceRepository,
  HostRepository,
  HostUpdateOptions,
  OutboxMail,
  Page,
  PageRequest,
  SlotOverride,
  SlotRepository,
  HostBookingFilter,
} from '../../../functions/use-cases/ports';

const copy = <T>(value: T): T => structuredClone(value);
/** A page of `items`; the cursor is the position of the next page (opaque to callers, as in DynamoDB). */
const page = <T>(items: T[], request?: PageRequest): Page<T> => {
  const start = request?.cursor ? Number(request.cursor) : 0;
  if (!request?.limit) return { items: items.slice(start) };
  const end = start + request.limit;
  return { items: items.slice(start, end), ...(end < items.length ? { cursor: String(end) } : {}) };
};
const newestFirst = <T extends { createdAt: string; id: string }>(a: T, b: T) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

export class InMemoryExperienceRepository implements ExperienceRepository {
  readonly items = new Map<string, Experience>();
  readonly links = new Map<string, string[]>();

  async create(experience: Experience, categoryIds: string[]): Promise<void> {
    if (this.items.has(experience.id)) throw new DomainError('duplicate', 'Experience exists');
    this.items.set(experience.id, copy(experience));
    this.links.set(experience.id, [...new Set(categoryIds)]);
  }
  async update(experience: Experience, categoryIds?: string[], expectedUpdatedAt?: string): Promise<void> {
    const current = this.items.get(experience.id);
    if (!current) throw new DomainError('not_found', `Experience ${experience.id} not found`);
    if (expectedUpdatedAt !== undefined && current.updatedAt !== expectedUpdatedAt) {
      throw new DomainError('stale', 'The experience changed meanwhile');
    }
    this.items.set(experience.id, copy(experience));
    if (categoryIds) this.links.set(experience.id, [...new Set(categoryIds)]);
  }
  async delete(id: string): Promise<void> {
    if (!this.items.has(id)) throw new DomainError('not_found', `Experience ${id} not found`);
    this.items.delete(id);
    this.links.delete(id);
  }
  async get(id: string): Promise<Experience | null> {
    const e = this.items.get(id);
    return e ? copy(e) : null;
  }
  async listByHost(hostId: string, request?: PageRequest): Promise<Page<Experience>> {
    return page(
      [...this.items.values()]
        .filter((e) => e.hostId === hostId)
        .sort(newestFirst)
        .map(copy),
      request,
    );
  }
  async countByHost(hostId: string): Promise<number> {
    return [...this.items.values()].filter((e) => e.hostId === hostId).length;
  }
  async categoryIdsOf(experienceId: string): Promise<string[]> {
    return [...(this.links.get(experienceId) ?? [])];
  }
  async listCards(query: CardQuery): Promise<ExperienceCard[]> {
    const prefecture = query.prefecture?.trim().toLowerCase();
    const categories = query.categoryIds ?? [];
    const cards = [...this.items.values()]
      .filter((e) => e.publicationStatus === 'public')
      .filter((e) => !query.excludeHostIds?.has(e.hostId))
      .filter((e) => prefecture === undefined || e.prefecture.trim().toLowerCase() === prefecture)
      .filter(
        (e) => categories.length === 0 || (this.links.get(e.id) ?? []).some((c) => categories.includes(c)),
      )
      .map(toCard);
    const order = (a: CardPosition, b: CardPosition) =>
      query.sort === 'lowest_price'
        ? a.price - b.price || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
        : newestFirst(a, b);
    const after = query.after;
    const sorted = cards.filter((c) => !after || order(c, after) > 0).sort(order);
    return query.limit === undefined ? sorted : sorted.slice(0, query.limit);
  }
}

export class InMemoryCategoryRepository implements CategoryRepository {
  readonly items = new Map<string, Category>();
  async put(category: Category): Promise<void> {
    this.items.set(category.id, copy(category));
  }
  async get(id: string): Promise<Category | null> {
    const c = this.items.get(id);
    return c ? copy(c) : null;
  }
  async listActive(): Promise<Category[]> {
    return [...this.items.values()]
      .filter((c) => c.isActive)
      .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id))
      .map(copy);
  }
}

export class InMemoryHostRepository implements HostRepository {
  readonly items = new Map<string, Host>();
  constructor(private readonly outbox: InMemoryMailOutbox = new InMemoryMailOutbox()) {}
  async create(host: Host): Promise<void> {
    const email = host.email.toLowerCase();
    if (this.items.has(host.id) || [...this.items.values()].some((h) => h.email.toLowerCase() === email)) {
      throw new DomainError('duplicate', 'Host exists');
    }
    this.items.set(host.id, copy(host));
  }
  async update(host: Host, options: HostUpdateOptions = {}): Promise<void> {
    const stored = this.items.get(host.id);
    if (options.onlyIfUnderReview && stored?.reviewStatus !== 'underReview') {
      throw new DomainError('state_conflict', 'The host was changed at the same time; reload and try again');
    }
    this.items.set(host.id, copy(host));
    if (options.now) this.outbox.add(options.mails, options.now);
  }
  async get(id: string): Promise<Host | null> {
    const h = this.items.get(id);
    return h ? copy(h) : null;
  }
  async getByEmail(email: string): Promise<Host | null> {
    const h = [...this.items.values()].find((x) => x.email.toLowerCase() === email.trim().toLowerCase());
    return h ? copy(h) : null;
  }
  async getMany(ids: readonly string[]): Promise<Host[]> {
    return [...new Set(ids)].flatMap((id) => {
      const h = this.items.get(id);
      return h ? [copy(h)] : [];
    });
  }
  async list(request?: PageRequest): Promise<Page<Host>> {
    return page([...this.items.values()].sort(newestFirst).map(copy), request);
  }
  async listUnderReview(request?: PageRequest): Promise<Page<Host>> {
    const waiting = [...this.items.values()].filter((h) => h.reviewStatus === 'underReview');
    return page(waiting.sort(newestFirst).map(copy), request);
  }
  readonly suspensions = new Map<string, HostSuspension>();
  async suspend(hostId: string, suspension: HostSuspension, options: HostUpdateOptions = {}): Promise<void> {
    if (!this.items.has(hostId)) throw new DomainError('not_found', `Host ${hostId} not found`);
    if (this.suspensions.has(hostId)) throw new DomainError('state_conflict', 'Already suspended');
    this.suspensions.set(hostId, copy(suspension));
    if (options.now) this.outbox.add(options.mails, options.now);
  }
  async reinstate(hostId: string, options: HostUpdateOptions = {}): Promise<void> {
    if (!this.suspensions.delete(hostId)) throw new DomainError('state_conflict', 'Not suspended');
    if (options.now) this.outbox.add(options.mails, options.now);
  }
  async suspensionOf(hostId: string): Promise<HostSuspension | null> {
    const s = this.suspensions.get(hostId);
    return s ? copy(s) : null;
  }
  async suspendedHostIds(): Promise<ReadonlySet<string>> {
    return new Set(this.suspensions.keys());
  }
}

const slotKey = (experienceId: string, date: string, time: string) => `${experienceId}#${date}#${time}`;

export class InMemorySlotRepository implements SlotRepository {
  readonly states = new Map<string, SlotState>();
  /** Tour days by `experienceId#date`: the quarters tours hold, and the closed flag. */
  readonly days = new Map<string, TourDay>();

  state(experienceId: string, date: string, time: string): SlotState {
    const key = slotKey(experienceId, date, time);
    let s = this.states.get(key);
    if (!s) {
      s = { experienceId, date, time, booked: 0, blocked: false, capacity: null };
      this.states.set(key, s);
    }
    return s;
  }
  day(experienceId: string, date: string): TourDay {
    const key = `${experienceId}#${date}`;
    let d = this.days.get(key);
    if (!d) {
      d = { date, closed: false, held: {} };
      this.days.set(key, d);
    }
    return d;
  }
  /** Tours starting at a start (0 when it has no state). */
  booked(experienceId: string, date: string, time: string): number {
    return this.states.get(slotKey(experienceId, date, time))?.booked ?? 0;
  }
  /** Tours holding one quarter hour. */
  held(experienceId: string, date: string, quarter: string): number {
    return this.days.get(`${experienceId}#${date}`)?.held[quarter] ?? 0;
  }
  /** The most tours holding one moment of `tour` (as the DynamoDB condition sees it). */
  overlap(experienceId: string, tour: TourTiming): number {
    const days = heldQuarters(tour).map(({ date }) => this.day(experienceId, date));
    return busiestOverlap(indexTourDays(days), tour);
  }
  /** Adds `delta` to every quarter `tour` holds. */
  addHeld(experienceId: string, tour: TourTiming, delta: number): void {
    for (const { date, quarters } of heldQuarters(tour)) {
      const day = this.day(experienceId, date);
      for (const q of quarters) day.held[q] = Math.max(0, (day.held[q] ?? 0) + delta);
    }
  }
  async listStates(experienceId: string, from: string, to: string): Promise<SlotState[]> {
    return [...this.states.values()]
      .filter((s) => s.experienceId === experienceId && s.date >= from && s.date <= to)
      .sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time))
      .map(copy);
  }
  async listTourDays(experienceId: string, from: string, to: string): Promise<TourDay[]> {
    return [...this.days.entries()]
      .filter(([key, d]) => key.startsWith(`${experienceId}#`) && d.date >= from && d.date <= to)
      .map(([, d]) => copy(d))
      .sort((a, b) => a.date.localeCompare(b.date));
  }
  async readTour(experienceId: string, tour: TourTiming): Promise<{ state: SlotState; days: TourDay[] }> {
    const state = copy(
      this.states.get(slotKey(experienceId, tour.date, tour.time)) ?? {
        experienceId,
        date: tour.date,
        time: tour.time,
        booked: 0,
        blocked: false,
        capacity: null,
      },
    );
    const days = heldQuarters(tour).flatMap(({ date }) => {
      const day = this.days.get(`${experienceId}#${date}`);
      return day ? [copy(day)] : [];
    });
    return { state, days };
  }
  async setOverride(experienceId: string, date: string, time: string, o: SlotOverride): Promise<SlotState> {
    const s = this.state(experienceId, date, time);
    if (o.resultingCapacity !== undefined) {
      const most = Math.max(
        s.booked,
        ...(o.heldQuarters ?? []).flatMap(({ date: d, quarters }) =>
          quarters.map((q) => this.held(experienceId, d, q)),
        ),
      );
      if (most > o.resultingCapacity) {
        throw new DomainError('state_conflict', 'Capacity below overlap', { capacity: 'below overlap' });
      }
    }
    if (o.blocked !== undefined) s.blocked = o.blocked;
    if (o.capacity !== undefined) s.capacity = o.capacity;
    return copy(s);
  }
  async setDayClosed(experienceId: string, date: string, closed: boolean): Promise<void> {
    this.day(experienceId, date).closed = closed;
  }
  async deleteFrom(experienceId: string, fromDate: string): Promise<number> {
    let deleted = 0;
    for (const [key, s] of this.states) {
      if (s.experienceId === experienceId && s.date >= fromDate) {
        this.states.delete(key);
        deleted++;
      }
    }
    for (const [key, d] of this.days) {
      if (key.startsWith(`${experienceId}#`) && d.date >= fromDate) {
        this.days.delete(key);
        deleted++;
      }
    }
    return deleted;
  }
}

/** The tour a booking holds (its own length and buffer; an hour and none for a booking without). */
const tourOf = (b: Booking): TourTiming => ({
  date: b.date,
  time: b.time,
  durationMinutes: durationOf(b),
  bufferMinutes: bufferOf(b),
});

const matchesHostFilter = (b: Booking, { status, experienceId }: HostBookingFilter) =>
  (!status || b.status === status) && (!experienceId || b.experienceId === experienceId);

export class InMemoryBookingRepository implements BookingRepository {
  readonly items = new Map<string, Booking>();
  private readonly references = new Map<string, string>();
  private readonly payments = new Map<string, string>();

  constructor(
    private readonly slots: InMemorySlotRepository,
    private readonly outbox: InMemoryMailOutbox = new InMemoryMailOutbox(),
    private readonly money: InMemoryMoney = new InMemoryMoney(),
  ) {}

  async createWithSlotHold(booking: Booking, ruleCapacity: number): Promise<void> {
    const stored = { ...booking, durationMinutes: durationOf(booking), bufferMinutes: bufferOf(booking) };
    const slot = this.slots.state(booking.experienceId, booking.date, booking.time);
    const capacity = slot.capacity ?? ruleCapacity;
    if (
      slot.blocked ||
      this.slots.day(booking.experienceId, booking.date).closed ||
      capacity < 1 ||
      this.slots.overlap(booking.experienceId, tourOf(stored)) >= capacity
    ) {
      throw new DomainError('slot_unavailable', SLOT_UNAVAILABLE_MESSAGE);
    }
    if (this.references.has(booking.reference)) {
      throw new DomainError('duplicate', `Booking reference ${booking.reference} is taken`, {
        reference: 'Taken',
      });
    }
    if (this.items.has(booking.id))
      throw new DomainError('duplicate', `Booking ${booking.id} already exists`);
    slot.booked++;
    this.slots.addHeld(booking.experienceId, tourOf(stored), 1);
    this.items.set(booking.id, copy(stored));
    this.references.set(booking.reference, booking.id);
  }

  /** Stores a booking as it is, without touching slots (test set-up of bookings in any state). */
  seed(booking: Booking): void {
    this.items.set(booking.id, copy(booking));
    this.references.set(booking.reference, booking.id);
    if (booking.paymentIntentId) this.payments.set(booking.paymentIntentId, booking.id);
  }

  async get(id: string): Promise<Booking | null> {
    const b = this.items.get(id);
    return b ? copy(b) : null;
  }
  async getByReference(reference: string): Promise<Booking | null> {
    const id = this.references.get(reference.toUpperCase());
    return id ? this.get(id) : null;
  }
  async getByPaymentIntent(paymentIntentId: string): Promise<Booking | null> {
    const id = this.payments.get(paymentIntentId);
    return id ? this.get(id) : null;
  }
  async attachPayment(
    id: string,
    provider: Booking['paymentProvider'],
    paymentIntentId: string,
    now: Date,
  ): Promise<Booking> {
    const b = this.items.get(id);
    if (!b) throw new DomainError('not_found', `Booking ${id} not found`);
    if (b.status !== 'awaiting_payment' || (b.paymentIntentId && b.paymentIntentId !== paymentIntentId)) {
      throw new DomainError('state_conflict', `Booking ${id} cannot take this payment`);
    }
    const owner = this.payments.get(paymentIntentId);
    if (owner && owner !== id) throw new DomainError('duplicate', 'Payment belongs to another booking');
    Object.assign(b, { paymentProvider: provider, paymentIntentId, updatedAt: now.toISOString() });
    this.payments.set(paymentIntentId, id);
    return copy(b);
  }
  async transition(
    id: string,
    from: BookingStatus | BookingStatus[],
    to: BookingStatus,
    options: BookingTransitionOptions,
  ): Promise<Booking> {
    const b = this.items.get(id);
    if (!b) throw new DomainError('not_found', `Booking ${id} not found`);
    const fromList = Array.isArray(from) ? from : [from];
    if (!fromList.includes(b.status)) {
      throw new DomainError(
        'state_conflict',
        `Booking ${id} is ${b.status}; it moves to ${to} only from ${fromList}`,
      );
    }
    if (options.money && !this.money.apply(options.money)) {
      throw new DomainError('state_conflict', `Booking ${id}: its money was recorded by another writer`);
    }
    if (options.releaseSlot) {
      const slot = this.slots.state(b.experienceId, b.date, b.time);
      // As in DynamoDB: a counter already at 0 is left alone and the transition still happens.
      if (slot.booked > 0) slot.booked--;
      if (b.durationMinutes !== undefined) this.slots.addHeld(b.experienceId, tourOf(b), -1);
      if (options.closeSlot) slot.blocked = true;
    }
    if (options.cancellation) {
      b.cancelledBy = options.cancellation.cancelledBy;
      b.cancellationReason = options.cancellation.reason || null;
      b.cancelledAt = options.now.toISOString();
      b.refundAmount = options.cancellation.refundAmount;
      b.refundStatus = options.cancellation.refundStatus;
    }
    b.status = to;
    b.updatedAt = options.now.toISOString();
    if (options.decidedBy !== undefined) {
      b.decidedBy = options.decidedBy;
      b.decidedAt = options.decidedBy ? options.now.toISOString() : null;
    }
    if (options.deadline !== undefined) b.deadline = options.deadline;
    if (options.deniedMessage !== undefined) b.deniedMessage = options.deniedMessage || null;
    this.outbox.add(options.mails, options.now);
    return copy(b);
  }
  async changeRefund(id: string, from: (RefundStatus | null)[], change: RefundChange): Promise<boolean> {
    const b = this.items.get(id);
    if (!b || b.status !== 'cancelled' || !from.includes(b.refundStatus ?? null)) return false;
    if (change.money && !this.money.apply(change.money)) return false;
    b.refundStatus = change.refundStatus;
    if (change.refundId !== undefined) b.refundId = change.refundId;
    if (change.refundAmount !== undefined) b.refundAmount = change.refundAmount;
    b.deadline = change.retryAt;
    b.updatedAt = change.now.toISOString();
    return true;
  }
  /** Requests only, as in DynamoDB: a bare hold (`awaiting_payment`) is in no list. */
  private requests(): Booking[] {
    return [...this.items.values()].filter((b) => b.status !== 'awaiting_payment');
  }
  async listByHost(hostId: string, filter: HostBookingFilter & PageRequest = {}): Promise<Page<Booking>> {
    return page(
      this.requests()
        .filter((b) => b.hostId === hostId && matchesHostFilter(b, filter))
        .sort(newestFirst)
        .map(copy),
      filter,
    );
  }
  async listByHostTourDates(
    hostId: string,
    from: string,
    to: string,
    filter: HostBookingFilter & { limit?: number } = {},
  ): Promise<Booking[]> {
    return this.requests()
      .filter((b) => b.hostId === hostId && b.date >= from && b.date <= to && matchesHostFilter(b, filter))
      .sort((a, b) => `${a.date}#${a.time}#${a.id}`.localeCompare(`${b.date}#${b.time}#${b.id}`))
      .slice(0, filter.limit)
      .map(copy);
  }
  async listAll(filter: { status?: BookingStatus } & PageRequest = {}): Promise<Page<Booking>> {
    const all = this.requests().filter((b) => !filter.status || b.status === filter.status);
    const result = page(all.sort(newestFirst), filter);
    return { ...result, items: result.items.map(copy) };
  }
  async listByGuestEmail(
    email: string,
    filter: { status?: BookingStatus } & PageRequest = {},
  ): Promise<Page<Booking>> {
    const all = this.requests().filter(
      (b) =>
        b.email.toLowerCase() === email.trim().toLowerCase() &&
        (!filter.status || b.status === filter.status),
    );
    return page(all.sort(newestFirst).map(copy), filter);
  }
  /** As in DynamoDB, with the cursor as the position after the last booking looked at. */
  async filterAll(
    filter: { status?: BookingStatus; cursor?: string; limit: number; maxRead: number },
    keep: (batch: Booking[]) => Promise<boolean[]>,
  ): Promise<Page<Booking> & { read: number }> {
    const all = this.requests()
      .filter((b) => !filter.status || b.status === filter.status)
      .sort(newestFirst);
    let position = filter.cursor ? Number(filter.cursor) : 0;
    const kept: Booking[] = [];
    let read = 0;
    while (position < all.length && kept.length < filter.limit && read < filter.maxRead) {
      const batch = all.slice(position, position + Math.min(100, filter.maxRead - read)).map(copy);
      const decisions = await keep(batch);
      for (let i = 0; i < batch.length && kept.length < filter.limit; i++) {
        read++;
        position++;
        if (decisions[i]) kept.push(batch[i] as Booking);
      }
    }
    return { items: kept, read, ...(position < all.length ? { cursor: String(position) } : {}) };
  }
  async listCreatedInMonth(tokyoMonth: string, request?: PageRequest): Promise<Page<Booking>> {
    // Approximation good enough for fakes: the UTC month of createdAt.
    const all = this.requests().filter((b) => b.createdAt.startsWith(tokyoMonth));
    return page(all.sort(newestFirst).map(copy), request);
  }
  async listDue(now: Date, limit = 100): Promise<Booking[]> {
    return [...this.items.values()]
      .filter(
        (b) =>
          (b.status === 'awaiting_payment' ||
            b.status === 'pending' ||
            (b.status === 'cancelled' && (b.refundStatus === 'pending' || b.refundStatus === 'failed'))) &&
          b.deadline !== null &&
          Date.parse(b.deadline) <= now.getTime(),
      )
      .sort((a, b) => Date.parse(a.deadline ?? '') - Date.parse(b.deadline ?? ''))
      .slice(0, limit)
      .map(copy);
  }
  async listAwaitingReminder(dueBy: Date, limit = 100): Promise<Booking[]> {
    return (await this.listDue(dueBy, Number.POSITIVE_INFINITY))
      .filter((b) => b.status === 'pending' && b.reminderSentAt === null)
      .slice(0, limit);
  }
  async markReminded(id: string, now: Date, mails?: OutboxMail[]): Promise<boolean> {
    const b = this.items.get(id);
    if (!b || b.status !== 'pending' || b.reminderSentAt !== null) return false;
    b.reminderSentAt = now.toISOString();
    this.outbox.add(mails, now);
    return true;
  }
  async setCheckIn(id: string, hostId: string, checkedInAt: string | null, now: Date): Promise<Booking> {
    const b = this.items.get(id);
    if (!b || b.hostId !== hostId) throw new DomainError('not_found', `Booking ${id} not found`);
    if (b.status !== 'approved' && b.status !== 'completed') {
      throw new DomainError('state_conflict', `Booking ${id} is ${b.status}; only an approved one checks in`);
    }
    b.checkedInAt = checkedInAt;
    b.updatedAt = now.toISOString();
    return copy(b);
  }
}

export interface InMemoryRepositories {
  experiences: InMemoryExperienceRepository;
  categories: InMemoryCategoryRepository;
  hosts: InMemoryHostRepository;
  slots: InMemorySlotRepository;
  bookings: InMemoryBookingRepository;
  due: InMemoryDueWork;
  outbox: InMemoryMailOutbox;
  payoutProfiles: InMemoryPayoutProfiles;
  money: InMemoryMoney;
}

export function createInMemoryRepositories(): InMemoryRepositories {
  const slots = new InMemorySlotRepository();
  const outbox = new InMemoryMailOutbox();
  const money = new InMemoryMoney();
  const bookings = new InMemoryBookingRepository(slots, outbox, money);
  return {
    outbox,
    experiences: new InMemoryExperienceRepository(),
    categories: new InMemoryCategoryRepository(),
    hosts: new InMemoryHostRepository(outbox),
    slots,
    bookings,
    due: new InMemoryDueWork(bookings),
    payoutProfiles: new InMemoryPayoutProfiles(),
    money,
  };
}
