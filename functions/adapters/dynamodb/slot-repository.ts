import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SlotState } from '../../domain/entities';
import { DomainError } from '../../domain/errors';
import { CAPACITY_BELOW_BOOKED_MESSAGE } from '../../domain/repository-messages';
import type { SlotOverride, SlotRepository } from '../../use-cases/ports';
import type { Item } from './items';
import { batchDeleteAll } from './batch';
import { itemTypes, keys, SLOT_SORT_KEY_PREFIX } from './keys';
import { queryAll } from './pagination';

/** A slot item as a state: units taken (0 if none yet), the override (not blocked, rule capacity if none). */
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

/** The attributes every slot item carries beside its counters, set by whichever write creates it. */
export function slotIdentity(experienceId: string, date: string, time: string) {
  return {
    names: { '#type': 'type', '#experienceId': 'experienceId', '#date': 'date', '#time': 'time' },
    values: { ':slotType': itemTypes.slot, ':experienceId': experienceId, ':date': date, ':time': time },
    set: '#type = :slotType, #experienceId = :experienceId, #date = :date, #time = :time',
  };
}

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

  /** Upserts the override; the slot's `booked` counter is never touched here. */
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
    const id = slotIdentity(experienceId, date, time);
    const set = [id.set];
    const remove: string[] = [];
    const names: Record<string, string> = { ...id.names };
    const values: Record<string, unknown> = { ...id.values };
    if (blocked !== undefined) {
      names['#blocked'] = 'blocked';
      // An open slot stores no flag at all, as if it had never been blocked.
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
      names['#booked'] = 'booked';
      values[':resultingCapacity'] = resultingCapacity;
      condition = 'attribute_not_exists(#booked) OR #booked <= :resultingCapacity';
    }
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.slot(experienceId, date, time),
          UpdateExpression: `SET ${set.join(', ')}${remove.length > 0 ? ` REMOVE ${remove.join(', ')}` : ''}`,
          ...(condition ? { ConditionExpression: condition } : {}),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toSlotState(experienceId, out.Attributes as Item);
    } catch (e) {
      if ((e as { name?: string }).name === 'ConditionalCheckFailedException') {
        throw new DomainError(
          'state_conflict',
          `The slot ${date} ${time} already has more bookings than a capacity of ${resultingCapacity}`,
          { capacity: CAPACITY_BELOW_BOOKED_MESSAGE },
        );
      }
      throw e;
    }
  }

  async deleteFrom(experienceId: string, fromDate: string): Promise<number> {
    const items = await queryAll(this.doc, this.tableName, {
      partition: keys.experiencePartition(experienceId),
      sortCondition: '#sk >= :start',
      sortValues: { ':start': keys.slotRange(fromDate, fromDate).start },
      ascending: true,
    });
    const slotKeys = items
      .filter((i) => String(i.SK).startsWith(SLOT_SORT_KEY_PREFIX))
      .map((i) => ({ PK: String(i.PK), SK: String(i.SK) }));
    await batchDeleteAll(this.doc, this.tableName, slotKeys);
    return slotKeys.length;
  }

  async release(experienceId: string, date: string, time: string): Promise<void> {
    try {
      await this.doc.send(new UpdateCommand(releaseSlotUpdate(this.tableName, experienceId, date, time)));
    } catch (e) {
      if ((e as { name?: string }).name === 'ConditionalCheckFailedException') {
        throw new DomainError('state_conflict', `Slot ${date} ${time} has no booked unit to release`);
      }
      throw e;
    }
  }
}

/** Gives one unit back; conditional on one being taken, so a double release cannot push the counter below 0. */
export function releaseSlotUpdate(tableName: string, experienceId: string, date: string, time: string) {
  return {
    TableName: tableName,
    Key: keys.slot(experienceId, date, time),
    UpdateExpression: 'SET #booked = #booked - :one',
    ConditionExpression: '#booked > :zero',
    ExpressionAttributeNames: { '#booked': 'booked' },
    ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
  };
}
