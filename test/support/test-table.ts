import { randomUUID } from 'node:crypto';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { ensureTable, localClient } from '../../scripts/local/dynamodb-local';

export interface TestTable {
  tableName: string;
  doc: DynamoDBDocumentClient;
  drop(): Promise<void>;
}

/** A fresh, uniquely named table in the shared DynamoDB Local, created from the one table definition. */
export async function createTestTable(): Promise<TestTable> {
  const client = localClient(inject('dynamoEndpoint'));
  const tableName = `test-${randomUUID()}`;
  await ensureTable(client, tableName);
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return {
    tableName,
    doc,
    drop: async () => {
      await client.send(new DeleteTableCommand({ TableName: tableName }));
      client.destroy();
    },
  };
}
