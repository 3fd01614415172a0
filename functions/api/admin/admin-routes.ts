/**
 * The admin API's routes (DESIGN §6 "Back office", admin routes), thin: the request parsed with the domain's
 * schemas, one use case, the answer. API Gateway's JWT authorizer of the admin pool has already refused every
 * request without a valid admin token; the admin is the token's `sub`.
 */
import { adminRuntime } from '../../adapters/runtime/admin-runtime';
import { conciergeInquiriesRuntime } from '../../adapters/runtime/inquiries-runtime';
import type { AdminAccountView } from '../../domain/back-office-views';
import {
  adminBookingsExportQuery,
  adminBookingsQuery,
  adminHostsQuery,
  adminMessages,
  adminSuspendHostSchema,
} from '../../domain/schemas/admin';
import { adminCancelBookingSchema } from '../../domain/schemas/cancellation';
import { denyBookingSchema } from '../../domain/schemas/host';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { callerSub } from '../http/caller';
import type { JsonBodyEvent } from '../http/json-body';
import { BACK_OFFICE_INVALID_REQUEST, parseBody, parseQuery, pathId } from '../http/request';
import { json } from '../http/responses';

const useCases = () => adminRuntime().useCases;
const bookingId = (event: HttpApiEvent) => pathId(event, adminMessages.bookingNotFound);
const hostId = (event: HttpApiEvent) => pathId(event, adminMessages.hostNotFound);

// Account ---------------------------------------------------------------------------------------------------------

/** Who is signed in (the account screen; the SPA's check that the admin API accepts the session). */
export async function getMe(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const account: AdminAccountView = {
    id: callerSub(event),
    // ID tokens carry the address; access tokens do not.
    email: event.requestContext.authorizer?.jwt.claims.email ?? null,
    role: 'admin',
  };
  return json(200, account);
}

export async function getDashboard(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  // Issue 31: the concierge desk's open and overdue inquiries beside the booking figures.
  const [dashboard, inquiries] = await Promise.all([
    useCases().dashboard(),
    conciergeInquiriesRuntime().dashboardCounts(),
  ]);
  return json(200, { ...dashboard, inquiries });
}

// Bookings --------------------------------------------------------------------------------------------------------

export async function listBookings(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  return json(
    200,
    await useCases().bookings.list(parseQuery(event, adminBookingsQuery, BACK_OFFICE_INVALID_REQUEST)),
  );
}

export async function exportBookings(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  const query = parseQuery(event, adminBookingsExportQuery, BACK_OFFICE_INVALID_REQUEST);
  const { csv, rows, fileName } = await useCases().bookings.exportCsv(query);
  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
      'x-row-count': String(rows),
    },
    body: csv,
  };
}

export async function getBooking(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  return json(200, await useCases().bookings.get(bookingId(event)));
}

export async function approveBooking(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const adminId = callerSub(event);
  return json(200, await useCases().bookings.approve(bookingId(event), adminId));
}

export async function denyBooking(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const adminId = callerSub(event);
  const id = bookingId(event);
  const { reason } = parseBody(event, denyBookingSchema, BACK_OFFICE_INVALID_REQUEST);
  return json(200, await useCases().bookings.deny(id, reason, adminId));
}

/** `POST /api/admin/bookings/{id}/cancel` `{ reason, refundAmount }`: a pending or approved booking. */
export async function cancelBooking(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  const id = bookingId(event);
  const { reason, refundAmount } = parseBody(event, adminCancelBookingSchema, BACK_OFFICE_INVALID_REQUEST);
  return json(200, await useCases().cancellations.byAdmin(id, reason, refundAmount ?? null));
}

// Hosts -----------------------------------------------------------------------------------------------------------

export async function listHosts(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  return json(
    200,
    await useCases().hosts.list(parseQuery(event, adminHostsQuery, BACK_OFFICE_INVALID_REQUEST)),
  );
}

export async function createHost(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  // Validated by the admin host form's schema inside the use case (one schema for the form and the handler).
  return json(201, await useCases().hosts.create(event.jsonBody ?? {}));
}

export async function getHost(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  return json(200, await useCases().hosts.get(hostId(event)));
}

export async function approveHost(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  return json(200, await useCases().hosts.approve(hostId(event)));
}

export async function suspendHost(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const adminId = callerSub(event);
  const id = hostId(event);
  const { reason } = parseBody(event, adminSuspendHostSchema, BACK_OFFICE_INVALID_REQUEST);
  return json(200, await useCases().hosts.suspend(id, reason, adminId));
}

export async function reinstateHost(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  return json(200, await useCases().hosts.reinstate(hostId(event)));
}
