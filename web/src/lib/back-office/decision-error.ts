/**
 * What the host's and the admin's approve and deny answer (back-office spec §8, in Japanese), and what an error of
 * either means to the screen: its message, and whether the booking changed meanwhile (then it is shown again).
 */
import { ApiError } from '../api-client';

/** Back-office spec §8, in Japanese. */
export const DECISION_MESSAGES = {
  approved: '予約を承認しました',
  denied: '予約を否認しました',
  captureFailed: 'お支払いの確定に失敗しました。予約は承認待ちのままです。',
  cancelFailed: 'お支払いの取り消しに失敗しました',
  approveFailed: '予約の承認中にエラーが発生しました',
  denyFailed: '予約の否認中にエラーが発生しました',
  alreadyDecided: 'この予約は既に処理されています。最新の状態を表示します。',
  notFound: '予約が見つかりませんでした。',
} as const;

/** What went wrong with a decision; `stale`: the booking changed or went meanwhile (show it again). */
export function decisionError(e: unknown, action: 'approve' | 'deny'): { message: string; stale: boolean } {
  if (e instanceof ApiError) {
    if (e.status === 409) return { message: DECISION_MESSAGES.alreadyDecided, stale: true };
    if (e.status === 404) return { message: DECISION_MESSAGES.notFound, stale: true };
    if (e.status === 502) {
      return {
        message: action === 'approve' ? DECISION_MESSAGES.captureFailed : DECISION_MESSAGES.cancelFailed,
        stale: false,
      };
    }
    if (e.status === 400 && action === 'deny')
      return { message: e.fields?.reason ?? e.message, stale: false };
  }
  return {
    message: action === 'approve' ? DECISION_MESSAGES.approveFailed : DECISION_MESSAGES.denyFailed,
    stale: false,
  };
}
