/** `GET /api/experiences/{id}` → `200 Experience` (published only, with category ids and the public host) · 404. */
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import { EXPERIENCE_NOT_FOUND_MESSAGE } from '../../use-cases/published-experience';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { catalogueAnswer } from '../http/cache';
import { pathId } from '../http/request';

export async function getExperience(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const id = pathId(event, EXPERIENCE_NOT_FOUND_MESSAGE);
  return catalogueAnswer(event, () => guestRuntime().useCases.getExperience(id));
}
