/**
 * Scheduled mails go out once (DESIGN §4c): the reminder job writes a record per mail it owes (the guest's
 * reminder of a booking, a host's list of a day) together with the mail items, in one transaction conditional on
 * the record not existing yet, and on the bookings still being approved. Two runs at once, or a run repeated,
 * write the mail once; a booking cancelled meanwhile gets none. The table's TTL forgets old records.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { OutboxMail, ScheduledMailLog, ScheduledMailRecord } from '../../use-cases/ports';
import { outboxPuts } from './mail-outbox';
import { itemTypes, keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';
import { TransactionCancelledError, transactWrite, type TransactItem } from './transactions';

/** The record of a scheduled mail, conditional on its not existing yet (the first item of a once-only write). */
export function scheduledMailRecordPut(
  tableName: string,
  record: ScheduledMailRecord,
  mails: OutboxMail[],
  now: Date,
): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.scheduledMail(record.key),
        type: itemTypes.scheduledMail,
        key: record.key,
        mailIds: mails.map((m) => m.id),
        createdAt: now.toISOString(),
        [TTL_ATTRIBUTE]: Math.floor(record.expiresAt.getTime() / 1000),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export class DynamoScheduledMailLog implements ScheduledMailLog {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async recordOnce(record: ScheduledMailRecord, mails: OutboxMail[], now: Date): Promise<boolean> {
    const items: TransactItem[] = [
      scheduledMailRecordPut(this.tableName, record, mails, now),
      ...(record.approvedBookingIds ?? []).map((id): TransactItem => ({
        ConditionCheck: {
          TableName: this.tableName,
          Key: keys.booking(id),
          ConditionExpression: '#status = :approved',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':approved': 'approved' },
        },
      })),
      ...outboxPuts(this.tableName, mails, now),
    ];
    try {
      await transactWrite(this.doc, () => items);
      return true;
    } catch (e) {
      // The record exists (another run wrote it), or a booking is no longer approved: nothing was written.
      const guarded = 1 + (record.approvedBookingIds?.length ?? 0);
      if (
        e instanceof TransactionCancelledError &&
        items.slice(0, guarded).some((_, i) => e.conditionFailedAt(i))
      )
        return false;
      throw e;
    }
  }
}
