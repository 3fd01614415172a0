/** The HTTP API payload v2 as API Gateway builds it from a request, and its result as API Gateway answers it. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { routeKeyOf } from '../../functions/api/routes';
import type {
  HttpApiEvent,
  HttpApiResult,
  HttpApiStructuredResult,
} from '../../functions/api/http/api-gateway';
import type { RouteMatch } from './server-routes';

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

export class HandlerTimeout extends Error {}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HandlerTimeout(`handler exceeded ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function normaliseIp(ip: string | undefined): string {
  if (!ip) return '127.0.0.1';
  return ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `12/Mar/2020:19:03:58 +0000`, the format of `requestContext.time`. */
export function apiGatewayTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}
