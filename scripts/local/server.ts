/**
 * The local origin: plays CloudFront + API Gateway on one port, the way the product is served in AWS (DESIGN §1).
 *
 * - `/api/*`     matched against the shared route table, JWT-authorized like API Gateway, turned into an HTTP API
 *                payload v2 event and handed to the same handler module that runs in Lambda;
 * - `/images/*`  read from the local images bucket: `/images/<rest>` is the object `images/<rest>`, as CloudFront maps
 *                it (so nothing outside `images/`, such as uploads waiting for verification, is ever served);
 * - `/uploads`   presigned POST forms, checked as S3 checks them, stored in the bucket (`upload-endpoint.ts`);
 * - `/config.json` the SPA's runtime configuration;
 * - anything else: the built SPA from `web/dist`, with the SPA fallback for client routes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { S3Client } from '@aws-sdk/client-s3';
import type { HandlerGroup, RouteDefinition } from '../../functions/api/routes';
import {
  lambdaContextFor,
  type HttpApiEvent,
  type HttpApiResult,
  type LambdaContext,
} from '../../functions/api/http/api-gateway';
import { PUBLIC_IMAGES_PATH, UPLOAD_FORM_PATH } from '../../functions/domain/images';
import type { AppConfig } from '../../web/src/lib/config';
import type { JwtAuthorizer } from './jwt-authorizer';
import { buildEvent, HandlerTimeout, withTimeout, writeResult } from './server-events';
import { drain, readBody, safeDecode, sendJson, sendText } from './server-http';
import { serveImage } from './server-images';
import { createRouteMatcher } from './server-routes';
import { createStaticFiles, serveGuestPage, type GuestPageSource } from './server-static';

// The parts by job (routing, the payload v2 event, images, the SPA and guest pages), for those that import them here.
export { createRouteMatcher, type RouteMatch } from './server-routes';
export { buildEvent, writeResult } from './server-events';

/** The key prefix of public objects: CloudFront's `/images/*` behaviour forwards the path as the key. */
export const IMAGES_KEY_PREFIX = PUBLIC_IMAGES_PATH.slice(1);

export type LambdaHandler = (event: HttpApiEvent, context: LambdaContext) => Promise<HttpApiResult>;

export interface LocalServerOptions {
  port: number;
  /** Loopback by default: the local stack is for this machine only. */
  hostname?: string;
  routes: RouteDefinition[];
  /** Loads a handler group's module (once: the server caches it, like a warm Lambda). */
  loadHandler: (group: HandlerGroup) => Promise<LambdaHandler>;
  authorizer: JwtAuthorizer<'host' | 'admin'>;
  images: { client: S3Client; bucket: string };
  /** `POST /uploads` (the local stack's `upload-endpoint.ts`); absent: 404. */
  uploads?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  appConfig: () => AppConfig;
  /** The built SPA (`web/dist`). */
  webRoot: string;
  /**
   * The prerendered guest pages (issue 17) in the local site bucket; answered through the resolver CloudFront's
   * function is generated from. Absent: every page is the SPA shell.
   */
  guestPages?: GuestPageSource;
  /** Requests with a larger body get a 413 before reaching a handler. */
  maxBodyBytes?: number;
  /** API Gateway's integration timeout. */
  handlerTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface LocalServer {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/** API Gateway's HTTP API rejects larger payloads too (10 MB); our JSON API never needs more than this. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** How long a local-only route (a job run now, the bulk seed) may take: a Lambda's 15 minutes. */
export const LOCAL_ROUTE_TIMEOUT_MS = 15 * 60_000;

export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const hostname = options.hostname ?? '127.0.0.1';
  const handle = createRequestHandler(options);
  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      options.log?.(`local server error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      else res.destroy();
    });
  });
  // Keep-alive sockets from browsers would otherwise hold `close()` open for their idle timeout.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port, hostname, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${hostname === '127.0.0.1' ? 'localhost' : hostname}:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolvePromise) => {
        server.close(() => resolvePromise());
        server.closeAllConnections();
      }),
  };
}

export function createRequestHandler(options: LocalServerOptions) {
  const matcher = createRouteMatcher(options.routes);
  const handlers = new Map<HandlerGroup, Promise<LambdaHandler>>();
  const loadHandler = (group: HandlerGroup) => {
    let h = handlers.get(group);
    if (!h) {
      h = options.loadHandler(group);
      // A failed import is retried on the next request rather than cached (the file may be mid-edit).
      h.catch(() => handlers.delete(group));
      handlers.set(group, h);
    }
    return h;
  };
  const staticFiles = createStaticFiles(options.webRoot);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    res.on('finish', () => {
      if (path.startsWith('/api/')) {
        options.log?.(`${req.method} ${path} ${res.statusCode} ${Math.round(performance.now() - started)}ms`);
      }
    });

    if (path === '/api' || path.startsWith('/api/')) {
      await handleApi(req, res, url);
      return;
    }
    if (path.startsWith(PUBLIC_IMAGES_PATH)) {
      const rest = safeDecode(path.slice(PUBLIC_IMAGES_PATH.length));
      // S3 keys are literal, but s3rver stores them as files: `..` must not climb out of `images/`.
      if (rest.split('/').some((segment) => segment === '..' || segment === '.')) {
        sendText(res, 404, 'Not Found');
        return;
      }
      // Data seeded before the photo pipeline kept its drawings at `seed/…` (the bucket's root): still shown.
      const legacy = rest.startsWith('seed/') ? rest : undefined;
      await serveImage(req, res, `${IMAGES_KEY_PREFIX}${rest}`, options.images, legacy);
      return;
    }
    if (path === UPLOAD_FORM_PATH && options.uploads) {
      await options.uploads(req, res);
      return;
    }
    if (path === '/config.json') {
      sendJson(res, 200, options.appConfig(), { 'cache-control': 'no-cache' });
      return;
    }
    if (options.guestPages && (req.method === 'GET' || req.method === 'HEAD')) {
      if (await serveGuestPage(req, res, path, url.search !== '', options.guestPages)) return;
    }
    await staticFiles.serve(req, res, path);
  };

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const match = matcher(method, url.pathname);
    if (!match) {
      await drain(req);
      sendJson(res, 404, {
        error: { code: 'not_found', message: `No API route for ${method} ${url.pathname}.` },
      });
      return;
    }
    const body = await readBody(req, maxBodyBytes);
    if (body === 'too_large') {
      sendJson(res, 413, {
        error: {
          code: 'payload_too_large',
          message: `The request body must not exceed ${maxBodyBytes} bytes.`,
        },
      });
      return;
    }

    let authorizer: HttpApiEvent['requestContext']['authorizer'];
    if (match.route.auth !== 'public') {
      const authorized = await options.authorizer.authorize(match.route.auth, req.headers.authorization);
      if (!authorized) {
        sendJson(res, 401, { message: 'Unauthorized' });
        return;
      }
      authorizer = { jwt: authorized };
    }

    const event = buildEvent(req, url, match, body, authorizer);
    // A local-only route stands in for a scheduled job or an operator's script (never for API Gateway), so it gets
    // a job's time rather than the integration's 30 s: a payout run or a bulk seed of thousands takes minutes here.
    const timeoutMs = match.route.localOnly
      ? Math.max(LOCAL_ROUTE_TIMEOUT_MS, options.handlerTimeoutMs ?? 0)
      : (options.handlerTimeoutMs ?? 30_000);
    const context = lambdaContextFor(`local-${match.route.group}`, event.requestContext.requestId, timeoutMs);
    let result: HttpApiResult;
    try {
      const handler = await loadHandler(match.route.group);
      result = await withTimeout(handler(event, context), timeoutMs);
    } catch (e) {
      // What API Gateway answers when the integration fails or times out; the cause goes to the log.
      const timedOut = e instanceof HandlerTimeout;
      options.log?.(
        `${match.route.group} ${timedOut ? 'timed out' : 'failed'}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
      );
      sendJson(res, timedOut ? 503 : 500, {
        message: timedOut ? 'Service Unavailable' : 'Internal Server Error',
      });
      return;
    }
    writeResult(res, result);
  }
}
