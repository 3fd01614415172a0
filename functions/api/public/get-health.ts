/**
 * `GET /api/health`: proves the function runs and the table is reachable with the function's own permissions
 * (a GetItem of a key that never exists: read access is all it needs, unlike DescribeTable).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { environment } from '../../adapters/runtime/environment';
import { runtimeAdapters } from '../../adapters/runtime/adapters';
import type { HttpApiStructuredResult } from '../http/api-gateway';
import { json } from '../http/responses';

const PING_TIMEOUT_MS = 2_000;

export async function getHealth(): Promise<HttpApiStructuredResult> {
  const { STAGE, TABLE_NAME } = environment();
  const time = new Date().toISOString();
  try {
    const { doc } = runtimeAdapters();
    await doc.send(new GetCommand({ TableName: TABLE_NAME, Key: { PK: 'HEALTH', SK: 'HEALTH' } }), {
      abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS),
    });
  } catch (e) {
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'Health check: table not reachable',
        error: e instanceof Error ? { name: e.name, message: e.message } : String(e),
      }),
    );
    return json(503, {
      status: 'unavailable',
      stage: STAGE,
      time,
      dynamodb: 'unreachable',
      error: { code: 'service_unavailable', message: 'The database is not reachable.' },
    });
  }
  return json(200, { status: 'ok', stage: STAGE, time, dynamodb: 'ok' });
}
