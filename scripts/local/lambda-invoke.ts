/**
 * A local endpoint of the Lambda Invoke API (`POST /2015-03-31/functions/<name>/invocations`), so that an emulator
 * which calls Lambda (cognito-local, for its user-pool triggers) runs the same handler modules Lambda runs in AWS,
 * in this process, with the handlers' environment the stack has set.
 *
 * It answers the way Lambda does, because the caller's SDK reads the answer the way it reads Lambda's: a result is
 * `200` with the JSON payload; a handler that throws is still `200`, with `X-Amz-Function-Error: Unhandled` and
 * `{ errorType, errorMessage, trace }` (Cognito turns that into `UserLambdaValidationException`); an unknown
 * function is `404 ResourceNotFoundException`; an `Event` invocation is `202` and runs after the answer.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { lambdaContextFor, type LambdaContext } from '../../functions/api/http/api-gateway';

export type LocalFunction = (event: unknown, context: LambdaContext) => Promise<unknown>;

export interface LambdaInvokeServerOptions {
  /** The function of a name, or `undefined` when there is none (the caller then gets Lambda's 404). */
  functions: (name: string) => LocalFunction | undefined;
  port?: number;
  log?: (line: string) => void;
}

export interface LambdaInvokeServer {
  /** `http://127.0.0.1:<port>`: what a Lambda client takes as its `endpoint`. */
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/** Lambda refuses larger synchronous payloads too (6 MB). */
const MAX_PAYLOAD_BYTES = 6 * 1024 * 1024;
const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export async function startLambdaInvokeServer(
  options: LambdaInvokeServerOptions,
): Promise<LambdaInvokeServer> {
  const log = options.log ?? (() => {});
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      log(`lambda invoke: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      if (!res.headersSent) sendError(res, 500, 'ServiceException', 'The local Lambda endpoint failed');
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = INVOKE_PATH.exec(url.pathname);
    if (req.method !== 'POST' || !match) {
      return sendError(
        res,
        404,
        'UnknownOperationException',
        `Unknown operation ${req.method} ${url.pathname}`,
      );
    }
    // The SDK sends a name or an ARN; Lambda accepts both, and so do we (the name is the ARN's last part).
    const name = decodeURIComponent(match[1]!).split(':').pop()!;
    const fn = options.functions(name);
    if (!fn) {
      return sendError(
        res,
        404,
        'ResourceNotFoundException',
        `Function not found: arn:aws:lambda:local:000000000000:function:${name}`,
      );
    }
    const body = await readBody(req);
    if (body === null) {
      return sendError(res, 413, 'RequestTooLargeException', 'Request must be smaller than 6291456 bytes');
    }
    let event: unknown;
    try {
      event = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
    } catch {
      return sendError(res, 400, 'InvalidRequestContentException', 'Could not parse request body into json');
    }
    const requestId = randomUUID();
    const invoke = () => fn(event, lambdaContextFor(name, requestId));
    const headers = { 'x-amzn-requestid': requestId, 'x-amz-executed-version': '$LATEST' };

    if (req.headers['x-amz-invocation-type'] === 'Event') {
      res.writeHead(202, headers).end();
      void invoke().catch((e: unknown) => log(`lambda ${name} (async) failed: ${errorText(e)}`));
      return;
    }
    try {
      const result = await invoke();
      res
        .writeHead(200, { ...headers, 'content-type': 'application/json' })
        .end(JSON.stringify(result ?? null));
    } catch (e) {
      log(`lambda ${name} failed: ${errorText(e)}`);
      const error = e instanceof Error ? e : new Error(String(e));
      res
        .writeHead(200, {
          ...headers,
          'content-type': 'application/json',
          'x-amz-function-error': 'Unhandled',
        })
        .end(
          JSON.stringify({
            errorType: error.name,
            errorMessage: error.message,
            trace: (error.stack ?? '').split('\n'),
          }),
        );
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The body, or `null` once it exceeds Lambda's limit. */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_PAYLOAD_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendError(res: ServerResponse, status: number, type: string, message: string): void {
  res
    .writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type })
    .end(JSON.stringify({ Type: 'User', message }));
}

const errorText = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));
