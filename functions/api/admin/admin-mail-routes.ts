/**
 * The admin's failed-mails routes (DESIGN §4f): the list of mails the sender gave up on, and the resend.
 */
import { adminRuntime } from '../../adapters/runtime/admin-runtime';
import { adminMailMessages, adminMailsQuery } from '../../domain/schemas/admin-mails';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { callerSub } from '../http/caller';
import { parseQuery, pathId } from '../http/request';
import { json } from '../http/responses';

const mails = () => adminRuntime().useCases.mails;

export async function listMails(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  const { cursor, limit } = parseQuery(event, adminMailsQuery);
  return json(200, await mails().listFailed({ limit, ...(cursor ? { cursor } : {}) }));
}

export async function resendMail(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  return json(200, await mails().resend(pathId(event, adminMailMessages.mailNotFound)));
}
