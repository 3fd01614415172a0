/**
 * The items that take and give back a tour's time (DESIGN §3, §4j), for any holder: a booking (or its unpaid hold)
 * today, a held offer tomorrow (issue 31). A holder builds them from `{ experienceId, date, time, durationMinutes,
 * bufferMinutes }` and puts them first in its own transaction, beside its own items.
 *
 * Layout: capacity is counted per quarter hour of the experience's calendar, and the quarter hours of one Tokyo
 * date live together in one item, the tour day (`PK=EXPERIENCE#id SK=TOUR_DAY#date`, one number attribute per
 * quarter hour held: `q0800` = tours holding 08:00–08:15). A tour and its buffer span at most 28 hours, so a hold
 * is the start's item (the host's overrides, and how many tours start there) plus one to three tour days: 2–4
 * items, whatever the length, well inside DynamoDB Local's 10 items per transaction (DynamoDB: 100) with the
 * holder's own items. Every item of a hold is conditional, so the transaction takes all of it or nothing:
 *
 * - the start: not closed, and its capacity override still the one the capacity was read from;
 * - each tour day: `ADD` one to every quarter the tour covers, on condition that none of them is already at the
 *   capacity (`NOT (q0800 >= :capacity OR q0815 >= :capacity …)`; a quarter nobody holds has no attribute, and a
 *   comparison with a missing attribute is false, so `NOT` lets it through); the start's day also not closed.
 *
 * No read decides: concurrent holds of overlapping starts serialise on the tour days they share, and exactly as
 * many as the capacity allows succeed. Releasing subtracts the same quarters, each conditional on being above 0.
 */
import type { TourTiming } from '../../domain/tour-span';
import { heldQuarters, type DayQuarters } from '../../domain/tour-span';
import type { TourDay } from '../../domain/availability';
import { itemTypes, keys } from './keys';
import type { Item } from './items';
import type { TransactItem } from './transactions';

/** A holder's tour: where it starts and the time it holds (its length plus the guide's buffer). */
export interface TourHold extends TourTiming {
  experienceId: string;
  bufferMinutes: number;
}

/**
 * Holds made before tours had a length took only their hour's start counter: releasing one gives back only that
 * (`quarters: false`). Every hold made since holds its quarters too.
 */
export type HeldTour = TourHold & { quarters: boolean };

/** The capacity a hold is decided on: the start's override when it has one (asserted), else the rule's. */
export interface HoldCapacity {
  capacity: number;
  /** The start's capacity override as read; null: none is stored (the rule's capacity applies). */
  override: number | null;
}

const QUARTER_ATTRIBUTE = /^q([01]\d|2[0-3])([0-5]\d)$/;

/** The attribute of a quarter hour in its tour day: `08:30` → `q0830`. */
export const quarterAttribute = (quarter: string): string => `q${quarter.replace(':', '')}`;

/** A tour day item as the domain reads it. */
export function toTourDay(item: Item): TourDay {
  const held: Record<string, number> = {};
  for (const [name, value] of Object.entries(item)) {
    const m = QUARTER_ATTRIBUTE.exec(name);
    if (m && typeof value === 'number' && value > 0) held[`${m[1]}:${m[2]}`] = value;
  }
  return { date: keys.tourDayOf(String(item.SK)), closed: item.closed === true, held };
}

/** The attributes a tour day carries beside its counters, set by whichever write creates it. */
function tourDayIdentity(experienceId: string, date: string) {
  return {
    names: { '#type': 'type', '#experienceId': 'experienceId', '#date': 'date' },
    values: { ':dayType': itemTypes.tourDay, ':experienceId': experienceId, ':date': date },
    set: '#type = :dayType, #experienceId = :experienceId, #date = :date',
  };
}

/** The attributes every start (slot) item carries beside its counters and overrides. */
export function startIdentity(experienceId: string, date: string, time: string) {
  return {
    names: { '#type': 'type', '#experienceId': 'experienceId', '#date': 'date', '#time': 'time' },
    values: { ':slotType': itemTypes.slot, ':experienceId': experienceId, ':date': date, ':time': time },
    set: '#type = :slotType, #experienceId = :experienceId, #date = :date, #time = :time',
  };
}

/** Placeholders for a day's quarters: `#q0` → `q0800`, … */
function quarterNames(day: DayQuarters): { placeholders: string[]; names: Record<string, string> } {
  const names: Record<string, string> = {};
  const placeholders = day.quarters.map((quarter, i) => {
    names[`#q${i}`] = quarterAttribute(quarter);
    return `#q${i}`;
  });
  return { placeholders, names };
}

/** A condition that no quarter of `day` is held by `:limit` tours or more. */
function noneAtLimit(placeholders: string[]): string {
  return `NOT (${placeholders.map((p) => `${p} >= :limit`).join(' OR ')})`;
}

/**
 * The items that take a tour's time, in this order: [0] the start, [1…] its tour days. Put them first in the
 * holder's transaction: a cancellation at index 0 … `tourDays.length` means the start is not free.
 */
export function tourHoldItems(tableName: string, hold: TourHold, decision: HoldCapacity): TransactItem[] {
  if (!Number.isInteger(decision.capacity) || decision.capacity < 1) {
    // A capacity of 0 is a closed start: the caller refuses before writing (a 0 here would let empty days pass).
    throw new RangeError(`A hold needs a capacity of at least 1, got ${decision.capacity}`);
  }
  const start = startIdentity(hold.experienceId, hold.date, hold.time);
  const startValues: Record<string, unknown> = { ...start.values, ':zero': 0, ':one': 1, ':false': false };
  let overrideCondition = 'attribute_not_exists(#capacity)';
  if (decision.override !== null) {
    overrideCondition = '#capacity = :override';
    startValues[':override'] = decision.override;
  }
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName,
        Key: keys.slot(hold.experienceId, hold.date, hold.time),
        UpdateExpression: `SET #booked = if_not_exists(#booked, :zero) + :one, ${start.set}`,
        ConditionExpression: `(attribute_not_exists(#blocked) OR #blocked = :false) AND ${overrideCondition}`,
        ExpressionAttributeNames: {
          ...start.names,
          '#booked': 'booked',
          '#blocked': 'blocked',
          '#capacity': 'capacity',
        },
        ExpressionAttributeValues: startValues,
      },
    },
  ];
  for (const day of heldQuarters(hold)) {
    const { placeholders, names } = quarterNames(day);
    const identity = tourDayIdentity(hold.experienceId, day.date);
    const startsHere = day.date === hold.date;
    items.push({
      Update: {
        TableName: tableName,
        Key: keys.tourDay(hold.experienceId, day.date),
        UpdateExpression: `SET ${identity.set} ADD ${placeholders.map((p) => `${p} :one`).join(', ')}`,
        ConditionExpression: startsHere
          ? `(attribute_not_exists(#closed) OR #closed = :false) AND ${noneAtLimit(placeholders)}`
          : noneAtLimit(placeholders),
        ExpressionAttributeNames: {
          ...identity.names,
          ...names,
          ...(startsHere ? { '#closed': 'closed' } : {}),
        },
        ExpressionAttributeValues: {
          ...identity.values,
          ':one': 1,
          ':limit': decision.capacity,
          ...(startsHere ? { ':false': false } : {}),
        },
      },
    });
  }
  return items;
}

/**
 * The items that give a tour's time back, in this order: [0] the start (one tour fewer starts there; closed as
 * well with `closeStart`, a host's cancellation), [1…] its tour days (minus one on every quarter it held). Each is
 * conditional on there being something to give back, so a double release can never take a counter below 0.
 */
export function tourReleaseItems(
  tableName: string,
  held: HeldTour,
  options: { closeStart?: boolean } = {},
): TransactItem[] {
  const startSet = options.closeStart
    ? 'SET #booked = #booked - :one, #blocked = :true'
    : 'SET #booked = #booked - :one';
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName,
        Key: keys.slot(held.experienceId, held.date, held.time),
        UpdateExpression: startSet,
        ConditionExpression: '#booked > :zero',
        ExpressionAttributeNames: {
          '#booked': 'booked',
          ...(options.closeStart ? { '#blocked': 'blocked' } : {}),
        },
        ExpressionAttributeValues: {
          ':one': 1,
          ':zero': 0,
          ...(options.closeStart ? { ':true': true } : {}),
        },
      },
    },
  ];
  if (!held.quarters) return items;
  for (const day of heldQuarters(held)) {
    const { placeholders, names } = quarterNames(day);
    items.push({
      Update: {
        TableName: tableName,
        Key: keys.tourDay(held.experienceId, day.date),
        UpdateExpression: `ADD ${placeholders.map((p) => `${p} :minusOne`).join(', ')}`,
        ConditionExpression: placeholders.map((p) => `${p} > :zero`).join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      },
    });
  }
  return items;
}

/**
 * Condition checks that no quarter of `days` is held by more than `atMost` tours: what lowering a start's capacity
 * must not go under, checked in the same transaction as the change (so no hold slips in between).
 */
export function heldAtMostItems(
  tableName: string,
  experienceId: string,
  days: readonly DayQuarters[],
  atMost: number,
): TransactItem[] {
  return days.map((day) => {
    const { placeholders, names } = quarterNames(day);
    return {
      ConditionCheck: {
        TableName: tableName,
        Key: keys.tourDay(experienceId, day.date),
        // A missing day holds nothing, which is never more than `atMost`.
        ConditionExpression: `attribute_not_exists(PK) OR ${noneAtLimit(placeholders)}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':limit': atMost + 1 },
      },
    };
  });
}

/** Adds a hold's quarters without any capacity condition (the backfill of holds made before tours had a length). */
export function tourQuartersAddItems(tableName: string, hold: TourHold): TransactItem[] {
  return heldQuarters(hold).map((day) => {
    const { placeholders, names } = quarterNames(day);
    const identity = tourDayIdentity(hold.experienceId, day.date);
    return {
      Update: {
        TableName: tableName,
        Key: keys.tourDay(hold.experienceId, day.date),
        UpdateExpression: `SET ${identity.set} ADD ${placeholders.map((p) => `${p} :one`).join(', ')}`,
        ExpressionAttributeNames: { ...identity.names, ...names },
        ExpressionAttributeValues: { ...identity.values, ':one': 1 },
      },
    };
  });
}
