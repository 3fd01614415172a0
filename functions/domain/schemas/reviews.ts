/**
 * Requests of the review routes (DESIGN §6): the guest's review (English messages), the host's reply and the
 * admin's hiding reason (Japanese messages, as every back-office 400), and the lists' query strings.
 */
import * as z from 'zod';
import { REVIEW_HIDE_REASON_MAX, REVIEW_REPLY_MAX, REVIEW_TEXT_MAX } from '../reviews';
import { requiredText } from './common';

const pageLimit = z.coerce.number().int().min(1).max(50).optional();
const cursor = z.string().min(1).max(2000).optional();

/** `POST /api/reviews/{token}`. */
export const reviewRequestSchema = z.strictObject({
  rating: z
    .number({ error: 'Choose from 1 to 5 stars' })
    .int({ error: 'Choose from 1 to 5 stars' })
    .min(1, { error: 'Choose from 1 to 5 stars' })
    .max(5, { error: 'Choose from 1 to 5 stars' }),
  text: requiredText(
    'Please write a few words about your experience',
    REVIEW_TEXT_MAX,
    `At most ${REVIEW_TEXT_MAX.toLocaleString('en')} characters`,
  ),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/** `GET /api/experiences/{id}/reviews?cursor&limit`. */
export const publicReviewsQuery = z.object({ cursor, limit: pageLimit });

/** `PUT /api/host/reviews/{id}/reply`. */
export const reviewReplySchema = z.strictObject({
  text: requiredText(
    '返信を入力してください',
    REVIEW_REPLY_MAX,
    `返信は${REVIEW_REPLY_MAX.toLocaleString('ja')}文字以内で入力してください`,
  ),
});

/** `GET /api/host/reviews?experienceId&rating&cursor`. */
export const hostReviewsQuery = z.object({
  experienceId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: '体験の指定が正しくありません' })
    .optional(),
  rating: z.coerce
    .number()
    .int()
    .min(1, { error: '評価は1〜5で指定してください' })
    .max(5, {
      error: '評価は1〜5で指定してください',
    })
    .optional(),
  cursor,
  limit: pageLimit,
});
export type HostReviewsQuery = z.infer<typeof hostReviewsQuery>;

/** `GET /api/admin/reviews?status&q&cursor`. */
export const adminReviewsQuery = z.object({
  status: z
    .enum(['visible', 'hidden'], { error: '状態は visible か hidden で指定してください' })
    .default('visible'),
  q: z.string().trim().max(200, { error: '検索語は200文字以内で入力してください' }).optional(),
  cursor,
  limit: pageLimit,
});
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuery>;

/** `POST /api/admin/reviews/{id}/hide`. */
export const hideReviewSchema = z.strictObject({
  reason: requiredText(
    '非表示にする理由を入力してください',
    REVIEW_HIDE_REASON_MAX,
    `理由は${REVIEW_HIDE_REASON_MAX}文字以内で入力してください`,
  ),
});
