/**
 * The admin's review routes (DESIGN §6): `GET /api/admin/reviews?status=visible|hidden&q&cursor`, `POST
 * /api/admin/reviews/{id}/hide` `{ reason }` (gone from the public list and the summary at once) and `POST
 * .../show` → `200 Review` · 400 · 404 · 409 when it already is so. Japanese messages.
 */
import { REVIEW_NOT_FOUND_MESSAGE } from '../../adapters/dynamodb/review-repository';
import { reviewsRuntime } from '../../adapters/runtime/reviews-runtime';
import { adminReviewsQuery, hideReviewSchema } from '../../domain/schemas/reviews';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import type { JsonBodyEvent } from '../http/json-body';
import { BACK_OFFICE_INVALID_REQUEST, parseBody, parseQuery, pathId } from '../http/request';
import { json } from '../http/responses';

const reviewId = (event: HttpApiEvent) => pathId(event, REVIEW_NOT_FOUND_MESSAGE);

export async function listReviews(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const { status, q, cursor, limit } = parseQuery(event, adminReviewsQuery, BACK_OFFICE_INVALID_REQUEST);
  return json(
    200,
    await reviewsRuntime().listForAdmin(status, {
      ...(q ? { q } : {}),
      ...(cursor ? { cursor } : {}),
      ...(limit ? { limit } : {}),
    }),
  );
}

export async function hideReview(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const id = reviewId(event);
  const { reason } = parseBody(event, hideReviewSchema, BACK_OFFICE_INVALID_REQUEST);
  return json(200, await reviewsRuntime().hide(id, reason));
}

export async function showReview(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  return json(200, await reviewsRuntime().show(reviewId(event)));
}
