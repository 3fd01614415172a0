import { TransactWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { bumpCounter } from '../../../../functions/adapters/dynamodb/counter-repository';
import { mergeUpdates, recordingClient } from '../../../../functions/adapters/dynamodb/bulk-writer';
import { tourHoldItems } from '../../../../functions/adapters/dynamodb/tour-hold-items';

const TABLE = 't';

describe('mergeUpdates', () => {
  it('sums the ADD amounts of updates of one item, so many bookings bump a counter shard once', () => {
    const bumps = Array.from({ length: 50 }, () => bumpCounter(TABLE, 'BOOKINGS').Update!);
    const merged = mergeUpdates(bumps);
    // Ten shards at most, and the amounts add up to the bumps made.
    expect(merged.length).toBeLessThanOrEqual(10);
    const total = merged.reduce((s, u) => s + (u.ExpressionAttributeValues![':one'] as number), 0);
    expect(total).toBe(50);
  });

  it('drops the condition and the placeholders only the condition used', () => {
    const hold = tourHoldItems(
      TABLE,
      { experienceId: 'e1', date: '2026-12-01', time: '09:00', durationMinutes: 120, bufferMinutes: 0 },
      { capacity: 2, override: null },
    );
    const [day] = mergeUpdates([hold[1]!.Update!]);
    expect(day!.ConditionExpression).toBeUndefined();
    expect(Object.keys(day!.ExpressionAttributeValues!)).not.toContain(':limit');
    expect(Object.keys(day!.ExpressionAttributeNames!)).not.toContain('#closed');
  });

  it('keeps apart updates whose arithmetic is not an ADD (two bookings of one start count twice)', () => {
    const hold = (time: string) =>
      tourHoldItems(
        TABLE,
        { experienceId: 'e1', date: '2026-12-01', time, durationMinutes: 60, bufferMinutes: 0 },
        { capacity: 2, override: null },
      )[0]!.Update!;
    expect(mergeUpdates([hold('09:00'), hold('09:00')])).toHaveLength(2);
  });
});

describe('recordingClient', () => {
  it('records the transactions a repository sends and refuses reads', async () => {
    const recorder = recordingClient();
    await recorder.doc.send(new TransactWriteCommand({ TransactItems: [bumpCounter(TABLE, 'X')] }));
    expect(recorder.take()).toHaveLength(1);
    expect(recorder.take()).toHaveLength(0);
    await expect(
      recorder.doc.send(new GetCommand({ TableName: TABLE, Key: { PK: 'a', SK: 'b' } })),
    ).rejects.toThrow(/records transactions only/);
  });
});
