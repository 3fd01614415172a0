/**
 * The host API's routes (DESIGN §6 "Back office"), thin: the signed-in host (403 `not_a_host` without a host
 * profile, on every route), the request parsed with the domain's schemas, one use case, the answer.
 */
import { hostRuntime } from '../../adapters/runtime/host-runtime';
import type { Host } from '../../domain/entities';
import { hostCancelBookingSchema } from '../../domain/schemas/cancellation';
import { denyBookingSchema } from '../../domain/schemas/host';
import {
  checkInSchema,
  createUploadSchema,
  experiencePatchSchema,
  hostBookingsQuery,
  hostProfilePatchSchema,
  setAvatarSchema,
  slotOverrideSchema,
  slotsQuery,
  type ExperiencePatch,
} from '../../domain/schemas/host-api';
import { bookingDecisionMessages } from '../../use-cases/back-office/booking-decisions';
import { HOST_EXPERIENCE_NOT_FOUND_MESSAGE } from '../../use-cases/back-office/host-experiences';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { callerSub } from '../http/caller';
import type { JsonBodyEvent } from '../http/json-body';
import { BACK_OFFICE_INVALID_REQUEST, parseBody, parseQuery, pathId } from '../http/request';
import { json } from '../http/responses';
import { dashboardReviews } from './host-review-routes';

const useCases = () => hostRuntime().useCases;
const signedInHost = (event: HttpApiEvent): Promise<Host> => useCases().account.requireHost(callerSub(event));
const experienceId = (event: HttpApiEvent) => pathId(event, HOST_EXPERIENCE_NOT_FOUND_MESSAGE);
const bookingId = (event: HttpApiEvent) => pathId(event, bookingDecisionMessages.notFound);
const asHost = (host: Host) => ({ role: 'host' as const, userId: host.id });

// Account ---------------------------------------------------------------------------------------------------------

/** The host as every profile route answers it: with the money fields kept apart from the profile (DESIGN §4g). */
const meView = async (host: Host) => ({ ...host, ...(await useCases().earnings.moneyOfHost(host.id)) });

export async function getMe(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  return json(200, await meView(await signedInHost(event)));
}

export async function patchMe(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  return json(
    200,
    await meView(
      await useCases().account.updateProfile(
        host.id,
        parseBody(event, hostProfilePatchSchema, BACK_OFFICE_INVALID_REQUEST),
      ),
    ),
  );
}

export async function createUpload(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  return json(
    201,
    await useCases().account.createUpload(
      host.id,
      parseBody(event, createUploadSchema, BACK_OFFICE_INVALID_REQUEST),
    ),
  );
}

export async function putAvatar(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  return json(
    200,
    await meView(
      await useCases().account.setAvatar(
        host.id,
        parseBody(event, setAvatarSchema, BACK_OFFICE_INVALID_REQUEST).key,
      ),
    ),
  );
}

export async function getDashboard(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  const [dashboard, reviews] = await Promise.all([
    useCases().bookings.dashboard(host),
    dashboardReviews(host.id),
  ]);
  return json(200, { ...dashboard, reviews });
}

// Experiences -----------------------------------------------------------------------------------------------------

export async function listExperiences(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  return json(200, { items: await useCases().experiences.list(host.id) });
}

export async function createExperience(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  // The body is validated by the create form's schema inside the use case (one schema for form and handler).
  return json(201, await useCases().experiences.create(host.id, event.jsonBody ?? {}));
}

export async function getExperience(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  return json(200, await useCases().experiences.get(host.id, experienceId(event)));
}

export async function patchExperience(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  const id = experienceId(event);
  const patch = parseBody(event, experiencePatchSchema, BACK_OFFICE_INVALID_REQUEST) as ExperiencePatch;
  return json(200, await useCases().experiences.update(host.id, id, patch));
}

export async function deleteExperience(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  await useCases().experiences.delete(host.id, experienceId(event));
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
}

export async function duplicateExperience(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  return json(201, await useCases().experiences.duplicate(host.id, experienceId(event)));
}

export async function getSlots(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  const id = experienceId(event);
  const { from, to } = parseQuery(event, slotsQuery, BACK_OFFICE_INVALID_REQUEST);
  return json(200, await useCases().slots.list(host.id, id, from, to));
}

export async function putSlots(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  const id = experienceId(event);
  return json(
    200,
    await useCases().slots.set(
      host.id,
      id,
      parseBody(event, slotOverrideSchema, BACK_OFFICE_INVALID_REQUEST),
    ),
  );
}

// Bookings --------------------------------------------------------------------------------------------------------

export async function listBookings(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  return json(
    200,
    await useCases().bookings.list(
      host.id,
      parseQuery(event, hostBookingsQuery, BACK_OFFICE_INVALID_REQUEST),
    ),
  );
}

export async function getBooking(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  return json(200, await useCases().bookings.get(host.id, bookingId(event)));
}

export async function approveBooking(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  return json(200, await useCases().decisions.approve(bookingId(event), asHost(host)));
}

export async function denyBooking(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  const id = bookingId(event);
  const { reason } = parseBody(event, denyBookingSchema, BACK_OFFICE_INVALID_REQUEST);
  return json(200, await useCases().decisions.deny(id, reason, asHost(host)));
}

/** `POST /api/host/bookings/{id}/check-in` `{ checkedIn }`: the manifest's tick; `200` the booking. */
export async function checkInBooking(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  const id = bookingId(event);
  const { checkedIn } = parseBody(event, checkInSchema, BACK_OFFICE_INVALID_REQUEST);
  return json(200, await useCases().bookings.checkIn(host.id, id, checkedIn));
}

/** `POST /api/host/bookings/{id}/cancel` `{ reason }`: an approved booking, the whole charge refunded. */
export async function cancelBooking(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  const id = bookingId(event);
  const { reason } = parseBody(event, hostCancelBookingSchema);
  const { status, refundAmount, refundStatus } = await useCases().cancellations.byHost(
    id,
    reason,
    asHost(host),
  );
  return json(200, { status, refundAmount, refundStatus });
}
