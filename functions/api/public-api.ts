/**
 * The guest API (handler group `public-api` in `routes.ts`): one Lambda, dispatching on API Gateway's `routeKey`.
 * Each route lives in its own module under `public/`; this file is their table of contents.
 */
import middy from '@middy/core';
import type { HttpApiStructuredResult, LambdaContext } from './http/api-gateway';
import { dispatchOnRouteKey } from './http/dispatch';
import { httpErrors } from './http/error-handler';
import { jsonBody, type JsonBodyEvent } from './http/json-body';
import { getHealth } from './public/get-health';

const routes = {
  'GET /api/health': getHealth,
};

export const handler = middy<JsonBodyEvent, HttpApiStructuredResult, Error, LambdaContext>()
  .use(jsonBody())
  // Last, so that it is the first to handle an error (middy runs onError hooks in reverse order).
  .use(httpErrors())
  .handler(dispatchOnRouteKey<JsonBodyEvent>(routes));
