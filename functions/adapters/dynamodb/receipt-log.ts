/**
 * Every receipt issued (issue 28), in the booking's own partition (`BOOKING#<id>` / `RECEIPT#<nnnn>`, keys in
 * `keys.ts`): its document number, the amount and tax it stated, to whom and when. The n-th issue is written only if
 * no n-th exists, so two requests at the same moment cannot both be receipt n: the second reads again and becomes
 * n + 1 (a reissue).
 */
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { IssuedReceipt, ReceiptLog } from '../../use-cases/documents/document-ports';
import { fromItem, toItem } from './items';
import { itemTypes, keys } from './keys';
import { isConditionalCheckFailed } from './transactions';

export class DynamoReceiptLog implements ReceiptLog {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private query(bookingId: string, newestFirst: boolean, limit?: number) {
    return this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': 'PK', '#sk': 'SK' },
        ExpressionAttributeValues: { ':pk': keys.booking(bookingId).PK, ':prefix': keys.receiptPrefix },
        ScanIndexForward: !newestFirst,
        ConsistentRead: true,
        ...(limit ? { Limit: limit } : {}),
      }),
    );
  }

  async latest(bookingId: string): Promise<IssuedReceipt | null> {
    const out = await this.query(bookingId, true, 1);
    const item = out.Items?.[0];
    return item ? fromItem<IssuedReceipt>(item) : null;
  }

  async list(bookingId: string): Promise<IssuedReceipt[]> {
    const items: IssuedReceipt[] = [];
    // A booking has a handful of receipts; one page holds hundreds.
    const out = await this.query(bookingId, false);
    for (const item of out.Items ?? []) items.push(fromItem<IssuedReceipt>(item));
    return items;
  }

  async record(receipt: IssuedReceipt): Promise<boolean> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toItem(receipt, {
            ...keys.receipt(receipt.bookingId, receipt.issueNumber),
            type: itemTypes.receipt,
          }),
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return true;
    } catch (e) {
      if (isConditionalCheckFailed(e)) return false;
      throw e;
    }
  }
}
