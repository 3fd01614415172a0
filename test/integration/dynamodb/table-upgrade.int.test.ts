import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';
import { createTableInput, GLOBAL_INDEXES } from '../../../functions/adapters/dynamodb/table-definition';
import { ensureTable, localClient } from '../../../scripts/local/dynamodb-local';

describe('ensureTable on a table made by an older definition', () => {
  it('adds the indexes the definition gained since, and is a no-op the second time', async () => {
    const client = localClient(inject('dynamoEndpoint'));
    const tableName = `old-${randomUUID()}`;
    const current = createTableInput(tableName);
    // The table as the first version made it: the first five indexes only.
    const oldIndexes = current.GlobalSecondaryIndexes.slice(0, 5);
    const oldKeys = new Set([
      'PK',
      'SK',
      ...oldIndexes.flatMap((i) => i.KeySchema.map((k) => k.AttributeName)),
    ]);
    await client.send(
      new CreateTableCommand({
        ...current,
        AttributeDefinitions: current.AttributeDefinitions.filter((a) => oldKeys.has(a.AttributeName)),
        GlobalSecondaryIndexes: oldIndexes,
      }),
    );
    try {
      await ensureTable(client, tableName);
      const out = await client.send(new DescribeTableCommand({ TableName: tableName }));
      expect((out.Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName).sort()).toEqual(
        GLOBAL_INDEXES.map((i) => i.name).sort(),
      );
      // Again: nothing left to add, nothing fails.
      await ensureTable(client, tableName);
    } finally {
      await client.send(new DeleteTableCommand({ TableName: tableName }));
      client.destroy();
    }
  });
});
