/**
 * The guest's review routes (DESIGN §6):
 * - `GET /api/reviews/{token}` → `200 { experience: { id, title }, date, alreadyReviewed }` · 404 (unknown, expired);
 * - `POST /api/reviews/{token}` `{ rating, text }` → `201 Review` · 400 · 404 · 409 already reviewed · 429;
 * - `GET /api/experiences/{id}/reviews?cursor&limit` → `200 { items, cursor?, summary }` newest first, visible only.
 */
import { reviewsRuntime } from '../../adapters/runtime/reviews-runtime';
import { publicReviewsQuery, reviewRequestSchema } from '../../domain/schemas/reviews';
import { EXPERIENCE_NOT_FOUND_MESSAGE } from '../../use-cases/published-experience';
import { REVIEW_LINK_NOT_FOUND_MESSAGE } from '../../use-cases/reviews';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { PUBLIC_CATALOGUE_CACHE } from '../http/cache';
import { clientAddress } from '../http/client-address';
import type { JsonBodyEvent } from '../http/json-body';
import { parseBody, parseQuery, pathId } from '../http/request';
import { json } from '../http/responses';

const token = (event: HttpApiEvent) => pathId(event, REVIEW_LINK_NOT_FOUND_MESSAGE, 'token');

export async function getReviewInvitation(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  return json(200, await reviewsRuntime().getInvitation(token(event)));
}

export async function postReview(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const link = token(event);
  const request = parseBody(event, reviewRequestSchema);
  return json(201, await reviewsRuntime().writeReview(link, request, clientAddress(event)));
}

export async function listExperienceReviews(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const id = pathId(event, EXPERIENCE_NOT_FOUND_MESSAGE);
  const query = parseQuery(event, publicReviewsQuery);
  return json(
    200,
    await reviewsRuntime().listForExperience(id, {
      ...(query.cursor ? { cursor: query.cursor } : {}),
      ...(query.limit ? { limit: query.limit } : {}),
    }),
    // Visible reviews are the catalogue's too: cached at the edge a minute (a new review shows within it).
    PUBLIC_CATALOGUE_CACHE,
  );
}
