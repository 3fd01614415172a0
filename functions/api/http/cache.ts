/**
 * Public catalogue answers (published experiences and their reviews, categories, host profiles) are the same for
 * every guest and change only when a host edits them (issue 33, DESIGN §4i "The catalogue at the edge"). CloudFront
 * keeps them a minute (`s-maxage`; its cache policies in `lib/web-construct.ts` key them by path and the query
 * parameters the route reads), and for 10 minutes when the API fails (`stale-if-error`). Browsers ask again each time
 * (`max-age=0`), so an edit shows everywhere within about a minute. No `stale-while-revalidate`: browsers apply it
 * too (Chromium served a reviews list without the host's new reply from its own cache, and its background
 * revalidation kept the page from ever being network-idle). Availability, bookings and lookups are never cached:
 * they change with every booking and belong to one guest.
 */
import { isDependencyFailure } from '../../adapters/outside-calls';
import type { HttpApiEvent, HttpApiStructuredResult } from './api-gateway';
import { json } from './responses';

/** Seconds CloudFront serves a catalogue answer without asking the API. */
export const CATALOGUE_EDGE_SECONDS = 60;

export const PUBLIC_CATALOGUE_CACHE = {
  'cache-control': `public, max-age=0, s-maxage=${CATALOGUE_EDGE_SECONDS}, stale-if-error=600`,
} as const;

/** How old a catalogue answer may be and still stand in for one the database cannot give right now. */
export const RECENT_COPY_MAX_AGE_MS = 10 * 60_000;
const RECENT_COPY_ENTRIES = 200;
/** Marks an answer served from a recent copy, with its age in seconds. */
export const RECENT_COPY_HEADER = 'x-recent-copy-age';

const recentCopies = new Map<string, { body: unknown; at: number }>();

/**
 * A catalogue answer, and the last good one for the same URL (kept in this function's memory for 10 minutes, at
 * most 200 URLs) when DynamoDB stalls or fails (DESIGN §4f): a guest keeps browsing what they could see a moment
 * ago instead of meeting a 503. Never for availability or bookings, where a stale answer would offer taken slots.
 */
export async function catalogueAnswer(
  event: Pick<HttpApiEvent, 'rawPath' | 'rawQueryString'>,
  read: () => Promise<unknown>,
  now: () => number = Date.now,
): Promise<HttpApiStructuredResult> {
  const key = `${event.rawPath}?${event.rawQueryString}`;
  try {
    const body = await read();
    recentCopies.delete(key);
    recentCopies.set(key, { body, at: now() });
    if (recentCopies.size > RECENT_COPY_ENTRIES) recentCopies.delete(recentCopies.keys().next().value!);
    return json(200, body, PUBLIC_CATALOGUE_CACHE);
  } catch (error) {
    const copy = recentCopies.get(key);
    const age = copy ? now() - copy.at : Infinity;
    if (!copy || age > RECENT_COPY_MAX_AGE_MS || !isDependencyFailure(error)) throw error;
    // Not cached any further: the next request asks the database again.
    return json(200, copy.body, { [RECENT_COPY_HEADER]: String(Math.round(age / 1000)) });
  }
}
