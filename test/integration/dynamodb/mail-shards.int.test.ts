/**
 * The outbox's due mails in shards (issue 33, DESIGN §4i "Hot keys"), on DynamoDB Local: new mails spread over the
 * `MAILS#DUE#<n>` partitions, the sender's batch is the earliest due across all of them (and the old single key),
 * and the back-fill moves mails queued before the shards to theirs, once, leaving delivered ones alone.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { backfillMailShards } from '../../../functions/adapters/dynamodb/backfill-mail-shards';
import { keys, MAIL_DUE_SHARDS, mailDueShardOf } from '../../../functions/adapters/dynamodb/keys';
import { DynamoMailOutbox, outboxPut } from '../../../functions/adapters/dynamodb/mail-outbox';
import type { OutboxMail } from '../../../functions/use-cases/ports';
import { id, itNeverScanned, setUpRepositories, type RepositoryContext } from './support';

let ctx: RepositoryContext;
let outbox: DynamoMailOutbox;
beforeAll(async () => {
  ctx = await setUpRepositories();
  outbox = new DynamoMailOutbox(ctx.doc, ctx.tableName);
});
afterAll(async () => {
  await ctx.drop();
});

const mail = (): OutboxMail => ({
  id: id('mail'),
  kind: 'guest_booking_approved',
  to: 'guest@example.com',
  language: 'en',
  subject: 'Confirmed',
  text: 'Text',
  html: '<p>Text</p>',
  attachments: [],
});

/** Queues `count` mails, the i-th due `i` seconds after `start`. */
async function queue(count: number, start: Date): Promise<OutboxMail[]> {
  const mails = Array.from({ length: count }, mail);
  for (const [i, m] of mails.entries()) {
    const put = outboxPut(ctx.tableName, m, new Date(start.getTime() + i * 1000)).Put!;
    await ctx.doc.send(new PutCommand(put as ConstructorParameters<typeof PutCommand>[0]));
  }
  return mails;
}

const partitionOf = async (mailId: string) =>
  (await ctx.doc.send(new GetCommand({ TableName: ctx.tableName, Key: keys.mail(mailId) }))).Item?.GSI5PK as
    string | undefined;

describe('due mails in shards', () => {
  it('spreads new mails over the shards by id, each mail always in the same one', async () => {
    const mails = await queue(40, new Date('2040-01-01T00:00:00Z'));
    const partitions = await Promise.all(mails.map((m) => partitionOf(m.id)));
    expect(new Set(partitions).size).toBeGreaterThanOrEqual(MAIL_DUE_SHARDS / 2);
    for (const [i, m] of mails.entries()) {
      expect(partitions[i]).toBe(`MAILS#DUE#${mailDueShardOf(m.id)}`);
    }
    expect(partitions).not.toContain('MAILS#DUE');
  });

  it('hands the sender the earliest due mails across every shard, at most the batch', async () => {
    const start = new Date('2041-01-01T00:00:00Z');
    const mails = await queue(30, start);
    const ours = new Set(mails.map((m) => m.id));
    const all = (await outbox.listDue(new Date('2041-01-02T00:00:00Z'), 1000)).filter((m) => ours.has(m.id));
    expect(all.map((m) => m.id)).toEqual(mails.map((m) => m.id));
    // Only what is due by then: the first 10 (due 0…9 s after the start).
    const dueSoon = (await outbox.listDue(new Date(start.getTime() + 9_000), 1000)).filter((m) =>
      ours.has(m.id),
    );
    expect(dueSoon.map((m) => m.id)).toEqual(mails.slice(0, 10).map((m) => m.id));
    // A batch of 7 is the 7 earliest, whichever shards they are in.
    const batch = await outbox.listDue(new Date('2041-01-02T00:00:00Z'), 7);
    expect(batch).toHaveLength(7);
    const sortKeys = batch.map((m) => m.nextAttemptAt);
    expect([...sortKeys].sort()).toEqual(sortKeys);
  });
});

describe('the back-fill of mails queued before the shards', () => {
  it('moves them to their shard (the sender sees them before and after), once, and leaves delivered mails alone', async () => {
    const start = new Date('2042-01-01T00:00:00Z');
    const mails = await queue(12, start);
    // As they were stored before issue 33: the single due key.
    for (const m of mails) {
      await ctx.doc.send(
        new UpdateCommand({
          TableName: ctx.tableName,
          Key: keys.mail(m.id),
          UpdateExpression: 'SET GSI5PK = :old',
          ExpressionAttributeValues: { ':old': 'MAILS#DUE' },
        }),
      );
    }
    // One of them is delivered before the back-fill runs (it leaves the index).
    const delivered = mails[0]!;
    const claim = await outbox.claim(delivered.id, start, new Date(start.getTime() + 60_000));
    await outbox.markSent(claim!, start);
    const ours = new Set(mails.map((m) => m.id));
    const dueBy = new Date('2042-01-02T00:00:00Z');
    const waiting = mails.slice(1).map((m) => m.id);
    expect((await outbox.listDue(dueBy, 1000)).filter((m) => ours.has(m.id)).map((m) => m.id)).toEqual(
      waiting,
    );

    const first = await backfillMailShards(ctx.doc, ctx.tableName, 5);
    expect(first).toMatchObject({ updated: 11 });
    for (const m of mails.slice(1)) expect(await partitionOf(m.id)).toBe(`MAILS#DUE#${mailDueShardOf(m.id)}`);
    expect(await partitionOf(delivered.id)).toBeUndefined();
    expect((await outbox.listDue(dueBy, 1000)).filter((m) => ours.has(m.id)).map((m) => m.id)).toEqual(
      waiting,
    );

    const again = await backfillMailShards(ctx.doc, ctx.tableName);
    expect(again).toEqual({ examined: 0, updated: 0, skipped: 0 });
  });
});

itNeverScanned(() => ctx);
