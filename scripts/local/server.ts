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
import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { promisify } from 'node:util';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { routeKeyOf, type HandlerGroup, type RouteDefinition } from '../../functions/api/routes';
import {
  lambdaContextFor,
  type HttpApiEvent,
  type HttpApiResult,
  type HttpApiStructuredResult,
  type LambdaContext,
} from '../../functions/api/http/api-gateway';
import { guestPageTarget, resolveGuestPage } from '../../functions/domain/guest-pages';
import { PUBLIC_IMAGES_PATH, UPLOAD_FORM_PATH } from '../../functions/domain/images';
import type { AppConfig } from '../../web/src/lib/config';
import type { JwtAuthorizer } from './jwt-authorizer';

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
  guestPages?: { get(key: string): Promise<{ body: string; contentType: string } | null> };
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

// ---------------------------------------------------------------------------------------------------------------
// Routing

export interface RouteMatch {
  route: RouteDefinition;
  pathParameters: Record<string, string>;
}

/**
 * API Gateway's route selection: the most specific path wins (literal segments before `{param}`, `{param}` before
 * a greedy `{proxy+}`); a path that matches only with another method is not a route (404, as in AWS).
 */
export function createRouteMatcher(routes: RouteDefinition[]) {
  const compiled = routes.map((route) => {
    const names: string[] = [];
    let literalSegments = 0;
    let greedy = false;
    const pattern = route.path
      .split('/')
      .map((segment) => {
        const param = /^\{([A-Za-z0-9_]+)(\+?)\}$/.exec(segment);
        if (!param) {
          literalSegments += 1;
          return escapeRegExp(segment);
        }
        names.push(param[1]!);
        if (param[2]) {
          greedy = true;
          return '(.+)';
        }
        return '([^/]+)';
      })
      .join('/');
    return { route, names, regex: new RegExp(`^${pattern}$`), literalSegments, greedy };
  });
  return (method: string, path: string): RouteMatch | null => {
    let best: (typeof compiled)[number] | undefined;
    let bestValues: string[] = [];
    for (const c of compiled) {
      if (c.route.method !== method) continue;
      const m = c.regex.exec(path);
      if (!m) continue;
      if (
        !best ||
        (best.greedy && !c.greedy) ||
        (best.greedy === c.greedy && c.literalSegments > best.literalSegments)
      ) {
        best = c;
        bestValues = m.slice(1);
      }
    }
    if (!best) return null;
    const pathParameters: Record<string, string> = {};
    best.names.forEach((name, i) => {
      pathParameters[name] = safeDecode(bestValues[i] ?? '');
    });
    return { route: best.route, pathParameters };
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The payload v2 event and result

const TEXT_CONTENT_TYPE =
  /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded|graphql)|application\/[^;]+\+(json|xml))/i;

export function buildEvent(
  req: IncomingMessage,
  url: URL,
  match: RouteMatch,
  body: Buffer | null,
  authorizer: HttpApiEvent['requestContext']['authorizer'],
): HttpApiEvent {
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, values] of Object.entries(req.headersDistinct)) {
    if (!values) continue;
    if (name === 'cookie') {
      // API Gateway moves cookies out of the headers into their own array.
      cookies = values.flatMap((v) => v.split(/;\s*/)).filter((c) => c.length > 0);
      continue;
    }
    headers[name] = values.join(',');
  }
  // A Map, not an object: a parameter named `valueOf` or `__proto__` must not find Object.prototype's members.
  const query = new Map<string, string[]>();
  for (const [name, value] of url.searchParams) query.set(name, [...(query.get(name) ?? []), value]);
  const queryStringParameters = query.size
    ? Object.fromEntries([...query].map(([k, v]) => [k, v.join(',')]))
    : undefined;

  const now = new Date();
  const method = (req.method ?? 'GET').toUpperCase();
  const contentType = headers['content-type'] ?? '';
  const isText = body !== null && (contentType === '' || TEXT_CONTENT_TYPE.test(contentType));
  const routeKey = routeKeyOf(match.route);
  const event: HttpApiEvent = {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: normaliseIp(req.socket.remoteAddress),
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
      ...(authorizer ? { authorizer } : {}),
    },
    isBase64Encoded: body !== null && !isText,
  };
  if (cookies?.length) event.cookies = cookies;
  if (queryStringParameters) event.queryStringParameters = queryStringParameters;
  if (Object.keys(match.pathParameters).length) event.pathParameters = match.pathParameters;
  if (body !== null) event.body = isText ? body.toString('utf8') : body.toString('base64');
  return event;
}

/** Writes a payload v2 result the way API Gateway interprets it. */
export function writeResult(res: ServerResponse, result: HttpApiResult): void {
  if (isStructured(result)) {
    for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, String(value));
    if (result.cookies?.length) res.setHeader('set-cookie', result.cookies);
    const body =
      result.body === undefined
        ? Buffer.alloc(0)
        : result.isBase64Encoded
          ? Buffer.from(result.body, 'base64')
          : Buffer.from(result.body, 'utf8');
    if (!res.hasHeader('content-type') && body.length) res.setHeader('content-type', 'application/json');
    res.setHeader('content-length', body.length);
    res.writeHead(result.statusCode);
    res.end(body);
    return;
  }
  // A result without `statusCode` is the body of a 200 (API Gateway's "simple" response format).
  const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function isStructured(result: HttpApiResult): result is HttpApiStructuredResult {
  return (
    typeof result === 'object' &&
    result !== null &&
    typeof (result as { statusCode?: unknown }).statusCode === 'number'
  );
}

class HandlerTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HandlerTimeout(`handler exceeded ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------------------------------------------------------
// Images

async function serveImage(
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  images: LocalServerOptions['images'],
  fallbackKey?: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, 'Method Not Allowed');
    return;
  }
  const ifNoneMatch = req.headers['if-none-match'];
  try {
    const object = await images.client.send(
      new GetObjectCommand({ Bucket: images.bucket, Key: key, IfNoneMatch: ifNoneMatch }),
    );
    res.writeHead(200, {
      'content-type': object.ContentType ?? 'application/octet-stream',
      // Image keys are never overwritten (uploads get fresh keys), so they can be cached forever, as in CloudFront.
      'cache-control': 'public, max-age=31536000, immutable',
      ...(object.ContentLength !== undefined ? { 'content-length': object.ContentLength } : {}),
      ...(object.ETag ? { etag: object.ETag } : {}),
    });
    if (req.method === 'HEAD' || !object.Body) {
      res.end();
      return;
    }
    (object.Body as Readable).pipe(res);
  } catch (e) {
    const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
    const status = err.$metadata?.httpStatusCode;
    if (status === 304) {
      res.writeHead(304);
      res.end();
    } else if (err.name === 'NoSuchKey' || status === 404) {
      if (fallbackKey) await serveImage(req, res, fallbackKey, images);
      else sendText(res, 404, 'Not Found');
    } else {
      throw e;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The SPA

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.xml']);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function createStaticFiles(webRoot: string) {
  const root = resolve(webRoot);
  // Compressed copies, keyed by path, size and mtime, so each file is compressed once per build.
  const compressed = new Map<string, Buffer>();

  async function fileAt(path: string) {
    const full = resolve(join(root, path));
    if (full !== root && !full.startsWith(root + sep)) return null;
    try {
      const s = await stat(full);
      return s.isFile() ? { full, size: s.size, mtimeMs: s.mtimeMs } : null;
    } catch {
      return null;
    }
  }

  async function send(
    req: IncomingMessage,
    res: ServerResponse,
    file: { full: string; size: number; mtimeMs: number },
    cacheControl: string,
  ) {
    const ext = extname(file.full).toLowerCase();
    const etag = `W/"${file.size.toString(16)}-${Math.trunc(file.mtimeMs).toString(16)}"`;
    const headers: Record<string, string | number> = {
      'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'cache-control': cacheControl,
      etag,
      'x-content-type-options': 'nosniff',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    let body: Buffer = await readFile(file.full);
    if (COMPRESSIBLE.has(ext)) {
      body = await encodeForClient(req, body, headers, (encoding) => {
        const cacheKey = `${encoding}:${file.full}:${file.size}:${file.mtimeMs}`;
        return { get: () => compressed.get(cacheKey), set: (packed) => compressed.set(cacheKey, packed) };
      });
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return {
    async serve(req: IncomingMessage, res: ServerResponse, rawPath: string): Promise<void> {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        sendText(res, 405, 'Method Not Allowed');
        return;
      }
      const path = safeDecode(rawPath);
      const file = path.endsWith('/') ? null : await fileAt(path);
      if (file) {
        // Vite writes content-hashed names under /assets: safe to cache forever. Other public files may change.
        const cache = path.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : path === '/index.html'
            ? 'no-cache'
            : 'public, max-age=3600';
        await send(req, res, file, cache);
        return;
      }
      // A missing file (anything with an extension) is a 404; any other path is a client route of the SPA.
      const lastSegment = path.split('/').pop() ?? '';
      if (extname(lastSegment) !== '') {
        sendText(res, 404, 'Not Found');
        return;
      }
      const index = await fileAt('/index.html');
      if (!index) {
        sendText(
          res,
          503,
          'The web app is not built. Run `npm run build:web` (npm start builds it when needed).',
        );
        return;
      }
      await send(req, res, index, 'no-cache');
    },
  };
}

/**
 * The body in the best encoding the client accepts (brotli, gzip), as CloudFront compresses: sets `vary` and
 * `content-encoding`. `cache` keeps a packed body across requests (static files); without it, packs every time.
 */
async function encodeForClient(
  req: IncomingMessage,
  body: Buffer,
  headers: Record<string, string | number>,
  cache?: (encoding: 'br' | 'gzip') => { get(): Buffer | undefined; set(packed: Buffer): void },
): Promise<Buffer> {
  if (body.length <= 1024) return body;
  headers.vary = 'accept-encoding';
  const accept = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
  if (!encoding) return body;
  const slot = cache?.(encoding);
  let packed = slot?.get();
  if (!packed) {
    packed =
      encoding === 'br'
        ? await brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
        : await gzipAsync(body, { level: 6 });
    slot?.set(packed);
  }
  headers['content-encoding'] = encoding;
  return packed;
}

/**
 * A prerendered guest page, the sitemap or robots.txt, when the shared resolver says so (CloudFront's function runs
 * the same `resolveGuestPage`): true when it answered, false to let the SPA's files answer.
 */
async function serveGuestPage(
  req: IncomingMessage,
  res: ServerResponse,
  rawPath: string,
  hasQuery: boolean,
  pages: NonNullable<LocalServerOptions['guestPages']>,
): Promise<boolean> {
  const path = safeDecode(rawPath);
  const target = guestPageTarget(path);
  if (!target) return false;
  // A path the site does not have (`key` ''): no page to look for, the not-found page answers.
  const found = target.key ? await pages.get(target.key) : null;
  const answer = resolveGuestPage(path, hasQuery, (key) => key === target.key && found !== null);
  if (answer.kind === 'shell') return false;
  const page = answer.kind === 'page' ? found : await pages.get(answer.key);
  const headers: Record<string, string | number> = {
    'content-type': page?.contentType ?? 'text/plain; charset=utf-8',
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    ...(answer.status === 404 ? { 'x-robots-tag': 'noindex' } : {}),
  };
  const body = await encodeForClient(req, Buffer.from(page?.body ?? 'Not Found'), headers);
  headers['content-length'] = body.length;
  res.writeHead(answer.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

/** Reads the body, or answers `too_large` once it passes the limit (the rest is drained, not kept). */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null | 'too_large'> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > maxBytes;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) resolvePromise('too_large');
      else resolvePromise(size === 0 ? null : Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolvePromise) => {
    if (req.readableEnded) return resolvePromise();
    req.on('end', () => resolvePromise());
    req.on('error', () => resolvePromise());
    req.resume();
  });
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function normaliseIp(ip: string | undefined): string {
  if (!ip) return '127.0.0.1';
  return ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `12/Mar/2020:19:03:58 +0000`, the format of `requestContext.time`. */
function apiGatewayTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}
