/**
 * The guests' cancellation codes in the table (issue 29, keys in `keys.ts`): one item per booking,
 * `CANCEL_CODE#<bookingId>` / `CANCEL_CODE`, holding the live code's hash, its validity, the wrong tries so far and,
 * once used, `usedAt`. The table's TTL removes it a day after it lapsed.
 *
 * Redeeming is two conditional writes at most and no read: "mark used if the hash is this one, unused, unexpired
 * and under the wrong-try limit", else "count a wrong try if the code is still live". DynamoDB applies updates of
 * one item one at a time, so of concurrent redemptions with the right code exactly one wins, and however many wrong
 * ones run at once, no more than the limit are counted before the code ends.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CancelCodeStore, StoredCancelCode } from '../../use-cases/guest-cancellation';
import type { OutboxMail } from '../../use-cases/ports';
import { itemTypes, keys } from './keys';
import { outboxPut } from './mail-outbox';
import { TTL_ATTRIBUTE } from './table-definition';
import { transactWrite, isConditionalCheckFailed } from './transactions';

/** How long a lapsed code (and its mail, which carries the code itself) stays in the table. */
const KEEP_AFTER_LAPSE_SECONDS = 24 * 60 * 60;

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export class DynamoCancelCodeStore implements CancelCodeStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async issue(code: StoredCancelCode, mail: OutboxMail, now: Date): Promise<void> {
    const expiresAt = epochSeconds(code.validUntil) + KEEP_AFTER_LAPSE_SECONDS;
    const mailPut = outboxPut(this.tableName, mail, now);
    // The code mail is the one mail whose text is a secret: it goes with the code, delivered or not.
    mailPut.Put!.Item = { ...mailPut.Put!.Item, [TTL_ATTRIBUTE]: expiresAt };
    await transactWrite(this.doc, () => [
      {
        // Unconditional: a new code replaces the previous one (its hash, tries and use start afresh).
        Put: {
          TableName: this.tableName,
          Item: {
            ...keys.cancelCode(code.bookingId),
            type: itemTypes.cancelCode,
            bookingId: code.bookingId,
            codeHash: code.codeHash,
            issuedAt: code.issuedAt,
            validUntil: code.validUntil,
            wrongTries: 0,
            [TTL_ATTRIBUTE]: expiresAt,
          },
        },
      },
      mailPut,
    ]);
  }

  async redeem(
    bookingId: string,
    codeHash: string,
    now: Date,
    maxWrong: number,
  ): Promise<'used' | 'invalid'> {
    const live = {
      condition:
        'attribute_exists(PK) AND attribute_not_exists(#usedAt) AND #validUntil > :now AND #wrongTries < :maxWrong',
      names: { '#usedAt': 'usedAt', '#validUntil': 'validUntil', '#wrongTries': 'wrongTries' },
      values: { ':now': now.toISOString(), ':maxWrong': maxWrong },
    };
    if (
      await this.update(bookingId, {
        UpdateExpression: 'SET #usedAt = :now',
        ConditionExpression: `${live.condition} AND #codeHash = :codeHash`,
        ExpressionAttributeNames: { ...live.names, '#codeHash': 'codeHash' },
        ExpressionAttributeValues: { ...live.values, ':codeHash': codeHash },
      })
    ) {
      return 'used';
    }
    // Not the live code (or none is live): a wrong try, counted only while a code is live to be guessed.
    await this.update(bookingId, {
      UpdateExpression: 'ADD #wrongTries :one',
      ConditionExpression: live.condition,
      ExpressionAttributeNames: live.names,
      ExpressionAttributeValues: { ...live.values, ':one': 1 },
    });
    return 'invalid';
  }

  /** A conditional update of the booking's code item: `false` when its condition did not hold. */
  private async update(
    bookingId: string,
    input: Pick<
      ConstructorParameters<typeof UpdateCommand>[0],
      'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
    >,
  ): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({ TableName: this.tableName, Key: keys.cancelCode(bookingId), ...input }),
      );
      return true;
    } catch (e) {
      if (isConditionalCheckFailed(e)) return false;
      throw e;
    }
  }
}
