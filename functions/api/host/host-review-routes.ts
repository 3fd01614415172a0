/**
 * The host's review routes (DESIGN §6): `GET /api/host/reviews?experienceId&rating&cursor` → every review of the
 * host's experiences (hidden ones marked), newest first; `PUT /api/host/reviews/{id}/reply` `{ text }` → `200
 * Review` · 400 · 404 (another host's, exactly as a missing one). Japanese messages, as every back-office 400.
 */
import { REVIEW_NOT_FOUND_MESSAGE } from '../../adapters/dynamodb/review-repository';
import { hostRuntime } from '../../adapters/runtime/host-runtime';
import { reviewsRuntime } from '../../adapters/runtime/reviews-runtime';
import { hostReviewsQuery, reviewReplySchema } from '../../domain/schemas/reviews';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { callerSub } from '../http/caller';
import type { JsonBodyEvent } from '../http/json-body';
import { BACK_OFFICE_INVALID_REQUEST, parseBody, parseQuery, pathId } from '../http/request';
import { json } from '../http/responses';

const signedInHost = (event: HttpApiEvent) => hostRuntime().useCases.account.requireHost(callerSub(event));

export async function listReviews(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  const { experienceId, rating, cursor, limit } = parseQuery(
    event,
    hostReviewsQuery,
    BACK_OFFICE_INVALID_REQUEST,
  );
  return json(
    200,
    await reviewsRuntime().listForHost(host.id, {
      ...(experienceId ? { experienceId } : {}),
      ...(rating ? { rating } : {}),
      ...(cursor ? { cursor } : {}),
      ...(limit ? { limit } : {}),
    }),
  );
}

export async function putReply(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  const id = pathId(event, REVIEW_NOT_FOUND_MESSAGE);
  const { text } = parseBody(event, reviewReplySchema, BACK_OFFICE_INVALID_REQUEST);
  return json(200, await reviewsRuntime().reply(host.id, id, text));
}

/** `GET /api/host/dashboard` gains `reviews: { rating: { average, count } | null, newestReview }`. */
export async function dashboardReviews(hostId: string) {
  return reviewsRuntime().hostSummary(hostId);
}
