/**
 * The concierge's inquiry routes (DESIGN §6 wave 4, issue 31), Japanese messages as every back-office 400/404:
 * - `GET /api/admin/inquiries?status&cursor&limit` → `200 { items, cursor? }`: new first (overdue, then the nearest
 *   deadline), then answered and waiting, then closed;
 * - `GET /api/admin/inquiries/{id}` → `200` the inquiry with its messages and offers · 404;
 * - `POST /api/admin/inquiries/{id}/messages` `{ text }` → `201` the inquiry (mailed to the guest; `answered`);
 * - `POST /api/admin/inquiries/{id}/close` → `200` the inquiry.
 */
import { conciergeInquiriesRuntime } from '../../adapters/runtime/inquiries-runtime';
import { adminInquiriesQuery, conciergeMessageSchema } from '../../domain/schemas/inquiries';
import { inquiryMessages } from '../../use-cases/concierge/inquiries';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { callerSub } from '../http/caller';
import type { JsonBodyEvent } from '../http/json-body';
import { BACK_OFFICE_INVALID_REQUEST, parseBody, parseQuery, pathId } from '../http/request';
import { json } from '../http/responses';

const inquiryId = (event: HttpApiEvent) => pathId(event, inquiryMessages.notFound);

export async function listInquiries(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  const { status, cursor, limit } = parseQuery(event, adminInquiriesQuery, BACK_OFFICE_INVALID_REQUEST);
  return json(
    200,
    await conciergeInquiriesRuntime().list({
      ...(status ? { status } : {}),
      ...(cursor ? { cursor } : {}),
      ...(limit ? { limit } : {}),
    }),
  );
}

export async function getInquiry(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  return json(200, await conciergeInquiriesRuntime().detail(inquiryId(event)));
}

export async function replyToInquiry(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  const id = inquiryId(event);
  const { text } = parseBody(event, conciergeMessageSchema, BACK_OFFICE_INVALID_REQUEST);
  return json(201, await conciergeInquiriesRuntime().reply(id, text));
}

export async function closeInquiry(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  return json(200, await conciergeInquiriesRuntime().close(inquiryId(event)));
}
