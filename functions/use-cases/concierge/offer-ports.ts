/**
 * The ports of the concierge's offers (issue 31; adapter: `adapters/dynamodb/offer-repository.ts`). Beside their
 * use cases rather than in the big `ports.ts`.
 */
import type { Booking } from '../../domain/entities';
import type { AdminOfferView, Offer, OfferStatus } from '../../domain/offers';
import type { DueBatch, DueBatchRequest } from '../due-work-ports';
import type { OutboxMail } from '../mail-ports';
import type { Page, PageRequest } from '../ports';

/** What the admin's routes need of the offers (kept small: the admin API carries only this). */
export interface OfferStore {
  /**
   * One transaction: hold the offer's tour time (as a booking does: `slot_unavailable` when full, closed or
   * refused), put the offer and its token, and, made from an inquiry, the inquiry's link and its status `waiting`
   * (`not_found` when the inquiry does not exist). The offer-sent mail goes in with it.
   */
  create(offer: Offer, ruleCapacity: number, mails: OutboxMail[]): Promise<void>;
  get(id: string): Promise<Offer | null>;
  /**
   * Closes an open offer (`withdrawn` or `expired`) and gives its slot back in the same transaction, conditional
   * on the offer still being open (`sent`/`opened`; for `expired` also past `expiresAt`): `true` for the one call
   * that closed it, `false` when another writer (a booking, the job, the concierge) moved it first.
   */
  close(offer: Offer, to: 'withdrawn' | 'expired', now: Date, mails?: OutboxMail[]): Promise<boolean>;
  list(filter: { status?: OfferStatus } & PageRequest): Promise<Page<Offer>>;
  /** The offers made from an inquiry, as the admin sees them. */
  listByInquiry(inquiryId: string): Promise<AdminOfferView[]>;
  /** Leaves the inquiry's `waiting` status (→ `answered`) once its offer closed; nothing when it is not waiting. */
  releaseInquiry(inquiryId: string, now: Date): Promise<void>;
}

/** Everything of the offers: the guest's look and booking, and the expiry job. */
export interface OfferRepository extends OfferStore {
  getByToken(token: string): Promise<Offer | null>;
  /** `sent` → `opened`, conditional; answers the offer as it is now (unchanged when it was not `sent`). */
  markOpened(id: string, now: Date): Promise<Offer>;
  /** Records the expiry warning once (the mail with it): `true` for the one call that recorded it. */
  markWarned(offer: Offer, now: Date, mails: OutboxMail[]): Promise<boolean>;
  /**
   * One transaction: the offer `sent|opened` → `booked` on condition it is open and `expiresAt > now`, the booking
   * (which takes over the offer's hold: no capacity is taken) and its reference item. `offer_not_open` when the
   * offer is no longer open; `duplicate` when the reference is taken (the caller draws another).
   */
  book(offer: Offer, booking: Booking, now: Date): Promise<void>;
  /** Open offers whose warning or expiry is due by `now` (the job's work). */
  due(now: Date, page: DueBatchRequest): Promise<DueBatch<Offer>>;
}
