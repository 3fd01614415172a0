/**
 * The admin sign-in's messages (back-office spec §8 "Admin sign-in"), shared by the sign-in page and the admin shell
 * (which refuses a session the admin API does not accept with the same words).
 */
export const ADMIN_SIGN_IN_INVALID = {
  title: '認証エラー',
  message: 'メールアドレスまたはパスワードが正しくありません',
} as const;
export const ADMIN_ACCESS_DENIED = {
  title: 'アクセス拒否',
  message: 'このメールアドレスは管理者として登録されていません',
} as const;
/** Ours: the specification has no case for an administrator account someone disabled. */
export const ADMIN_ACCOUNT_DISABLED = {
  title: 'アクセス拒否',
  message: 'この管理者アカウントは無効化されています。他の管理者にお問い合わせください',
} as const;
export const ADMIN_EMAIL_UNCONFIRMED = {
  title: 'メール未確認',
  message: 'メールアドレスの確認が完了していません',
} as const;
export const ADMIN_USER_LOOKUP_FAILED = 'ユーザー情報の取得に失敗しました';
export const ADMIN_SIGN_IN_FAILED = 'サインインに失敗しました';
export const ADMIN_SIGN_IN_SUCCESS = {
  title: 'サインイン成功',
  message: 'ダッシュボードへ移動します',
} as const;
