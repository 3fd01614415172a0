/**
 * The mail outbox in the table (DESIGN §4f). A mail item is put by the repository whose state change causes it, in
 * that change's transaction (`outboxPut`); the sender then claims, sends and records it here.
 *
 * Item: `MAIL#<id>` / `MAIL`, type `Mail`, the rendered mail (recipient, language, subject, text, HTML,
 * attachments as file name, content type and base64 content) and its delivery state (`status`, `attempts`,
 * `nextAttemptAt`, `lastError`, `claimToken`). While pending or claimed it sits in GSI5 `MAILS#DUE#<shard>` by due
 * time (the sender's queries; 8 shards by id, issue 33); while failed in GSI3 `MAILS#FAILED` (the admin list). A sent mail is in no index.
 *
 * Exactly once: a sender claims a mail with a conditional update (due, not sent, not failed) that sets a fresh
 * token and leases the mail; only that token can record the outcome. Two senders never hold the same mail.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '../../domain/errors';
import type { MailClaim, MailOutbox, OutboxMail, Page, PageRequest, StoredMail } from '../../use-cases/ports';
import { fromItem, toItem, type Item } from './items';
import { itemTypes, keys } from './keys';
import { queryAll, queryPage } from './pagination';
import { TTL_ATTRIBUTE } from './table-definition';
import { isConditionalCheckFailed, type TransactItem } from './transactions';

/**
 * A delivered mail holds a guest's name, booking and address: the table's TTL removes it this many days after
 * delivery (issue 29). Long enough to answer "did you send it?", not a second copy of every guest's data for ever.
 * Failed mails stay (admins resend them); a mail that carries a secret (a cancellation code) has a shorter expiry
 * from the start, which delivery keeps.
 */
export const MAIL_RETENTION_DAYS = 90;

/** Admin messages (Japanese, as every back-office 404/409). */
export const mailOutboxMessages = {
  notFound: 'メールが見つかりませんでした。',
  notFailed: 'このメールは送信失敗の状態ではないため、再送できません。',
} as const;

/** A mail as it enters the outbox: pending, no attempt yet, due at `now`. */
export function newStoredMail(mail: OutboxMail, now: Date): StoredMail {
  const at = now.toISOString();
  return {
    ...mail,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: at,
    lastError: null,
    createdAt: at,
    updatedAt: at,
    sentAt: null,
    failedAt: null,
  };
}

/** The transaction item that puts one new mail into the outbox, pending and due at `now`. */
export function outboxPut(tableName: string, mail: OutboxMail, now: Date): TransactItem {
  const stored = newStoredMail(mail, now);
  return {
    Put: {
      TableName: tableName,
      Item: toItem(stored, {
        ...keys.mail(mail.id),
        type: itemTypes.mail,
        ...keys.mailDue(stored.createdAt, mail.id),
      }),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export const outboxPuts = (tableName: string, mails: OutboxMail[] | undefined, now: Date): TransactItem[] =>
  (mails ?? []).map((m) => outboxPut(tableName, m, now));

function mailFromItem(item: Item): StoredMail {
  const {
    claimToken: _token,
    [TTL_ATTRIBUTE]: _expiresAt,
    ...mail
  } = fromItem<StoredMail & { claimToken?: string; [TTL_ATTRIBUTE]?: number }>(item);
  return { ...mail, attachments: mail.attachments ?? [] };
}

export class DynamoMailOutbox implements MailOutbox {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /**
   * The `limit` mails due soonest: the earliest of each shard (and of the unsharded key of before issue 33, empty
   * once its back-fill ran), read in parallel, at most `limit` per partition, merged by due time.
   */
  async listDue(now: Date, limit: number): Promise<StoredMail[]> {
    const batch = Math.max(1, Math.trunc(limit));
    const partitions = [...keys.mailsDueShards(), keys.mailsDueUnsharded];
    const perPartition = await Promise.all(
      partitions.map((partition) =>
        queryAll(
          this.doc,
          this.tableName,
          {
            index: 'GSI5',
            partition,
            sortCondition: '#sk <= :dueBy',
            sortValues: { ':dueBy': `${now.toISOString()}#~` },
            ascending: true,
          },
          batch,
        ),
      ),
    );
    const bySortKey = (a: Item, b: Item) => String(a.GSI5SK).localeCompare(String(b.GSI5SK));
    return perPartition.flat().sort(bySortKey).slice(0, batch).map(mailFromItem);
  }

  async get(id: string): Promise<StoredMail | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.mail(id), ConsistentRead: true }),
    );
    return out.Item ? mailFromItem(out.Item) : null;
  }

  async claim(id: string, now: Date, leaseUntil: Date): Promise<MailClaim | null> {
    const token = randomUUID();
    const lease = leaseUntil.toISOString();
    const due = keys.mailDue(lease, id);
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.mail(id),
          UpdateExpression:
            'SET #status = :sending, #attempts = #attempts + :one, #next = :lease, #token = :token, ' +
            '#updatedAt = :now, GSI5SK = :dueSk',
          ConditionExpression: 'attribute_exists(PK) AND #status IN (:pending, :sending) AND #next <= :now',
          ExpressionAttributeNames: {
            '#status': 'status',
            '#attempts': 'attempts',
            '#next': 'nextAttemptAt',
            '#token': 'claimToken',
            '#updatedAt': 'updatedAt',
          },
          ExpressionAttributeValues: {
            ':sending': 'sending',
            ':pending': 'pending',
            ':one': 1,
            ':lease': lease,
            ':token': token,
            ':now': now.toISOString(),
            ':dueSk': due.GSI5SK,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { mail: mailFromItem(out.Attributes as Item), token };
    } catch (e) {
      if (isConditionalCheckFailed(e)) return null;
      throw e;
    }
  }

  markSent(claim: MailClaim, now: Date): Promise<boolean> {
    const expiresAt = Math.floor(now.getTime() / 1000) + MAIL_RETENTION_DAYS * 24 * 60 * 60;
    return this.settle(
      claim,
      'SET #status = :sent, #sentAt = :now, #expiresAt = if_not_exists(#expiresAt, :expiresAt) ' +
        'REMOVE GSI5PK, GSI5SK',
      {
        names: { '#sentAt': 'sentAt', '#expiresAt': TTL_ATTRIBUTE },
        values: { ':sent': 'sent', ':expiresAt': expiresAt },
        now,
        next: null,
      },
    );
  }

  markRetry(claim: MailClaim, now: Date, nextAttemptAt: Date, error: string): Promise<boolean> {
    const next = nextAttemptAt.toISOString();
    return this.settle(claim, 'SET #status = :pending, #lastError = :error, GSI5SK = :dueSk', {
      names: { '#lastError': 'lastError' },
      values: { ':pending': 'pending', ':error': error, ':dueSk': keys.mailDue(next, claim.mail.id).GSI5SK },
      now,
      next,
    });
  }

  markFailed(claim: MailClaim, now: Date, error: string): Promise<boolean> {
    const failed = keys.mailFailed(now.toISOString(), claim.mail.id);
    return this.settle(
      claim,
      'SET #status = :failed, #lastError = :error, #failedAt = :now, GSI3PK = :failedPk, GSI3SK = :failedSk ' +
        'REMOVE GSI5PK, GSI5SK',
      {
        names: { '#lastError': 'lastError', '#failedAt': 'failedAt' },
        values: {
          ':failed': 'failed',
          ':error': error,
          ':failedPk': failed.GSI3PK,
          ':failedSk': failed.GSI3SK,
        },
        now,
        next: null,
      },
    );
  }

  async listFailed(page?: PageRequest): Promise<Page<StoredMail>> {
    const result = await queryPage(
      this.doc,
      this.tableName,
      { index: 'GSI3', partition: keys.mailsFailed, ascending: false },
      page,
    );
    return { ...result, items: result.items.map(mailFromItem) };
  }

  async requeue(id: string, now: Date): Promise<StoredMail> {
    const at = now.toISOString();
    const due = keys.mailDue(at, id);
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.mail(id),
          UpdateExpression:
            'SET #status = :pending, #attempts = :zero, #next = :now, #updatedAt = :now, #failedAt = :null, ' +
            'GSI5PK = :duePk, GSI5SK = :dueSk REMOVE GSI3PK, GSI3SK',
          ConditionExpression: 'attribute_exists(PK) AND #status = :failed',
          ExpressionAttributeNames: {
            '#status': 'status',
            '#attempts': 'attempts',
            '#next': 'nextAttemptAt',
            '#updatedAt': 'updatedAt',
            '#failedAt': 'failedAt',
          },
          ExpressionAttributeValues: {
            ':pending': 'pending',
            ':failed': 'failed',
            ':zero': 0,
            ':now': at,
            ':null': null,
            ':duePk': due.GSI5PK,
            ':dueSk': due.GSI5SK,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return mailFromItem(out.Attributes as Item);
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
      const current = await this.get(id);
      if (!current) throw new DomainError('not_found', mailOutboxMessages.notFound);
      throw new DomainError('state_conflict', mailOutboxMessages.notFailed);
    }
  }

  /** Records a claimed attempt's outcome, only while the claim is still this sender's. */
  private async settle(
    claim: MailClaim,
    update: string,
    extra: { names: Record<string, string>; values: Record<string, unknown>; now: Date; next: string | null },
  ): Promise<boolean> {
    // The token goes with the outcome: a later claim (after a lease ran out) cannot be overwritten by this one.
    const [set, remove] = update.split(' REMOVE ');
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.mail(claim.mail.id),
          UpdateExpression: `${set}, #next = :next, #updatedAt = :now REMOVE #token${remove ? `, ${remove}` : ''}`,
          ConditionExpression: '#status = :sendingState AND #token = :token',
          ExpressionAttributeNames: {
            '#status': 'status',
            '#next': 'nextAttemptAt',
            '#updatedAt': 'updatedAt',
            '#token': 'claimToken',
            ...extra.names,
          },
          ExpressionAttributeValues: {
            ':sendingState': 'sending',
            ':token': claim.token,
            ':next': extra.next,
            ':now': extra.now.toISOString(),
            ...extra.values,
          },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionalCheckFailed(e)) return false;
      throw e;
    }
  }
}
