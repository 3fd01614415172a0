/** `GET /api/categories` → `200 { items: [{ id, name }] }` (active, by name). */
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { catalogueAnswer } from '../http/cache';

export async function listCategories(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  return catalogueAnswer(event, () => guestRuntime().useCases.listCategories());
}
