/**
 * The documents (handler group `documents-api` in `routes.ts`, issue 28): the guest's receipt and the hosts'
 * monthly statements as PDF, one Lambda behind the guest route and the host and admin pools' authorizers (API Gateway
 * checks each route's token before the handler runs). A function of its own, so that the PDF engine and the fonts
 * are in no other function: the guest, host and admin APIs stay as small as they were.
 */
import middy from '@middy/core';
import * as documents from './documents/document-routes';
import type { HttpApiStructuredResult, LambdaContext } from './http/api-gateway';
import { originGuard } from './http/client-address';
import { dispatchOnRouteKey } from './http/dispatch';
import { httpErrors } from './http/error-handler';
import { jsonBody, type JsonBodyEvent } from './http/json-body';

const routes = {
  'POST /api/bookings/receipt': documents.issueReceipt,
  'GET /api/host/statements': documents.listHostStatements,
  'GET /api/host/statements/{month}': documents.getHostStatement,
  'GET /api/admin/hosts/{id}/statements': documents.listAdminHostStatements,
  'GET /api/admin/hosts/{id}/statements/{month}': documents.getAdminHostStatement,
};

/** The route keys this group answers (routes.ts declares the same list for API Gateway; a test pins the two). */
export const documentRouteKeys = Object.keys(routes);

export const handler = middy<JsonBodyEvent, HttpApiStructuredResult, Error, LambdaContext>()
  // First: a request that did not come through our distribution is refused before any work.
  .use(originGuard())
  .use(jsonBody())
  // Last, so that it is the first to handle an error (middy runs onError hooks in reverse order).
  .use(httpErrors())
  .handler(dispatchOnRouteKey<JsonBodyEvent>(routes));
