/**
 * The concierge's offers (issue 31, DESIGN §4h): made by an admin from an inquiry or from scratch, holding their
 * start like a booking; seen and booked by the guest through an unguessable link; withdrawn by the concierge or
 * expired by the job. Every change of who holds the time is one conditional transaction (see
 * `adapters/dynamodb/offer-repository.ts`), so it is settled exactly once, however the callers race.
 */
import { isRuleSlot } from '../../domain/availability';
import { TOKYO_TIME_ZONE, bookableWindow, isDateInRange } from '../../domain/calendar';
import { reviewStatusOf } from '../../domain/entities';
import { DomainError, isDomainError } from '../../domain/errors';
import { platformFeeOf } from '../../domain/money';
import {
  adminOfferView,
  effectiveStatus,
  guestOfferDetail,
  isOpenOffer,
  offerMessages,
  OFFER_NOT_OPEN_MESSAGES,
  warningAt,
  type AdminOfferView,
  type CreateOfferRequest,
  type GuestOfferDetail,
  type Offer,
  type OfferStatus,
} from '../../domain/offers';
import { canTakePayments } from '../../domain/payout-account';
import { errorFields } from '../console-logger';
import type { CreateBookingResult, OfferBookingRequest } from '../create-booking';
import { DEFAULT_JOB_BATCH, type JobProgress, type JobRunOptions } from '../due-work-ports';
import { runInBatches } from '../job-batches';
import type { OutboxMail } from '../mail-ports';
import type { PayoutProfileRepository } from '../money-ports';
import type { ExperienceRepository, HostRepository, Logger, Page } from '../ports';
import type { OfferRepository, OfferStore } from './offer-ports';

export const OFFER_NOT_FOUND_MESSAGE = 'Offer not found';

/** Renders an offer mail (`adapters/mail/templates/offer-mails.ts`). */
export type OfferMailRenderer = (
  kind: 'offer-sent' | 'offer-expiring' | 'offer-expired',
  offer: Offer,
) => { subject: string; text: string; html: string };

export interface OfferUseCaseDeps<R extends OfferStore = OfferRepository> {
  offers: R;
  experiences: Pick<ExperienceRepository, 'get'>;
  hosts: Pick<HostRepository, 'get' | 'suspensionOf'>;
  payoutProfiles: Pick<PayoutProfileRepository, 'get'>;
  /** `POST /api/bookings`'s use case, booking an offer (`createBooking.fromOffer`). */
  bookFromOffer?: (
    offer: Offer,
    request: OfferBookingRequest,
    client?: string,
  ) => Promise<CreateBookingResult>;
  renderMail: OfferMailRenderer;
  /** Starts delivery of mails just written to the outbox (`BookingNotifications.queued`; never throws). */
  queued: (mails: OutboxMail[]) => Promise<void>;
  logger: Logger;
  clock: () => Date;
  newId: () => string;
  /** 32 random bytes, base64url (43 characters). */
  newToken: () => string;
  baseUrl: string;
}

export interface ExpireOffersResult extends JobProgress {
  expired: number;
  warned: number;
  /** Offers that could not be handled now (the next run retries them). */
  failed: number;
}

/** What the guest sends to book an offer: their details; the site language and the tour language are optional. */
export interface BookOfferRequest {
  guest: OfferBookingRequest['guest'];
  guestLocale?: OfferBookingRequest['guestLocale'];
  language?: OfferBookingRequest['language'];
}

/** What both halves share: the guest's mails and leaving the inquiry's `waiting`. */
function offerHelpers(deps: OfferUseCaseDeps<OfferStore>) {
  function mail(kind: Parameters<OfferMailRenderer>[0], offer: Offer): OutboxMail {
    const rendered = deps.renderMail(kind, offer);
    return {
      id: deps.newId(),
      kind,
      to: offer.guest.email,
      language: offer.guest.locale,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      attachments: [],
    };
  }

  const queued = (mails: OutboxMail[]) => deps.queued(mails);

  async function leaveInquiry(offer: Offer, now: Date): Promise<void> {
    if (!offer.inquiryId) return;
    await deps.offers.releaseInquiry(offer.inquiryId, now).catch((e: unknown) =>
      deps.logger.warn('Inquiry status not updated after its offer closed', {
        offerId: offer.id,
        ...errorFields(e),
      }),
    );
  }

  return { mail, queued, leaveInquiry };
}

/** The concierge's side: make, withdraw and list offers (the admin API). */
export function makeAdminOfferUseCases(deps: OfferUseCaseDeps<OfferStore>) {
  const { mail, queued, leaveInquiry } = offerHelpers(deps);
  const view = (offer: Offer) => adminOfferView(offer, deps.baseUrl, deps.clock());

  return {
    /** `POST /api/admin/offers` → the admin's view of the new offer (status `sent`), the slot held, the guest mailed. */
    async create(request: CreateOfferRequest): Promise<AdminOfferView> {
      const now = deps.clock();
      const experience = await deps.experiences.get(request.experienceId);
      if (!experience) throw new DomainError('not_found', offerMessages.experienceNotFound);
      const [host, suspension, payout] = await Promise.all([
        deps.hosts.get(experience.hostId),
        deps.hosts.suspensionOf(experience.hostId),
        deps.payoutProfiles.get(experience.hostId),
      ]);
      if (
        !host ||
        suspension ||
        reviewStatusOf(host) !== 'approved' ||
        experience.publicationStatus !== 'public' ||
        !canTakePayments(payout.account)
      ) {
        throw new DomainError('host_not_bookable', offerMessages.hostNotBookable);
      }
      if (
        !isDateInRange(request.date, bookableWindow(now, TOKYO_TIME_ZONE)) ||
        !isRuleSlot(experience.availability, request.date, request.time, experience.durationMinutes)
      ) {
        throw new DomainError('slot_unavailable', offerMessages.slotUnavailable);
      }
      if (request.guests < experience.participantsMin || request.guests > experience.participantsMax) {
        const message = offerMessages.guests(experience.participantsMin, experience.participantsMax);
        throw new DomainError('validation_failed', message, { guests: message });
      }
      const platformFee = request.platformFee ?? platformFeeOf(request.totalAmount, payout.commissionPercent);
      if (platformFee > request.totalAmount) {
        throw new DomainError('validation_failed', offerMessages.platformFee, {
          platformFee: offerMessages.platformFee,
        });
      }
      const offer: Offer = {
        id: deps.newId(),
        token: deps.newToken(),
        ...(request.inquiryId ? { inquiryId: request.inquiryId } : {}),
        experienceId: experience.id,
        experienceTitle: experience.title,
        experienceImage: experience.mainImages[0] ?? null,
        hostId: experience.hostId,
        businessName: host.businessName,
        date: request.date,
        time: request.time,
        durationMinutes: experience.durationMinutes,
        bufferMinutes: experience.availability.bufferMinutes ?? 0,
        guests: request.guests,
        totalAmount: request.totalAmount,
        platformFee,
        commissionPercent: payout.commissionPercent,
        message: request.message,
        preApproved: request.preApproved,
        guest: {
          name: request.guest.name,
          email: request.guest.email,
          locale: request.guest.locale,
        },
        status: 'sent',
        expiresAt: new Date(now.getTime() + request.expiresInHours * 3_600_000).toISOString(),
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      };
      const mails = [mail('offer-sent', offer)];
      try {
        await deps.offers.create(offer, experience.availability.capacity, mails);
      } catch (e) {
        if (isDomainError(e) && e.code === 'slot_unavailable') {
          throw new DomainError('slot_unavailable', offerMessages.slotUnavailable);
        }
        throw e;
      }
      await queued(mails);
      deps.logger.info('Offer made', { offerId: offer.id, experienceId: offer.experienceId });
      return view(offer);
    },

    /** `POST /api/admin/offers/{id}/withdraw`: the slot goes back; a booked offer cannot be withdrawn (409). */
    async withdraw(id: string): Promise<{ status: 'withdrawn' } & AdminOfferView> {
      const offer = await deps.offers.get(id);
      if (!offer) throw new DomainError('not_found', offerMessages.notFound);
      if (offer.status === 'withdrawn') return { ...view(offer), status: 'withdrawn' };
      if (offer.status === 'booked') throw new DomainError('state_conflict', offerMessages.booked);
      if (offer.status === 'expired') {
        throw new DomainError('state_conflict', 'このオファーはすでに期限切れです。');
      }
      const now = deps.clock();
      const closed = await deps.offers.close(offer, 'withdrawn', now);
      if (!closed) {
        const current = await deps.offers.get(id);
        if (current?.status === 'withdrawn') return { ...view(current), status: 'withdrawn' };
        throw new DomainError(
          'state_conflict',
          current?.status === 'booked' ? offerMessages.booked : 'このオファーはすでに期限切れです。',
        );
      }
      await leaveInquiry(offer, now);
      return {
        ...view({ ...offer, status: 'withdrawn', updatedAt: now.toISOString() }),
        status: 'withdrawn',
      };
    },

    async list(filter: {
      status?: OfferStatus;
      cursor?: string;
      limit?: number;
    }): Promise<Page<AdminOfferView>> {
      const page = await deps.offers.list(filter);
      return { ...page, items: page.items.map(view) };
    },

    listByInquiry: (inquiryId: string) => deps.offers.listByInquiry(inquiryId),
  };
}

/** The guest's side (look, book) and the expiry job. */
export function makeOfferUseCases(deps: OfferUseCaseDeps) {
  const { mail, queued, leaveInquiry } = offerHelpers(deps);
  return {
    /** `GET /api/offers/{token}`: the guest's first look opens the offer. */
    async getForGuest(token: string): Promise<GuestOfferDetail> {
      const now = deps.clock();
      let offer = await deps.offers.getByToken(token);
      if (!offer) throw new DomainError('not_found', OFFER_NOT_FOUND_MESSAGE);
      if (offer.status === 'sent' && effectiveStatus(offer, now) === 'sent') {
        offer = await deps.offers.markOpened(offer.id, now);
      }
      return guestOfferDetail(offer, deps.baseUrl, now);
    },

    /** `POST /api/offers/{token}/book`: `POST /api/bookings`'s answer, or 409 `offer_not_open`. */
    async book(token: string, request: BookOfferRequest, client?: string): Promise<CreateBookingResult> {
      if (!deps.bookFromOffer) throw new Error('Booking offers needs the booking use case');
      const offer = await deps.offers.getByToken(token);
      if (!offer) throw new DomainError('not_found', OFFER_NOT_FOUND_MESSAGE);
      const now = deps.clock();
      if (!isOpenOffer(offer, now)) {
        const status = effectiveStatus(offer, now);
        throw new DomainError('offer_not_open', OFFER_NOT_OPEN_MESSAGES[status]);
      }
      const guestLocale = request.guestLocale ?? offer.guest.locale;
      const result = await deps.bookFromOffer(
        offer,
        {
          guest: request.guest,
          guestLocale,
          language: request.language ?? (guestLocale === 'ja' ? 'ja' : 'en'),
        },
        client,
      );
      await leaveInquiry(offer, now);
      return result;
    },

    /**
     * The expiry job (`expire-offers`): an open offer within two hours of its expiry gets its warning mail once; an
     * offer past its expiry becomes `expired`, its slot released and the guest told, in one conditional
     * transaction (a payment that won first leaves it booked). Reads only the offers due (GSI8), in batches.
     */
    async expireOffers(options: JobRunOptions = {}): Promise<ExpireOffersResult> {
      const now = deps.clock();
      const limit = options.batchSize ?? DEFAULT_JOB_BATCH;
      const result: ExpireOffersResult = {
        processed: 0,
        read: 0,
        finished: true,
        expired: 0,
        warned: 0,
        failed: 0,
      };
      const run = await runInBatches(options, async (cursor) => {
        const batch = await deps.offers.due(now, { limit, ...(cursor ? { cursor } : {}) });
        result.read += batch.read;
        for (const offer of batch.items) {
          try {
            if (Date.parse(offer.expiresAt) <= now.getTime()) {
              const mails = [mail('offer-expired', offer)];
              if (await deps.offers.close(offer, 'expired', now, mails)) {
                result.expired++;
                await queued(mails);
                await leaveInquiry(offer, now);
              }
            } else if (!offer.warnedAt && Date.parse(warningAt(offer)) <= now.getTime()) {
              const mails = [mail('offer-expiring', offer)];
              if (await deps.offers.markWarned(offer, now, mails)) {
                result.warned++;
                await queued(mails);
              }
            }
          } catch (e) {
            result.failed++;
            deps.logger.error('Offer could not be expired or warned; the next run retries', {
              offerId: offer.id,
              ...errorFields(e),
            });
          }
        }
        return batch.cursor;
      });
      Object.assign(result, run, { processed: result.expired + result.warned });
      if (result.processed + result.failed > 0) deps.logger.info('Offer expiry run finished', { ...result });
      return result;
    },
  };
}

export type OfferUseCases = ReturnType<typeof makeOfferUseCases>;
export type AdminOfferUseCases = ReturnType<typeof makeAdminOfferUseCases>;
