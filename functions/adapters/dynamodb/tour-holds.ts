/**
 * Taking a tour's time in a holder's transaction (DESIGN §4j): the hold's items (`tour-hold-items.ts`) first, the
 * holder's own after them, all or nothing. The capacity is decided without reading first: the rule's, on condition
 * that the start has no override; only when the start refuses (closed, or an override stored) is it read, and the
 * hold tried once more with the override it has, asserted the same way. A booking uses it today, a held offer
 * (issue 31) can use it as it is.
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { busiestOverlap, indexTourDays, type TourDay } from '../../domain/availability';
import type { Booking, SlotState } from '../../domain/entities';
import { DomainError, SLOT_UNAVAILABLE_MESSAGE } from '../../domain/errors';
import { bufferOf, durationOf, heldQuarters } from '../../domain/tour-span';
import type { Item } from './items';
import { keys } from './keys';
import { toSlotState } from './slot-repository';
import { toTourDay, tourHoldItems, type HeldTour, type HoldCapacity, type TourHold } from './tour-hold-items';
import {
  TransactionCancelledError,
  TransactionContendedError,
  DEFAULT_TRANSACTION_ATTEMPTS,
  transactWrite,
  type TransactItem,
} from './transactions';

const slotUnavailable = () => new DomainError('slot_unavailable', SLOT_UNAVAILABLE_MESSAGE);

/**
 * The time a booking holds: its own length and buffer. A booking from before tours had a length holds only its
 * hour's start counter (`quarters: false`) until the backfill gives it its quarters and its length.
 */
export function heldTourOf(
  booking: Pick<Booking, 'experienceId' | 'date' | 'time' | 'durationMinutes' | 'bufferMinutes'>,
): HeldTour {
  return {
    experienceId: booking.experienceId,
    date: booking.date,
    time: booking.time,
    durationMinutes: durationOf(booking),
    bufferMinutes: bufferOf(booking),
    quarters: booking.durationMinutes !== undefined,
  };
}

/**
 * Writes `own()` in one transaction with the hold of `hold`'s time. Throws `slot_unavailable` when the start is
 * closed, its day is closed, or a quarter it needs is held by `capacity` tours already; a TransactionCancelledError
 * whose codes are those of the holder's own items (index 0 = the first of `own()`) when one of them refused; and
 * retries transaction conflicts with jittered backoff, looking after each whether the start is full by now
 * (`slot_unavailable` at once when it is; a crowd that outlasts the attempts on a start still free: the 503 of
 * `TransactionContendedError`).
 */
export async function transactWithTourHold(
  doc: DynamoDBDocumentClient,
  tableName: string,
  hold: TourHold,
  ruleCapacity: number,
  own: () => TransactItem[],
): Promise<void> {
  let decision: HoldCapacity = { capacity: ruleCapacity, override: null };
  for (let attempt = 0; attempt < 2; attempt++) {
    if (decision.capacity < 1) throw slotUnavailable();
    const holdItems = tourHoldItems(tableName, hold, decision);
    try {
      // A conflict means another holder wrote one of these items this very moment: when it took the last place,
      // the answer is 409 at once (one look, 2–4 reads) rather than retries of a lost cause into a 503.
      const current = decision;
      await transactWrite(
        doc,
        () => [...holdItems, ...own()],
        DEFAULT_TRANSACTION_ATTEMPTS,
        async () => {
          if (await isFull(doc, tableName, hold, current)) throw slotUnavailable();
        },
      );
      return;
    } catch (e) {
      if (e instanceof TransactionCancelledError) {
        if (e.conditionFailedAt(0)) {
          // The start refused: closed, or its override is not the one assumed. Read it and decide again, once.
          const start = await readStart(doc, tableName, hold);
          if (attempt > 0 || start.blocked || start.capacity === decision.override) throw slotUnavailable();
          decision =
            start.capacity === null
              ? { capacity: ruleCapacity, override: null }
              : { capacity: start.capacity, override: start.capacity };
          continue;
        }
        if (holdItems.some((_, i) => i > 0 && e.conditionFailedAt(i))) throw slotUnavailable();
        throw new TransactionCancelledError(e.codes.slice(holdItems.length), e.cause);
      }
      if (e instanceof TransactionContendedError && (await isFull(doc, tableName, hold, decision))) {
        throw slotUnavailable();
      }
      throw e;
    }
  }
  throw slotUnavailable();
}

async function readStart(doc: DynamoDBDocumentClient, tableName: string, hold: TourHold) {
  const out = await doc.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.slot(hold.experienceId, hold.date, hold.time),
      ConsistentRead: true,
    }),
  );
  return toSlotState(
    hold.experienceId,
    out.Item ?? { SK: keys.slot(hold.experienceId, hold.date, hold.time).SK },
  );
}

/**
 * The start and the tour days `hold` would take (the days nobody holds or closed are left out), read strongly
 * consistent and in parallel: 2–4 GetItems, whatever the crowd.
 */
export async function readTourState(
  doc: DynamoDBDocumentClient,
  tableName: string,
  hold: TourHold,
): Promise<{ state: SlotState; days: TourDay[] }> {
  const [state, ...days] = await Promise.all([
    readStart(doc, tableName, hold),
    ...heldQuarters(hold).map(async ({ date }) => {
      const out = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.tourDay(hold.experienceId, date),
          ConsistentRead: true,
        }),
      );
      return out.Item ? toTourDay(out.Item as Item) : null;
    }),
  ]);
  return { state: state as SlotState, days: days.filter((d): d is TourDay => d !== null && 'held' in d) };
}

/** Is the start really not free (a crowd's conflict, or the quick look before the transaction)? */
async function isFull(
  doc: DynamoDBDocumentClient,
  tableName: string,
  hold: TourHold,
  decision: HoldCapacity,
): Promise<boolean> {
  const { state, days } = await readTourState(doc, tableName, hold);
  if (state.blocked) return true;
  if (days.some((d) => d.date === hold.date && d.closed)) return true;
  const capacity = state.capacity ?? decision.capacity;
  return capacity < 1 || busiestOverlap(indexTourDays(days), hold) >= capacity;
}
