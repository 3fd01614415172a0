/**
 * Starts DynamoDB Local once for the integration project (in memory, on a free port) and hands its endpoint to
 * the test files. Each test file creates its own table (see `test-table.ts`), so files never see each other's data.
 */
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type DynamoDbLocal } from '../../scripts/local/dynamodb-local';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

let dynamo: DynamoDbLocal | undefined;

export async function setup(project: TestProject) {
  dynamo = await startDynamoDbLocal();
  project.provide('dynamoEndpoint', dynamo.endpoint);
}

export async function teardown() {
  await dynamo?.stop();
}
