/**
 * The admin back-office API (handler group `admin-api` in `routes.ts`, behind the admin pool's JWT authorizer): one
 * Lambda, dispatching on API Gateway's `routeKey`. The routes live in `admin/admin-routes.ts`; this file is their
 * table of contents.
 */
import middy from '@middy/core';
import * as adminInquiries from './admin/admin-inquiry-routes';
import * as adminMails from './admin/admin-mail-routes';
import * as adminMoney from './admin/admin-money-routes';
import * as adminOffers from './admin/admin-offer-routes';
import * as admin from './admin/admin-routes';
import * as adminReviews from './admin/admin-review-routes';
import type { HttpApiStructuredResult, LambdaContext } from './http/api-gateway';
import { originGuard } from './http/client-address';
import { dispatchOnRouteKey } from './http/dispatch';
import { httpErrors } from './http/error-handler';
import { jsonBody, type JsonBodyEvent } from './http/json-body';

const routes = {
  'GET /api/admin/me': admin.getMe,
  'GET /api/admin/dashboard': admin.getDashboard,
  'GET /api/admin/bookings': admin.listBookings,
  'GET /api/admin/bookings.csv': admin.exportBookings,
  'GET /api/admin/bookings/{id}': admin.getBooking,
  'POST /api/admin/bookings/{id}/approve': admin.approveBooking,
  'POST /api/admin/bookings/{id}/deny': admin.denyBooking,
  'POST /api/admin/bookings/{id}/cancel': admin.cancelBooking,
  'GET /api/admin/hosts': admin.listHosts,
  'POST /api/admin/hosts': admin.createHost,
  'GET /api/admin/hosts/{id}': admin.getHost,
  'POST /api/admin/hosts/{id}/approve': admin.approveHost,
  'POST /api/admin/hosts/{id}/suspend': admin.suspendHost,
  'POST /api/admin/hosts/{id}/reinstate': admin.reinstateHost,
  // Failed mails of the outbox (DESIGN §4f).
  'GET /api/admin/mails': adminMails.listMails,
  'POST /api/admin/mails/{id}/resend': adminMails.resendMail,
  'GET /api/admin/reviews': adminReviews.listReviews,
  'POST /api/admin/reviews/{id}/hide': adminReviews.hideReview,
  'POST /api/admin/reviews/{id}/show': adminReviews.showReview,
  'GET /api/admin/payouts': adminMoney.listPayouts,
  'GET /api/admin/ledger/summary': adminMoney.getLedgerSummary,
  'GET /api/admin/payout-holds': adminMoney.listPayoutHolds,
  'GET /api/admin/hosts/{id}/earnings': adminMoney.getHostEarnings,
  'PUT /api/admin/hosts/{id}/commission': adminMoney.putCommission,
  'POST /api/admin/hosts/{id}/payout-hold': adminMoney.holdPayouts,
  'DELETE /api/admin/hosts/{id}/payout-hold': adminMoney.releasePayouts,
  'GET /api/admin/hosts/{id}/payout-hold-log': adminMoney.getPayoutHoldLog,
  // The concierge desk's inquiries (issue 31).
  'GET /api/admin/inquiries': adminInquiries.listInquiries,
  'GET /api/admin/inquiries/{id}': adminInquiries.getInquiry,
  'POST /api/admin/inquiries/{id}/messages': adminInquiries.replyToInquiry,
  'POST /api/admin/inquiries/{id}/close': adminInquiries.closeInquiry,
  'POST /api/admin/offers': adminOffers.createOffer,
  'GET /api/admin/offers': adminOffers.listOffers,
  'POST /api/admin/offers/{id}/withdraw': adminOffers.withdrawOffer,
};

/** The route keys this group answers (routes.ts declares the same list for API Gateway; a test pins the two). */
export const adminRouteKeys = Object.keys(routes);

export const handler = middy<JsonBodyEvent, HttpApiStructuredResult, Error, LambdaContext>()
  // First: a request that did not come through our distribution is refused before any work.
  .use(originGuard())
  .use(jsonBody())
  // Last, so that it is the first to handle an error (middy runs onError hooks in reverse order).
  .use(httpErrors())
  .handler(dispatchOnRouteKey<JsonBodyEvent>(routes));
