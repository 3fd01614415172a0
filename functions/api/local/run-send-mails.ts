/**
 * `POST /api/local-jobs/send-mails` → `200 { sent, retrying, failed, skipped }`: runs the outbox sender now (every
 * due mail) instead of waiting for the local scheduler's next run.
 */
import { handler as sendMails } from '../../events/send-mails';
import type { HttpApiStructuredResult } from '../http/api-gateway';
import { json } from '../http/responses';

export async function runSendMails(): Promise<HttpApiStructuredResult> {
  return json(200, await sendMails());
}
