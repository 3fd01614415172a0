/**
 * The guest API (handler group `public-api` in `routes.ts`): one Lambda, dispatching on API Gateway's `routeKey`.
 * Each route lives in its own module under `public/`; this file is their table of contents.
 */
import middy from '@middy/core';
import type { HttpApiStructuredResult, LambdaContext } from './http/api-gateway';
import { originGuard } from './http/client-address';
import { dispatchOnRouteKey } from './http/dispatch';
import { httpErrors } from './http/error-handler';
import { jsonBody, type JsonBodyEvent } from './http/json-body';
import { confirmPayment } from './public/confirm-payment';
import { createBooking } from './public/create-booking';
import { getAvailability } from './public/get-availability';
import { getExperience } from './public/get-experience';
import { getHealth } from './public/get-health';
import { getHost } from './public/get-host';
import { getInquiry, postInquiry, postInquiryMessage } from './public/inquiries';
import { listCategories } from './public/list-categories';
import { listExperiences } from './public/list-experiences';
import { cancelBooking, lookupBooking, requestCancelCode } from './public/lookup-booking';
import { bookOffer, getOffer } from './public/offers';
import { releaseHold } from './public/release-hold';
import { getReviewInvitation, listExperienceReviews, postReview } from './public/reviews';

const routes = {
  'GET /api/health': getHealth,
  'GET /api/experiences': listExperiences,
  'GET /api/experiences/{id}': getExperience,
  'GET /api/experiences/{id}/availability': getAvailability,
  'GET /api/categories': listCategories,
  'GET /api/hosts/{id}': getHost,
  'POST /api/bookings': createBooking,
  'POST /api/bookings/{id}/payment-confirmed': confirmPayment,
  'POST /api/bookings/lookup': lookupBooking,
  'POST /api/bookings/cancel-code': requestCancelCode,
  'POST /api/bookings/cancel': cancelBooking,
  'POST /api/bookings/{id}/release': releaseHold,
  'GET /api/reviews/{token}': getReviewInvitation,
  'POST /api/reviews/{token}': postReview,
  'GET /api/experiences/{id}/reviews': listExperienceReviews,
  // The concierge desk (issue 31).
  'POST /api/inquiries': postInquiry,
  'GET /api/inquiries/{token}': getInquiry,
  'POST /api/inquiries/{token}/messages': postInquiryMessage,
  'GET /api/offers/{token}': getOffer,
  'POST /api/offers/{token}/book': bookOffer,
};

export const handler = middy<JsonBodyEvent, HttpApiStructuredResult, Error, LambdaContext>()
  // First: a request that did not come through our distribution is refused before any work.
  .use(originGuard())
  .use(jsonBody())
  // Last, so that it is the first to handle an error (middy runs onError hooks in reverse order).
  .use(httpErrors())
  .handler(dispatchOnRouteKey<JsonBodyEvent>(routes));
