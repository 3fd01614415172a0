/**
 * Starts DynamoDB Local once for the integration project (in memory, on a free port) and hands its endpoint to
 * the test files. Each test file creates its own table (see `test-table.ts`), so files never see each other's data.
 * It also makes sure the seed's photos are in their cache, so that the files' stacks (started in parallel) seed in
 * seconds rather than each drawing photos on a machine's first run.
 */
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type DynamoDbLocal } from '../../scripts/local/dynamodb-local';
import { prepareSeedPhotos } from '../../scripts/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

let dynamo: DynamoDbLocal | undefined;

export async function setup(project: TestProject) {
  // Both settle before failing, so a DynamoDB that did start is stopped (vitest skips teardown after a failed setup).
  const [started, photos] = await Promise.allSettled([startDynamoDbLocal(), prepareSeedPhotos(console.log)]);
  if (started.status === 'fulfilled') dynamo = started.value;
  for (const result of [started, photos]) {
    if (result.status === 'rejected') {
      await teardown();
      throw result.reason;
    }
  }
  project.provide('dynamoEndpoint', dynamo!.endpoint);
}

export async function teardown() {
  await dynamo?.stop();
  dynamo = undefined;
}
