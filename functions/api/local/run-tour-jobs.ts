/**
 * `POST /api/local-jobs/complete-bookings` → `200 { examined, completed, skipped, failed }` and
 * `POST /api/local-jobs/send-reminders` → `200 { guestReminders, hostLists, skipped, failed }`: run the jobs of
 * approved tours now instead of waiting for the local scheduler (after `POST /api/local-clock/advance`).
 */
import { handler as completeBookings } from '../../events/complete-bookings';
import { handler as sendReminders } from '../../events/send-reminders';
import { handler as sendReviewInvites } from '../../events/send-review-invites';
import type { HttpApiStructuredResult } from '../http/api-gateway';
import { json } from '../http/responses';

export async function runCompleteBookings(): Promise<HttpApiStructuredResult> {
  return json(200, await completeBookings());
}

export async function runSendReminders(): Promise<HttpApiStructuredResult> {
  return json(200, await sendReminders());
}

/** `POST /api/local-jobs/send-review-invites` → `200 { examined, invites, reminders, skipped, failed }`. */
export async function runSendReviewInvites(): Promise<HttpApiStructuredResult> {
  return json(200, await sendReviewInvites());
}
