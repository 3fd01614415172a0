/**
 * The admin's failed-mails routes (DESIGN §4f; not in §6, documented in the README):
 * `GET /api/admin/mails?status=failed&cursor&limit` and `POST /api/admin/mails/{id}/resend`.
 */
import * as z from 'zod';

export const adminMailMessages = {
  noFailedMails: '送信に失敗したメールはありません',
  mailNotFound: 'メールが見つかりませんでした。',
  statusUnsupported: '表示できるのは送信失敗のメール（status=failed）のみです',
  resent: 'メールを再送しました',
  resendQueued: 'メールを再送待ちに戻しました。まもなく送信されます',
  resendFailed: 'メールを再送できませんでした。もう一度お試しください。',
} as const;

export const adminMailsQuery = z.object({
  status: z.preprocess(
    (v) => (v === undefined || v === '' ? 'failed' : v),
    z.literal('failed', { error: adminMailMessages.statusUnsupported }),
  ),
  cursor: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(2000).optional()),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminMailsQuery = z.infer<typeof adminMailsQuery>;
