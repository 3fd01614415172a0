/** Request bodies of the cancellation routes (DESIGN §6); the back office's messages are Japanese. */
import * as z from 'zod';
import { requiredText } from './common';

export const CANCELLATION_REASON_MAX_LENGTH = 500;
export const CANCELLATION_REASON_REQUIRED_MESSAGE = 'キャンセル理由を入力してください';
export const REFUND_AMOUNT_MESSAGE = '返金額は0円以上の整数（円）で入力してください';

const reason = requiredText(
  CANCELLATION_REASON_REQUIRED_MESSAGE,
  CANCELLATION_REASON_MAX_LENGTH,
  `${CANCELLATION_REASON_MAX_LENGTH}文字以内で入力してください`,
);

/** `POST /api/host/bookings/{id}/cancel`: the reason the guest is mailed (e.g. the weather). */
export const hostCancelBookingSchema = z.object({ reason });
export type HostCancelBooking = z.infer<typeof hostCancelBookingSchema>;

/** `POST /api/admin/bookings/{id}/cancel`: a reason and what goes back (0 … charged; ignored for a request). */
export const adminCancelBookingSchema = z.object({
  reason,
  refundAmount: z
    .number({ error: REFUND_AMOUNT_MESSAGE })
    .int({ error: REFUND_AMOUNT_MESSAGE })
    .min(0, { error: REFUND_AMOUNT_MESSAGE }),
});
export type AdminCancelBooking = z.infer<typeof adminCancelBookingSchema>;
