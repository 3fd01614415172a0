import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TourDay } from '../../domain/availability';
import type { SlotState } from '../../domain/entities';
import type { TourTiming } from '../../domain/tour-span';
import { DomainError } from '../../domain/errors';
import { CAPACITY_BELOW_OVERLAP_MESSAGE } from '../../domain/repository-messages';
import type { SlotOverride, SlotRepository } from '../../use-cases/slot-ports';
import type { Item } from './items';
import { batchDeleteAll } from './batch';
import { itemTypes, keys, SLOT_SORT_KEY_PREFIX, TOUR_DAY_SORT_KEY_PREFIX } from './keys';
import { queryAll } from './pagination';
import { heldAtMostItems, startIdentity, toTourDay } from './tour-hold-items';
import { readTourState } from './tour-holds';
import { TransactionCancelledError, transactWrite, isConditionalCheckFailed } from './transactions';

/** A start item as a state: tours starting there (0 if none yet), the override (open, rule capacity if none). */
export function toSlotState(experienceId: string, item: Item): SlotState {
  const { date, time } = keys.slotOf(String(item.SK));
  return {
    experienceId,
    date,
    time,
    booked: typeof item.booked === 'number' ? item.booked : 0,
    blocked: item.blocked === true,
    capacity: typeof item.capacity === 'number' ? item.capacity : null,
  };
}

const isConditionFailure = (e: unknown) =>
  isConditionalCheckFailed(e) ||
  (e instanceof TransactionCancelledError && e.codes.includes('ConditionalCheckFailed'));

export class DynamoSlotRepository implements SlotRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listStates(experienceId: string, from: string, to: string): Promise<SlotState[]> {
    if (from > to) return [];
    const range = keys.slotRange(from, to);
    const items = await queryAll(this.doc, this.tableName, {
      partition: keys.experiencePartition(experienceId),
      sortCondition: '#sk BETWEEN :start AND :end',
      sortValues: { ':start': range.start, ':end': range.end },
      ascending: true,
    });
    return items.map((i) => toSlotState(experienceId, i));
  }

  async listTourDays(experienceId: string, from: string, to: string): Promise<TourDay[]> {
    if (from > to) return [];
    const range = keys.tourDayRange(from, to);
    const items = await queryAll(this.doc, this.tableName, {
      partition: keys.experiencePartition(experienceId),
      sortCondition: '#sk BETWEEN :start AND :end',
      sortValues: { ':start': range.start, ':end': range.end },
      ascending: true,
    });
    return items.map(toTourDay);
  }

  readTour(experienceId: string, tour: TourTiming): Promise<{ state: SlotState; days: TourDay[] }> {
    return readTourState(this.doc, this.tableName, {
      experienceId,
      ...tour,
      bufferMinutes: tour.bufferMinutes ?? 0,
    });
  }

  /**
   * Upserts the override; the start's `booked` counter is never touched here. A capacity comes with the quarter
   * hours a tour started here holds: the change and the check that none of them is held by more tours than the new
   * capacity are one transaction, so a booking at the same moment cannot slip under it.
   */
  async setOverride(
    experienceId: string,
    date: string,
    time: string,
    override: SlotOverride,
  ): Promise<SlotState> {
    const { capacity, blocked, resultingCapacity } = override;
    if (capacity !== undefined && capacity !== null && !(Number.isInteger(capacity) && capacity >= 0)) {
      throw new DomainError('validation_failed', 'Capacity must be a whole number of at least 0', {
        capacity: 'Must be a whole number of at least 0',
      });
    }
    const id = startIdentity(experienceId, date, time);
    const set = [id.set];
    const remove: string[] = [];
    const names: Record<string, string> = { ...id.names };
    const values: Record<string, unknown> = { ...id.values };
    if (blocked !== undefined) {
      names['#blocked'] = 'blocked';
      // An open start stores no flag at all, as if it had never been closed.
      if (blocked) {
        set.push('#blocked = :true');
        values[':true'] = true;
      } else remove.push('#blocked');
    }
    if (capacity !== undefined) {
      names['#capacity'] = 'capacity';
      if (capacity === null) remove.push('#capacity');
      else {
        set.push('#capacity = :capacity');
        values[':capacity'] = capacity;
      }
    }
    let condition: string | undefined;
    if (resultingCapacity !== undefined) {
      // Tours starting here (bookings from before tours had a length count only here) never exceed it either.
      names['#booked'] = 'booked';
      values[':resultingCapacity'] = resultingCapacity;
      condition = 'attribute_not_exists(#booked) OR #booked <= :resultingCapacity';
    }
    const update = {
      TableName: this.tableName,
      Key: keys.slot(experienceId, date, time),
      UpdateExpression: `SET ${set.join(', ')}${remove.length > 0 ? ` REMOVE ${remove.join(', ')}` : ''}`,
      ...(condition ? { ConditionExpression: condition } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    };
    const checks =
      resultingCapacity !== undefined && override.heldQuarters
        ? heldAtMostItems(this.tableName, experienceId, override.heldQuarters, resultingCapacity)
        : [];
    try {
      if (checks.length > 0) {
        await transactWrite(this.doc, () => [{ Update: update }, ...checks]);
        const stored = (await this.listStates(experienceId, date, date)).find((s) => s.time === time);
        return stored ?? { experienceId, date, time, booked: 0, blocked: false, capacity: null };
      }
      const out = await this.doc.send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
      return toSlotState(experienceId, out.Attributes as Item);
    } catch (e) {
      if (isConditionFailure(e)) {
        throw new DomainError(
          'state_conflict',
          `The start ${date} ${time} already overlaps more bookings than a capacity of ${resultingCapacity}`,
          { capacity: CAPACITY_BELOW_OVERLAP_MESSAGE },
        );
      }
      throw e;
    }
  }

  async setDayClosed(experienceId: string, date: string, closed: boolean): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.tourDay(experienceId, date),
        // A reopened day keeps its item (its counters) without the flag.
        UpdateExpression: closed
          ? 'SET #type = :type, #experienceId = :experienceId, #date = :date, #closed = :true'
          : 'REMOVE #closed',
        ...(closed
          ? {
              ExpressionAttributeNames: {
                '#type': 'type',
                '#experienceId': 'experienceId',
                '#date': 'date',
                '#closed': 'closed',
              },
              ExpressionAttributeValues: {
                ':type': itemTypes.tourDay,
                ':experienceId': experienceId,
                ':date': date,
                ':true': true,
              },
            }
          : { ExpressionAttributeNames: { '#closed': 'closed' } }),
      }),
    );
  }

  async deleteFrom(experienceId: string, fromDate: string): Promise<number> {
    const starts = await this.futureKeys(
      experienceId,
      SLOT_SORT_KEY_PREFIX,
      keys.slotRange(fromDate, fromDate).start,
    );
    const days = await this.futureKeys(
      experienceId,
      TOUR_DAY_SORT_KEY_PREFIX,
      keys.tourDayRange(fromDate, fromDate).start,
    );
    await batchDeleteAll(this.doc, this.tableName, [...starts, ...days]);
    return starts.length + days.length;
  }

  private async futureKeys(experienceId: string, prefix: string, from: string) {
    const items = await queryAll(this.doc, this.tableName, {
      partition: keys.experiencePartition(experienceId),
      sortCondition: '#sk BETWEEN :start AND :end',
      sortValues: { ':start': from, ':end': `${prefix}~` },
      ascending: true,
    });
    return items.map((i) => ({ PK: String(i.PK), SK: String(i.SK) }));
  }
}
