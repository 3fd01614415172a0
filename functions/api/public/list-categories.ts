/** `GET /api/categories` → `200 { items: [{ id, name }] }` (active, by name). */
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import type { HttpApiStructuredResult } from '../http/api-gateway';
import { PUBLIC_CATALOGUE_CACHE } from '../http/cache';
import { json } from '../http/responses';

export async function listCategories(): Promise<HttpApiStructuredResult> {
  return json(200, await guestRuntime().useCases.listCategories(), PUBLIC_CATALOGUE_CACHE);
}
