/**
 * The concierge desk's inquiry use cases (issue 31), built once per cold start (STYLE §4) from the runtime
 * adapters: the guest's routes (public API) and the concierge's (admin API).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { makeInquiryUseCases, type InquiryUseCases } from '../../use-cases/concierge/inquiries';
import { consoleJsonLogger } from '../../use-cases/console-logger';
import { loadPublishedExperience } from '../../use-cases/published-experience';
import { isDomainError } from '../../domain/errors';
import { DynamoInquiryOfferLinks } from '../dynamodb/inquiry-offer-links';
import { DynamoInquiryRepository } from '../dynamodb/inquiry-repository';
import { DynamoRateLimiter } from '../dynamodb/rate-limiter';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import { localClock, localMailsQueued, SITE_NAME } from './guest-runtime';

let cached: { base: RuntimeAdapters; useCases: InquiryUseCases } | undefined;

export function inquiriesRuntime(): InquiryUseCases {
  const base = runtimeAdapters();
  if (cached?.base === base) return cached.useCases;
  const { env, doc, repositories } = base;
  if (!env.SITE_URL) throw new Error('Invalid function environment: SITE_URL is required for mail links');
  if (!env.CONCIERGE_EMAIL) throw new Error('Invalid function environment: CONCIERGE_EMAIL is required');
  const clock = localClock();
  const mailsQueued = localMailsQueued();
  const useCases = makeInquiryUseCases({
    inquiries: new DynamoInquiryRepository(doc, env.TABLE_NAME),
    offers: new DynamoInquiryOfferLinks(doc, env.TABLE_NAME),
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
  });
  cached = { base, useCases };
  return useCases;
}
