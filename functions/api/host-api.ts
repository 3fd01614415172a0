/**
 * The host back-office API (handler group `host-api` in `routes.ts`, behind the host pool's JWT authorizer): one
 * Lambda, dispatching on API Gateway's `routeKey`. The routes live in `host/host-routes.ts`; this file is their
 * table of contents.
 */
import middy from '@middy/core';
import type { HttpApiStructuredResult, LambdaContext } from './http/api-gateway';
import { originGuard } from './http/client-address';
import { dispatchOnRouteKey } from './http/dispatch';
import { httpErrors } from './http/error-handler';
import { jsonBody, type JsonBodyEvent } from './http/json-body';
import * as host from './host/host-routes';
import * as reviews from './host/host-review-routes';
import * as money from './host/host-money-routes';

const routes = {
  'GET /api/host/me': host.getMe,
  'PATCH /api/host/me': host.patchMe,
  'POST /api/host/uploads': host.createUpload,
  'PUT /api/host/me/avatar': host.putAvatar,
  'GET /api/host/dashboard': host.getDashboard,
  'GET /api/host/experiences': host.listExperiences,
  'POST /api/host/experiences': host.createExperience,
  'GET /api/host/experiences/{id}': host.getExperience,
  'PATCH /api/host/experiences/{id}': host.patchExperience,
  'DELETE /api/host/experiences/{id}': host.deleteExperience,
  'POST /api/host/experiences/{id}/duplicate': host.duplicateExperience,
  'GET /api/host/experiences/{id}/slots': host.getSlots,
  'PUT /api/host/experiences/{id}/slots': host.putSlots,
  'GET /api/host/bookings': host.listBookings,
  'GET /api/host/bookings/{id}': host.getBooking,
  'POST /api/host/bookings/{id}/approve': host.approveBooking,
  'POST /api/host/bookings/{id}/deny': host.denyBooking,
  'POST /api/host/bookings/{id}/cancel': host.cancelBooking,
  'POST /api/host/bookings/{id}/check-in': host.checkInBooking,
  'GET /api/host/reviews': reviews.listReviews,
  'PUT /api/host/reviews/{id}/reply': reviews.putReply,
  'GET /api/host/payout-account': money.getPayoutAccount,
  'POST /api/host/payout-account/onboarding': money.startOnboarding,
  'GET /api/host/earnings': money.listEarnings,
  'GET /api/host/earnings.csv': money.exportEarnings,
  'GET /api/host/payouts': money.listPayouts,
};

/** The route keys this group answers (routes.ts declares the same list for API Gateway; a test pins the two). */
export const hostRouteKeys = Object.keys(routes);

export const handler = middy<JsonBodyEvent, HttpApiStructuredResult, Error, LambdaContext>()
  // First: a request that did not come through our distribution is refused before any work.
  .use(originGuard())
  .use(jsonBody())
  // Last, so that it is the first to handle an error (middy runs onError hooks in reverse order).
  .use(httpErrors())
  .handler(dispatchOnRouteKey<JsonBodyEvent>(routes));
