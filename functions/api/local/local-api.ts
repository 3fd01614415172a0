/**
 * Routes that exist only in the local stack (handler group `local-api`; every route of it is `localOnly`, so CDK
 * creates neither a route nor a Lambda for it): the local payment gateway's test card form and a button for the
 * expiry, completion and reminder jobs and the outbox sender, the clock, the mail fault switch and the bulk seed.
 * Nothing here is reachable in AWS.
 */
import middy from '@middy/core';
import type { HttpApiStructuredResult, LambdaContext } from '../http/api-gateway';
import { dispatchOnRouteKey } from '../http/dispatch';
import { httpErrors } from '../http/error-handler';
import { jsonBody, type JsonBodyEvent } from '../http/json-body';
import { confirmLocalPayment } from './confirm-local-payment';
import * as connect from './local-connect';
import { runExpiryJob } from './run-expiry-job';
import { runExpireOffers } from './run-expire-offers';
import { setLocalFaults } from './local-faults';
import { runSendMails } from './run-send-mails';
import { advanceLocalClock } from './local-clock';
import { bulkSeed } from './bulk-seed';
import { runCompleteBookings, runSendReminders, runSendReviewInvites } from './run-tour-jobs';

const routes = {
  'POST /api/local-payments/confirm': confirmLocalPayment,
  'GET /api/local-payments/onboarding/{accountId}': connect.getOnboardingPage,
  'POST /api/local-payments/onboarding/{accountId}': connect.submitOnboarding,
  'GET /api/local-payments/banks/{code}': connect.lookupBank,
  'POST /api/local-payments/accounts/{hostId}/complete': connect.completeAccount,
  'POST /api/local-payments/disputes': connect.openDispute,
  'POST /api/local-payments/disputes/{bookingId}/close': connect.closeDispute,
  'POST /api/local-jobs/pay-hosts': connect.runPayHosts,
  'POST /api/local-jobs/expire-bookings': runExpiryJob,
  'POST /api/local-jobs/expire-offers': runExpireOffers,
  'POST /api/local-jobs/send-mails': runSendMails,
  'POST /api/local-jobs/complete-bookings': runCompleteBookings,
  'POST /api/local-jobs/send-reminders': runSendReminders,
  'POST /api/local-jobs/send-review-invites': runSendReviewInvites,
  'POST /api/local-clock/advance': advanceLocalClock,
  'POST /api/local-faults': setLocalFaults,
  'POST /api/local-seed/bulk': bulkSeed,
};

export const handler = middy<JsonBodyEvent, HttpApiStructuredResult, Error, LambdaContext>()
  .use(jsonBody())
  .use(httpErrors())
  .handler(dispatchOnRouteKey<JsonBodyEvent>(routes));
