/**
 * The guest's inquiry routes of the concierge desk (DESIGN §6 wave 4, issue 31):
 * - `POST /api/inquiries` `{ name, email, locale, message, experienceId?, preferredDates?, guests? }` → `201 { id }`
 *   and the acknowledgement mail · 400 (field messages in the guest's language) · 429;
 * - `GET /api/inquiries/{token}` → `200 { status, replyDueAt, messages, offers }` · 404;
 * - `POST /api/inquiries/{token}/messages` `{ text }` → `201 { messages, status }` · 400 · 404 · 429.
 * The bodies are validated by the use case, in the language of the guest (the form's `locale`, the inquiry's).
 */
import { guestInquiriesRuntime } from '../../adapters/runtime/inquiries-runtime';
import { inquiryMessages } from '../../use-cases/concierge/inquiries';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { clientAddress } from '../http/client-address';
import type { JsonBodyEvent } from '../http/json-body';
import { pathId } from '../http/request';
import { json } from '../http/responses';

const token = (event: HttpApiEvent) => pathId(event, inquiryMessages.linkNotFound.en, 'token');

export async function postInquiry(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  return json(201, await guestInquiriesRuntime().ask(event.jsonBody ?? {}, clientAddress(event)));
}

export async function getInquiry(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  return json(200, await guestInquiriesRuntime().conversation(token(event)));
}

export async function postInquiryMessage(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const link = token(event);
  return json(201, await guestInquiriesRuntime().answer(link, event.jsonBody ?? {}, clientAddress(event)));
}
