/** Request bodies of the cancellation routes (DESIGN §6); the back office's messages are Japanese. */
import * as z from 'zod';
import { requiredText } from './common';

export const CANCELLATION_REASON_MAX_LENGTH = 500;
export const CANCELLATION_REASON_REQUIRED_MESSAGE = 'キャンセル理由を入力してください';
export const REFUND_AMOUNT_MESSAGE = '返金額は0円以上の整数（円）で入力してください';
/** An approved booking's cancellation says what goes back: a blank amount is never read as ¥0 (issue 32 item 1). */
export const REFUND_AMOUNT_REQUIRED_MESSAGE = '返金額を入力してください';

const reason = requiredText(
  CANCELLATION_REASON_REQUIRED_MESSAGE,
  CANCELLATION_REASON_MAX_LENGTH,
  `${CANCELLATION_REASON_MAX_LENGTH}文字以内で入力してください`,
);

/** `POST /api/host/bookings/{id}/cancel`: the reason the guest is mailed (e.g. the weather). */
export const hostCancelBookingSchema = z.object({ reason });
export type HostCancelBooking = z.infer<typeof hostCancelBookingSchema>;

/** Absent, `null` and blank text all mean "no amount given" (a cleared field), never 0. */
const notGiven = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const refundAmount = z
  .number({
    error: (issue) => (issue.input === undefined ? REFUND_AMOUNT_REQUIRED_MESSAGE : REFUND_AMOUNT_MESSAGE),
  })
  .int({ error: REFUND_AMOUNT_MESSAGE })
  .min(0, { error: REFUND_AMOUNT_MESSAGE });

/**
 * `POST /api/admin/bookings/{id}/cancel`: a reason and what goes back (0 … charged). The amount may be left out
 * only for a request (nothing was charged, it is ignored); the use case refuses an approved booking without one,
 * since only it knows the status the cancellation is conditional on.
 */
export const adminCancelBookingSchema = z.object({
  reason,
  refundAmount: z.preprocess(notGiven, refundAmount.optional()),
});
export type AdminCancelBooking = z.infer<typeof adminCancelBookingSchema>;

/** The admin's dialog for an approved booking: the same body with the amount required. */
export const adminCancelApprovedBookingSchema = z.object({
  reason,
  refundAmount: z.preprocess(notGiven, refundAmount),
});
