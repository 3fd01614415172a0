/** `GET /api/experiences?prefecture&categories&sort&q&limit` → `200 { items: ExperienceCard[] }`. */
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import { listExperiencesQuery } from '../../domain/schemas/catalogue';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { catalogueAnswer } from '../http/cache';
import { parseQuery } from '../http/request';

export async function listExperiences(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const query = parseQuery(event, listExperiencesQuery);
  return catalogueAnswer(event, () => guestRuntime().useCases.listExperiences(query));
}
