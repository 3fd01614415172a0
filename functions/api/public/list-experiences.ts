/** `GET /api/experiences?prefecture&categories&sort&q&limit` → `200 { items: ExperienceCard[] }`. */
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import { listExperiencesQuery } from '../../domain/schemas/catalogue';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { PUBLIC_CATALOGUE_CACHE } from '../http/cache';
import { parseQuery } from '../http/request';
import { json } from '../http/responses';

export async function listExperiences(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const query = parseQuery(event, listExperiencesQuery);
  const answer = await guestRuntime().useCases.listExperiences(query);
  return json(200, answer, PUBLIC_CATALOGUE_CACHE);
}
