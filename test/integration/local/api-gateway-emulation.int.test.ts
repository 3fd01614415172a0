/**
 * The local server plays API Gateway for the handlers: route selection, the payload v2 event, the result format,
 * and the JWT authorizers with tokens minted by real local pools. A route table of its own (host and admin routes
 * do not exist yet in `routes.ts`) and echo handlers make every field observable over real HTTP; the error routes
 * run through the project's own middy plumbing (`functions/api/http`).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import middy from '@middy/core';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DomainError, errorCodes, type ErrorCode } from '../../../functions/domain/errors';
import {
  lambdaContextFor,
  type HttpApiEvent,
  type HttpApiStructuredResult,
  type LambdaContext,
} from '../../../functions/api/http/api-gateway';
import { dispatchOnRouteKey } from '../../../functions/api/http/dispatch';
import {
  INTERNAL_ERROR_MESSAGE,
  httpErrors,
  statusOfErrorCode,
} from '../../../functions/api/http/error-handler';
import { jsonBody, type JsonBodyEvent } from '../../../functions/api/http/json-body';
import { json } from '../../../functions/api/http/responses';
import type { RouteDefinition } from '../../../functions/api/routes';
import { resetRuntimeAdapters } from '../../../functions/adapters/runtime/adapters';
import { startCognitoLocal, type CognitoLocal } from '../../../scripts/local/cognito-local';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../scripts/local/dynamodb-local';
import { createJwtAuthorizer } from '../../../scripts/local/jwt-authorizer';
import { createLocalS3Client } from '../../../scripts/local/s3-local';
import { startLocalServer, type LambdaHandler, type LocalServer } from '../../../scripts/local/server';
import { ensureUserPool, type PoolIds } from '../../../scripts/local/stack';
import { ensureUser } from '../../../scripts/seed/seed';
import { rawRequest, signIn, tempWorkDir, type Tokens } from './support';

const routes: RouteDefinition[] = [
  { method: 'GET', path: '/api/things/{id}', group: 'public-api', auth: 'public' },
  { method: 'GET', path: '/api/things/special', group: 'public-api', auth: 'public' },
  { method: 'GET', path: '/api/files/{path+}', group: 'public-api', auth: 'public' },
  { method: 'POST', path: '/api/echo', group: 'public-api', auth: 'public' },
  { method: 'GET', path: '/api/results/{kind}', group: 'public-api', auth: 'public' },
  { method: 'POST', path: '/api/errors/{code}', group: 'public-api', auth: 'public' },
  { method: 'GET', path: '/api/host/whoami', group: 'host-api', auth: 'host' },
  { method: 'GET', path: '/api/admin/whoami', group: 'admin-api', auth: 'admin' },
];

const echo = async (event: HttpApiEvent): Promise<HttpApiStructuredResult> => json(200, event);

/** Built with the same middleware stack as `public-api.ts`. */
const errorsHandler = middy<JsonBodyEvent, HttpApiStructuredResult, Error, LambdaContext>()
  .use(jsonBody())
  .use(httpErrors())
  .handler(
    dispatchOnRouteKey<JsonBodyEvent>({
      'POST /api/errors/{code}': async (event) => {
        const code = event.pathParameters?.code ?? '';
        if (code === 'bug') throw new Error('secret internal detail');
        if (code === 'ok') return json(200, { received: event.jsonBody });
        throw new DomainError(
          code as ErrorCode,
          `failure ${code}`,
          code === 'validation_failed' ? { email: 'Invalid e-mail' } : undefined,
        );
      },
    }),
  );

const testHandler: LambdaHandler = async (event, context) => {
  switch (event.routeKey) {
    case 'POST /api/errors/{code}':
      return errorsHandler(event, context);
    case 'GET /api/results/{kind}':
      switch (event.pathParameters?.kind) {
        case 'plain':
          return { hello: 'world' };
        case 'binary':
          return {
            statusCode: 200,
            headers: { 'content-type': 'image/png', 'x-custom': 7 },
            cookies: ['a=1; Path=/', 'b=2; HttpOnly'],
            body: Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64'),
            isBase64Encoded: true,
          };
        default:
          throw new Error('unhandled in handler');
      }
    default:
      return echo(event);
  }
};

const work = tempWorkDir('api-gateway-');
let cognito: CognitoLocal;
let server: LocalServer;
let hostPool: PoolIds;
let adminPool: PoolIds;
let hostTokens: Tokens;
let adminTokens: Tokens;
let origin: string;

beforeAll(async () => {
  cognito = await startCognitoLocal({ dir: join(work.dir, 'cognito') });
  const client = new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  hostPool = await ensureUserPool(client, undefined, { name: 'test-hosts', selfSignUp: true });
  adminPool = await ensureUserPool(client, undefined, { name: 'test-admins', selfSignUp: false });
  await ensureUser(client, hostPool.userPoolId, 'host@example.com', 'Passw0rd-host');
  await ensureUser(client, adminPool.userPoolId, 'admin@example.com', 'Passw0rd-admin');
  client.destroy();
  [hostTokens, adminTokens] = await Promise.all([
    signIn(cognito.endpoint, hostPool.clientId, 'host@example.com', 'Passw0rd-host'),
    signIn(cognito.endpoint, adminPool.clientId, 'admin@example.com', 'Passw0rd-admin'),
  ]);
  const s3 = createLocalS3Client('http://127.0.0.1:9');
  server = await startLocalServer({
    port: 0,
    routes,
    loadHandler: async () => testHandler,
    authorizer: createJwtAuthorizer({
      host: { issuer: `${cognito.endpoint}/${hostPool.userPoolId}`, clientIds: [hostPool.clientId] },
      admin: { issuer: `${cognito.endpoint}/${adminPool.userPoolId}`, clientIds: [adminPool.clientId] },
    }),
    images: { client: s3, bucket: 'unused' },
    appConfig: () => {
      throw new Error('not used');
    },
    webRoot: work.webRoot,
  });
  origin = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
  await cognito?.stop();
  rmSync(work.dir, { recursive: true, force: true });
});

async function getEvent(path: string, init: RequestInit = {}): Promise<HttpApiEvent> {
  const res = await fetch(`${origin}${path}`, init);
  expect(res.status).toBe(200);
  return (await res.json()) as HttpApiEvent;
}

describe('route selection', () => {
  it('passes the declared route key and decoded path parameters', async () => {
    const event = await getEvent('/api/things/caf%C3%A9%20au%20lait');
    expect(event.routeKey).toBe('GET /api/things/{id}');
    expect(event.requestContext.routeKey).toBe('GET /api/things/{id}');
    expect(event.pathParameters).toEqual({ id: 'café au lait' });
    expect(event.rawPath).toBe('/api/things/caf%C3%A9%20au%20lait');
  });

  it('prefers a literal path over a parameter, and matches greedy parameters across segments', async () => {
    expect((await getEvent('/api/things/special')).routeKey).toBe('GET /api/things/special');
    const files = await getEvent('/api/files/a/b/c.txt');
    expect(files.routeKey).toBe('GET /api/files/{path+}');
    expect(files.pathParameters).toEqual({ path: 'a/b/c.txt' });
  });
});

describe('the payload v2 event', () => {
  it('carries lower-cased headers, cookies apart, query parameters and the request context', async () => {
    const event = await getEvent('/api/things/1?tag=a&tag=b&q=hello%20world', {
      headers: { 'X-Trace-Id': 'abc', Cookie: 'session=s1; theme=dark', 'User-Agent': 'vitest' },
    });
    expect(event.version).toBe('2.0');
    expect(event.headers['x-trace-id']).toBe('abc');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.cookies).toEqual(['session=s1', 'theme=dark']);
    expect(event.rawQueryString).toBe('tag=a&tag=b&q=hello%20world');
    expect(event.queryStringParameters).toEqual({ tag: 'a,b', q: 'hello world' });
    expect(event.requestContext).toMatchObject({
      stage: '$default',
      http: { method: 'GET', path: '/api/things/1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
    });
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(event.requestContext.timeEpoch - Date.now())).toBeLessThan(60_000);
    expect(event.requestContext.time).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
    expect(event.requestContext.authorizer).toBeUndefined();
    expect(event.body).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
  });

  it('passes text bodies as text and binary bodies base64-encoded', async () => {
    const text = await getEvent('/api/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Dōgo"}',
    });
    expect(text).toMatchObject({ body: '{"name":"Dōgo"}', isBase64Encoded: false });

    const bytes = Buffer.from([0, 1, 2, 250, 251]);
    const binary = await getEvent('/api/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(binary.isBase64Encoded).toBe(true);
    expect(Buffer.from(binary.body!, 'base64')).toEqual(bytes);
  });
});

describe('handler results', () => {
  it('serialises a plain object as a 200 JSON body, like API Gateway', async () => {
    const res = await fetch(`${origin}/api/results/plain`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ hello: 'world' });
  });

  it('writes headers, cookies and base64 bodies of a structured result', async () => {
    const res = await rawRequest(`${origin}/api/results/binary`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-custom']).toBe('7');
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; HttpOnly']);
    expect(res.raw).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  it('answers 500 like API Gateway when the handler itself fails', async () => {
    const res = await fetch(`${origin}/api/results/crash`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: 'Internal Server Error' });
  });
});

describe('the error path of the handlers (functions/api/http)', () => {
  it.each(Object.values(errorCodes))('maps %s to its status with the error body', async (code) => {
    const res = await fetch(`${origin}/api/errors/${code}`, { method: 'POST' });
    expect(res.status).toBe(statusOfErrorCode[code]);
    const body = await res.json();
    expect(body).toEqual({
      error: {
        code,
        message: `failure ${code}`,
        ...(code === 'validation_failed' ? { fields: { email: 'Invalid e-mail' } } : {}),
      },
    });
  });

  it('answers an unexpected error with a generic 500 that reveals nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await fetch(`${origin}/api/errors/bug`, { method: 'POST' });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error', message: INTERNAL_ERROR_MESSAGE } });
    expect(text).not.toContain('secret');
    // …while the operator gets one structured line with the cause.
    const line = JSON.parse(String(logged.mock.calls[0]?.[0]));
    expect(line).toMatchObject({
      level: 'error',
      routeKey: 'POST /api/errors/{code}',
      error: { message: 'secret internal detail' },
    });
    logged.mockRestore();
  });

  it('parses a JSON body and rejects one that is not JSON', async () => {
    const ok = await fetch(`${origin}/api/errors/ok`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ guests: 2 }),
    });
    expect(await ok.json()).toEqual({ received: { guests: 2 } });

    const notJson = await fetch(`${origin}/api/errors/ok`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'guests=2',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });
});

describe('JWT authorizers', () => {
  const whoami = (path: string, authorization?: string) =>
    fetch(`${origin}${path}`, authorization ? { headers: { authorization } } : {});

  it.each([
    ['no token', undefined],
    ['a garbage token', 'Bearer not-a-jwt'],
    ['a token with a forged signature', 'forged'],
  ])('rejects %s with API Gateway’s 401', async (_label, authorization) => {
    const header = authorization === 'forged' ? forge(hostTokens.idToken) : authorization;
    const res = await whoami('/api/host/whoami', header);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('rejects a token of the admin pool on a host route, and a host token on an admin route', async () => {
    expect((await whoami('/api/host/whoami', `Bearer ${adminTokens.idToken}`)).status).toBe(401);
    expect((await whoami('/api/host/whoami', `Bearer ${adminTokens.accessToken}`)).status).toBe(401);
    expect((await whoami('/api/admin/whoami', `Bearer ${hostTokens.idToken}`)).status).toBe(401);
  });

  it('accepts an ID token of the host pool and hands its claims to the handler as strings', async () => {
    const res = await whoami('/api/host/whoami', `Bearer ${hostTokens.idToken}`);
    expect(res.status).toBe(200);
    const event = (await res.json()) as HttpApiEvent;
    const claims = event.requestContext.authorizer!.jwt.claims;
    expect(claims.email).toBe('host@example.com');
    expect(claims.token_use).toBe('id');
    expect(claims.iss).toBe(`${cognito.endpoint}/${hostPool.userPoolId}`);
    expect(claims.aud).toBe(hostPool.clientId);
    expect(claims.sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp).toMatch(/^\d+$/);
    expect(claims.email_verified).toBe('true');
    expect(event.requestContext.authorizer!.jwt.scopes).toBeNull();
  });

  it('accepts an access token (client_id instead of aud), with or without the Bearer prefix', async () => {
    for (const header of [`Bearer ${hostTokens.accessToken}`, hostTokens.accessToken]) {
      const res = await whoami('/api/host/whoami', header);
      expect(res.status).toBe(200);
      const { jwt } = ((await res.json()) as HttpApiEvent).requestContext.authorizer!;
      expect(jwt.claims.client_id).toBe(hostPool.clientId);
      expect(jwt.scopes).toEqual(['aws.cognito.signin.user.admin']);
    }
    expect((await whoami('/api/admin/whoami', `Bearer ${adminTokens.accessToken}`)).status).toBe(200);
  });
});

describe('GET /api/health of the public API', () => {
  it('answers 503 with a JSON error when the table cannot be reached', async () => {
    // No stack runs in this file's process: point the handler at a port where nothing listens.
    const saved = { ...process.env };
    Object.assign(process.env, {
      STAGE: 'local',
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      TABLE_NAME: 'marketplace-local',
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
      IMAGES_BUCKET: 'images',
    });
    resetRuntimeAdapters();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { handler } = await import('../../../functions/api/public-api');
      const event = { ...(await getEvent('/api/things/1')), routeKey: 'GET /api/health' };
      const context = lambdaContextFor('public-api', 'test', 10_000);
      const result = await handler(event, context);
      expect(result.statusCode).toBe(503);
      expect(JSON.parse(result.body!)).toMatchObject({
        status: 'unavailable',
        stage: 'local',
        dynamodb: 'unreachable',
        error: { code: 'service_unavailable' },
      });
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      process.env = saved;
      resetRuntimeAdapters();
    }
  });
});

/** Same header and claims, different signature: what a tampered token looks like. */
function forge(token: string): string {
  const [header, payload] = token.split('.');
  return `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
}
