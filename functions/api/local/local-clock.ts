/**
 * `POST /api/local-clock/advance { "hours" }` → `200 { "now" }` (DESIGN §6, local only): moves the local stack's
 * clock forward, which every use case and job of the stack reads, so holds lapse, requests expire, reminders fall
 * due and tours end without waiting. `hours` is a number from 0 (just read the clock) to a year, fractions
 * allowed; anything else is a 400 and the clock stays where it was.
 */
import * as z from 'zod';
import { localClockMover } from '../../adapters/runtime/guest-runtime';
import { DomainError } from '../../domain/errors';
import type { HttpApiStructuredResult } from '../http/api-gateway';
import type { JsonBodyEvent } from '../http/json-body';
import { parseBody } from '../http/request';
import { json } from '../http/responses';

const MAX_HOURS = 366 * 24;

export const advanceClockSchema = z.strictObject({
  hours: z
    .number({ error: 'hours must be a number' })
    .min(0, 'hours must be 0 or more (the clock only moves forward)')
    .max(MAX_HOURS, `hours must be at most ${MAX_HOURS} (a year)`),
});

export async function advanceLocalClock(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const { hours } = parseBody(event, advanceClockSchema);
  const advance = localClockMover();
  if (!advance) throw new DomainError('not_found', 'The local clock exists only in the local stack');
  return json(200, { now: advance(Math.round(hours * 3_600_000)).toISOString() });
}
