/**
 * The money routes' requests (DESIGN §6 wave 4), with the back office's Japanese messages.
 */
import * as z from 'zod';
import { commissionPercentSchema, earningsStatusSchema, payoutStatusSchema } from '../money';
import { calendarDate } from './common';
import { hostBookingsQueryMessages, isDateRangeInverted } from './date-range';

const emptyIsAbsent = (v: unknown) => (v === '' || v === 'all' ? undefined : v);

export const moneyMessages = {
  status: '状態の指定が正しくありません',
  holdReason: '保留の理由を入力してください',
  holdReasonLength: '保留の理由は500文字以内で入力してください',
} as const;

const tourDateRange = {
  from: z.preprocess(emptyIsAbsent, calendarDate(hostBookingsQueryMessages.date).optional()),
  to: z.preprocess(emptyIsAbsent, calendarDate(hostBookingsQueryMessages.date).optional()),
};
const inverted = {
  message: hostBookingsQueryMessages.rangeInverted,
  path: ['to'],
};

/** `GET /api/host/earnings?from&to&status&cursor` (and the admin's copy): `from`/`to` are tour dates. */
export const earningsQuery = z
  .object({
    ...tourDateRange,
    status: z.preprocess(
      emptyIsAbsent,
      z.enum(earningsStatusSchema.options, { error: moneyMessages.status }).optional(),
    ),
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((q) => !isDateRangeInverted(q.from, q.to), inverted);

export const earningsCsvQuery = z
  .object(tourDateRange)
  .refine((q) => !isDateRangeInverted(q.from, q.to), inverted);

export const pageQuery = z.object({
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const adminPayoutsQuery = pageQuery.extend({
  status: z.preprocess(
    emptyIsAbsent,
    z.enum(payoutStatusSchema.options, { error: moneyMessages.status }).optional(),
  ),
});

/** `PUT /api/admin/hosts/{id}/commission`. */
export const commissionSchema = z.strictObject({ percent: commissionPercentSchema });

/** `POST /api/admin/hosts/{id}/payout-hold`. */
export const payoutHoldSchema = z.strictObject({
  reason: z
    .string({ error: moneyMessages.holdReason })
    .trim()
    .min(1, { error: moneyMessages.holdReason })
    .max(500, { error: moneyMessages.holdReasonLength }),
});
