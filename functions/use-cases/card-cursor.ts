/**
 * The cursor of `GET /api/experiences` pages: where the last card of a page stands in the list's order, opaque to
 * clients (base64url JSON). It names the sort it belongs to, so a cursor handed back with another order is a 400
 * rather than a page that skips or repeats cards.
 */
import type { ExperienceSort } from '../domain/schemas/catalogue';
import { DomainError } from '../domain/errors';
import type { CardPosition } from './ports';

export const STALE_CURSOR_MESSAGE = 'This page link is out of date. Please start the list again.';

interface CursorBody {
  s: ExperienceSort;
  i: string;
  c: string;
  p: number;
}

export function encodeCardCursor(card: CardPosition, sort: ExperienceSort): string {
  const body: CursorBody = { s: sort, i: card.id, c: card.createdAt, p: card.price };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

export function decodeCardCursor(cursor: string, sort: ExperienceSort): CardPosition {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    body = null;
  }
  const b = body as Partial<CursorBody> | null;
  const valid =
    typeof b === 'object' &&
    b !== null &&
    b.s === sort &&
    typeof b.i === 'string' &&
    b.i.length > 0 &&
    b.i.length <= 100 &&
    typeof b.c === 'string' &&
    !Number.isNaN(Date.parse(b.c)) &&
    Number.isSafeInteger(b.p) &&
    (b.p as number) >= 0;
  if (!valid) {
    throw new DomainError('validation_failed', 'Invalid page cursor', { cursor: STALE_CURSOR_MESSAGE });
  }
  return { id: b.i!, createdAt: b.c!, price: b.p! };
}
