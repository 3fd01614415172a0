/** `GET /api/hosts/{id}` → `200 { id, businessName, introduction, avatarUrl }` · 404. */
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import { HOST_NOT_FOUND_MESSAGE } from '../../use-cases/get-host-profile';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { PUBLIC_CATALOGUE_CACHE } from '../http/cache';
import { pathId } from '../http/request';
import { json } from '../http/responses';

export async function getHost(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const id = pathId(event, HOST_NOT_FOUND_MESSAGE);
  return json(200, await guestRuntime().useCases.getHostProfile(id), PUBLIC_CATALOGUE_CACHE);
}
