/**
 * The Japanese messages the repositories answer with (a stale edit, a capacity below the bookings, a suspension
 * already in force). They live apart from the back-office schemas that show them too, so every function that reads
 * the table (the guest API among them) does not carry those schemas, and zod's work in them, in its bundle.
 */
export const EXPERIENCE_CHANGED_MESSAGE =
  'この体験は他の画面で更新されています。最新の内容を読み込んでから、もう一度保存してください。';
/** A start's capacity (or the rule's) below how many tours already overlap its time (DESIGN §4j). */
export const CAPACITY_BELOW_OVERLAP_MESSAGE =
  'この時間帯に重なっている予約の数より少ない受付数にはできません。休止する場合は「休止」を使ってください';
export const HOST_ALREADY_SUSPENDED_MESSAGE = 'このホストはすでに停止されています';
export const HOST_NOT_SUSPENDED_MESSAGE = 'このホストは停止されていません';
/**
 * What a suspended host reads on signing in (the host API's 403 and the SPA, when Cognito refuses the disabled user):
 * what happened and whom to ask (issue 21 item 10). Here, beside the suspension's other messages, without zod.
 */
export const HOST_ACCOUNT_SUSPENDED_MESSAGE =
  'このホストアカウントは運営により一時停止されています。停止中はログインできません。停止の理由や再開については、一時停止をお知らせしたメールに返信して運営までお問い合わせください。';
