/**
 * The adapters of one Lambda execution environment, built once per cold start from the environment (STYLE §4):
 * handlers call `runtimeAdapters()` inside a request, never at import time, so modules import cleanly in tests and
 * the local stack can configure the process before the first request.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  createDocumentClient,
  createDynamoRepositories,
  type DynamoRepositories,
} from '../dynamodb/repositories';
import { environment, resetEnvironment, type Environment } from './environment';

export interface RuntimeAdapters {
  env: Environment;
  doc: DynamoDBDocumentClient;
  repositories: DynamoRepositories;
  /** Items per transaction: 10 on DynamoDB Local (1.11.478), 100 in DynamoDB. */
  maxTransactionItems: number;
}

let cached: RuntimeAdapters | undefined;

export function runtimeAdapters(): RuntimeAdapters {
  if (cached) return cached;
  const env = environment();
  const doc = createDocumentClient({
    region: env.AWS_REGION,
    bounded: true,
    ...(env.DYNAMODB_ENDPOINT ? { endpoint: env.DYNAMODB_ENDPOINT } : {}),
    ...(env.DYNAMODB_ENDPOINT && env.DYNAMODB_REQUEST_TIMEOUT_MS
      ? { requestTimeoutMs: env.DYNAMODB_REQUEST_TIMEOUT_MS }
      : {}),
  });
  // DynamoDB Local (1.11.478) takes at most 10 items per transaction; DynamoDB itself takes 100.
  const maxTransactionItems = env.DYNAMODB_ENDPOINT ? 10 : 100;
  const repositories = createDynamoRepositories({ doc, tableName: env.TABLE_NAME, maxTransactionItems });
  cached = { env, doc, repositories, maxTransactionItems };
  return cached;
}

/**
 * Drops the adapters and the parsed environment, like a new cold start. Only the local stack calls it, when it
 * starts again in the same process with other endpoints.
 */
export function resetRuntimeAdapters(): void {
  cached?.doc.destroy();
  cached = undefined;
  resetEnvironment();
}
