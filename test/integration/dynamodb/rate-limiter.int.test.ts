import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../functions/adapters/dynamodb/keys';
import { DynamoRateLimiter } from '../../../functions/adapters/dynamodb/rate-limiter';
import { createTestTable, type TestTable } from '../../support/test-table';

let table: TestTable;
beforeAll(async () => {
  table = await createTestTable();
});
afterAll(async () => {
  await table.drop();
});

/** 2025-05-06T01:00:00Z: a multiple of 900 s, so a 15-minute window starts exactly here. */
const START = Date.parse('2025-05-06T01:00:00.000Z');

function limiterAt() {
  let now = START;
  const limiter = new DynamoRateLimiter(table.doc, table.tableName, () => new Date(now));
  return { limiter, advanceSeconds: (s: number) => (now += s * 1000) };
}

describe('DynamoRateLimiter', () => {
  it('allows `limit` hits per window, counting down what remains, then refuses until the window ends', async () => {
    const { limiter, advanceSeconds } = limiterAt();
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.hit('ref:ABC123', 3, 900));
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    advanceSeconds(600);
    expect(await limiter.hit('ref:ABC123', 3, 900)).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: 300,
      windowStartSeconds: START / 1000,
    });
    advanceSeconds(300);
    expect(await limiter.hit('ref:ABC123', 3, 900)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('counts keys separately', async () => {
    const { limiter } = limiterAt();
    expect((await limiter.hit('client:a', 1, 60)).allowed).toBe(true);
    expect((await limiter.hit('client:a', 1, 60)).allowed).toBe(false);
    expect((await limiter.hit('client:b', 1, 60)).allowed).toBe(true);
  });

  it('stores one item per key and window that the table’s TTL deletes at the window’s end', async () => {
    const { limiter } = limiterAt();
    await limiter.hit('ttl-key', 5, 900);
    const windowStart = START / 1000;
    const out = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.rateLimitWindow('ttl-key', windowStart) }),
    );
    expect(out.Item).toMatchObject({ count: 1, type: 'RateLimitWindow', expiresAt: windowStart + 900 });
  });

  it('gives a hit back within its own window, never below zero and never into a later window', async () => {
    const { limiter, advanceSeconds } = limiterAt();
    const first = await limiter.hit('refund-key', 2, 900);
    await limiter.hit('refund-key', 2, 900);
    expect((await limiter.hit('refund-key', 2, 900)).allowed).toBe(false);
    await limiter.refund('refund-key', first.windowStartSeconds);
    await limiter.refund('refund-key', first.windowStartSeconds);
    // Two hits given back: two more fit before the limit again.
    expect((await limiter.hit('refund-key', 2, 900)).allowed).toBe(true);
    expect((await limiter.hit('refund-key', 2, 900)).allowed).toBe(false);
    // A refund of a window that has ended leaves the new window alone.
    advanceSeconds(900);
    const next = await limiter.hit('refund-key', 1, 900);
    expect(next.windowStartSeconds).toBe(first.windowStartSeconds + 900);
    await limiter.refund('refund-key', first.windowStartSeconds);
    expect((await limiter.hit('refund-key', 1, 900)).allowed).toBe(false);
    // Refunds of a window with no hits do not create credit.
    for (let i = 0; i < 3; i++) await limiter.refund('never-hit', next.windowStartSeconds);
    expect((await limiter.hit('never-hit', 1, 900)).allowed).toBe(true);
    expect((await limiter.hit('never-hit', 1, 900)).allowed).toBe(false);
  });

  it('allows exactly `limit` of 50 concurrent hits on one key', async () => {
    const { limiter } = limiterAt();
    const decisions = await Promise.all(Array.from({ length: 50 }, () => limiter.hit('hot-key', 10, 900)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    expect(decisions.filter((d) => !d.allowed)).toHaveLength(40);
  });

  it('refuses empty or oversized keys and nonsense limits instead of writing them', async () => {
    const { limiter } = limiterAt();
    await expect(limiter.hit('', 1, 60)).rejects.toThrow(RangeError);
    await expect(limiter.hit('x'.repeat(513), 1, 60)).rejects.toThrow(RangeError);
    await expect(limiter.hit('k', 1, 0)).rejects.toThrow(RangeError);
  });
});
