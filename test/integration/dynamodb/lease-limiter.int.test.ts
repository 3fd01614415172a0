import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../functions/adapters/dynamodb/keys';
import { DynamoLeaseLimiter } from '../../../functions/adapters/dynamodb/lease-limiter';
import { createTestTable, type TestTable } from '../../support/test-table';

let table: TestTable;
beforeAll(async () => {
  table = await createTestTable();
});
afterAll(async () => {
  await table.drop();
});

const START = Date.parse('2025-05-06T01:00:00.000Z');
const in15Minutes = (now: number) => new Date(now + 15 * 60_000);
const held = async () => true;

function limiterAt() {
  let now = START;
  const limiter = new DynamoLeaseLimiter(table.doc, table.tableName, () => new Date(now));
  return { limiter, now: () => now, advanceSeconds: (s: number) => (now += s * 1000) };
}

describe('DynamoLeaseLimiter', () => {
  it('of 20 parallel acquisitions on one key, exactly `limit` succeed', async () => {
    const { limiter, now } = limiterAt();
    const decisions = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limiter.acquire('client:burst', `b${i}`, 3, in15Minutes(now()), held),
      ),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
    const item = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.leaseSet('client:burst') }),
    );
    expect(Object.keys(item.Item!.leases as object)).toHaveLength(3);
    expect(item.Item).toMatchObject({ type: 'LeaseSet', expiresAt: START / 1000 + 900 });
  });

  it('frees a place when a lease expires, is released, or is no longer held', async () => {
    const { limiter, now, advanceSeconds } = limiterAt();
    const stillHeld = new Set(['a', 'b']);
    const isHeld = async (id: string) => stillHeld.has(id);
    expect((await limiter.acquire('client:x', 'a', 2, in15Minutes(now()), isHeld)).allowed).toBe(true);
    advanceSeconds(60);
    expect((await limiter.acquire('client:x', 'b', 2, in15Minutes(now()), isHeld)).allowed).toBe(true);
    stillHeld.add('c');
    expect(await limiter.acquire('client:x', 'c', 2, in15Minutes(now()), isHeld)).toEqual({
      allowed: false,
      retryAfterSeconds: 840,
    });
    // `a` was paid: no longer held.
    stillHeld.delete('a');
    expect((await limiter.acquire('client:x', 'c', 2, in15Minutes(now()), isHeld)).allowed).toBe(true);
    await limiter.release('client:x', 'c');
    stillHeld.add('d');
    expect((await limiter.acquire('client:x', 'd', 2, in15Minutes(now()), isHeld)).allowed).toBe(true);
    stillHeld.add('e');
    expect((await limiter.acquire('client:x', 'e', 2, in15Minutes(now()), isHeld)).allowed).toBe(false);
    // `b` lapses at START + 60 + 900.
    advanceSeconds(900);
    expect((await limiter.acquire('client:x', 'e', 2, in15Minutes(now()), isHeld)).allowed).toBe(true);
  });

  it('releasing an unknown lease or key changes nothing', async () => {
    const { limiter } = limiterAt();
    await limiter.release('client:nobody', 'zzz');
    const item = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.leaseSet('client:nobody') }),
    );
    expect(item.Item).toBeUndefined();
  });
});
