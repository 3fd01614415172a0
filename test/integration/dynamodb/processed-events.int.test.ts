import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../functions/adapters/dynamodb/keys';
import { DynamoProcessedEventStore } from '../../../functions/adapters/dynamodb/processed-events';
import { createTestTable, type TestTable } from '../../support/test-table';

let table: TestTable;
beforeAll(async () => {
  table = await createTestTable();
});
afterAll(async () => {
  await table.drop();
});

const START = Date.parse('2025-05-06T01:00:00.000Z');

function storeAt() {
  let now = START;
  const store = new DynamoProcessedEventStore(table.doc, table.tableName, () => new Date(now));
  return { store, advanceSeconds: (s: number) => (now += s * 1000) };
}

describe('DynamoProcessedEventStore', () => {
  it('marks an event once: the second mark reports it was already there', async () => {
    const { store } = storeAt();
    expect(await store.isProcessed('evt_1')).toBe(false);
    expect(await store.markProcessed('evt_1', 3600)).toBe(true);
    expect(await store.isProcessed('evt_1')).toBe(true);
    expect(await store.markProcessed('evt_1', 3600)).toBe(false);
  });

  it('writes the TTL attribute so the table forgets old marks', async () => {
    const { store } = storeAt();
    await store.markProcessed('evt_ttl', 600);
    const out = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.processedEvent('evt_ttl') }),
    );
    expect(out.Item).toMatchObject({
      type: 'ProcessedEvent',
      eventId: 'evt_ttl',
      expiresAt: START / 1000 + 600,
    });
  });

  it('treats a mark past its TTL as absent even before DynamoDB deletes it', async () => {
    const { store, advanceSeconds } = storeAt();
    await store.markProcessed('evt_old', 60);
    advanceSeconds(61);
    expect(await store.isProcessed('evt_old')).toBe(false);
    expect(await store.markProcessed('evt_old', 60)).toBe(true);
  });

  it('lets exactly one of concurrent marks of the same event win', async () => {
    const { store } = storeAt();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => store.markProcessed('evt_race', 3600)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
