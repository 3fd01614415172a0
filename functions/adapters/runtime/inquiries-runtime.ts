/**
 * The concierge desk's inquiry use cases (issue 31), built once per cold start (STYLE §4) from the runtime
 * adapters: the guest's side for the public API, the concierge's side for the admin API. Each API builds only its
 * own side, so its bundle keeps only the mails that side writes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { isDomainError } from '../../domain/errors';
import {
  makeConciergeInquiries,
  makeGuestInquiries,
  type ConciergeInquiries,
  type GuestInquiries,
  type InquiryUseCaseDeps,
} from '../../use-cases/concierge/inquiries';
import { consoleJsonLogger } from '../../use-cases/console-logger';
import { loadPublishedExperience } from '../../use-cases/published-experience';
import { DynamoInquiryRepository } from '../dynamodb/inquiry-repository';
import { DynamoOfferRepository } from '../dynamodb/offer-repository';
import { DynamoRateLimiter } from '../dynamodb/rate-limiter';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import { localClock, localMailsQueued, SITE_NAME } from './guest-runtime';

function inquiryDeps({ env, doc, repositories }: RuntimeAdapters): InquiryUseCaseDeps {
  if (!env.SITE_URL) throw new Error('Invalid function environment: SITE_URL is required for mail links');
  if (!env.CONCIERGE_EMAIL) throw new Error('Invalid function environment: CONCIERGE_EMAIL is required');
  const clock = localClock();
  const mailsQueued = localMailsQueued();
  return {
    inquiries: new DynamoInquiryRepository(doc, env.TABLE_NAME),
    offers: new DynamoOfferRepository(doc, env.TABLE_NAME, env.SITE_URL, clock),
    async publishedExperience(id) {
      try {
        const experience = await loadPublishedExperience(repositories, id);
        return { id: experience.id, title: experience.title };
      } catch (e) {
        if (isDomainError(e) && e.code === 'not_found') return null;
        throw e;
      }
    },
    rateLimiter: new DynamoRateLimiter(doc, env.TABLE_NAME, clock),
    clock,
    newId: randomUUID,
    newToken: () => randomBytes(32).toString('base64url'),
    baseUrl: env.SITE_URL,
    siteName: SITE_NAME,
    conciergeEmail: env.CONCIERGE_EMAIL,
    ...(mailsQueued ? { mailsQueued } : {}),
    logger: consoleJsonLogger,
  };
}

let guest: { base: RuntimeAdapters; useCases: GuestInquiries } | undefined;
let concierge: { base: RuntimeAdapters; useCases: ConciergeInquiries } | undefined;

/** The public API's side: ask, the conversation, the guest's answer. */
export function guestInquiriesRuntime(): GuestInquiries {
  const base = runtimeAdapters();
  if (guest?.base !== base) guest = { base, useCases: makeGuestInquiries(inquiryDeps(base)) };
  return guest.useCases;
}

/** The admin API's side: the inbox, a conversation, reply, close, the dashboard's figures. */
export function conciergeInquiriesRuntime(): ConciergeInquiries {
  const base = runtimeAdapters();
  if (concierge?.base !== base) concierge = { base, useCases: makeConciergeInquiries(inquiryDeps(base)) };
  return concierge.useCases;
}
