/**
 * The identity provider's failures in the back office's language (back-office spec §8 where it names them, the
 * provider's own cases in the same tone where it does not). Keyed by Cognito's error names, which Amplify keeps.
 */
import { HOST_ACCOUNT_SUSPENDED_MESSAGE } from '@domain/repository-messages';
import { AuthFailure } from './auth-client';

export const SIGN_IN_INVALID = {
  title: 'ログインエラー',
  message: 'メールアドレスまたはパスワードが正しくありません',
} as const;
export const SIGN_IN_FAILED = 'ログインに失敗しました';
export const SIGN_IN_SUCCESS = { title: 'ログイン成功', message: 'ダッシュボードへ移動します' } as const;
export const NOT_A_HOST_MESSAGE = 'このアカウントはホスト権限を持っていません。';
export const SIGN_UP_SUCCESS = { title: '登録完了', message: 'アカウントが作成されました' } as const;
export const SIGN_UP_FAILED = '登録中にエラーが発生しました';
export const EMAIL_TAKEN = 'このメールアドレスは既に登録されています';
export const SESSION_EXPIRED = 'セッションの有効期限が切れました。再度ログインしてください。';
export const SIGN_OUT_FAILED = 'サインアウトに失敗しました。';
/** A step after the password (new password, TOTP) answered after the pool's sign-in session ended (3 minutes). */
export const SIGN_IN_STEP_EXPIRED =
  '時間が経過したため、手続きが中断されました。最初からやり直してください。';

const byCode: Record<string, string> = {
  NotAuthorizedException: SIGN_IN_INVALID.message,
  UserNotFoundException: SIGN_IN_INVALID.message,
  UsernameExistsException: EMAIL_TAKEN,
  AliasExistsException: EMAIL_TAKEN,
  CodeMismatchException: '確認コードが正しくありません',
  // The first code of a new authenticator (admin TOTP enrolment).
  EnableSoftwareTokenMFAException:
    '確認コードが正しくありません。認証アプリに表示されている最新の6桁のコードを入力してください',
  ExpiredCodeException: '確認コードの有効期限が切れています。コードを再送信してください',
  InvalidPasswordException: 'パスワードが要件を満たしていません（8文字以上で入力してください）',
  LimitExceededException: '試行回数の上限に達しました。しばらくしてから再度お試しください',
  TooManyRequestsException: '試行回数の上限に達しました。しばらくしてから再度お試しください',
  TooManyFailedAttemptsException: '試行回数の上限に達しました。しばらくしてから再度お試しください',
  UserNotConfirmedException: 'メールアドレスの確認が完了していません',
  PasswordResetRequiredException: 'パスワードの再設定が必要です',
  NetworkError: '認証サーバーに接続できませんでした。通信環境をご確認ください',
  EmptySignInUsername: 'メールアドレスを入力してください',
  EmptySignInPassword: 'パスワードを入力してください',
};

/**
 * The Japanese message of a failure. A PreSignUp trigger that refused a taken address reports it inside
 * `UserLambdaValidationException` ("PreSignUp failed with error このメールアドレスは既に登録されています.").
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof AuthFailure)) return fallback;
  if (isExpiredSignInStep(error)) return SIGN_IN_STEP_EXPIRED;
  // A suspended host (the admin disabled their user): what happened and whom to ask.
  if (isUserDisabled(error)) return HOST_ACCOUNT_SUSPENDED_MESSAGE;
  if (error.code === 'UserLambdaValidationException') {
    if (error.message.includes(EMAIL_TAKEN)) return EMAIL_TAKEN;
    const detail = /failed with error (.+?)\.?$/.exec(error.message)?.[1];
    return detail ?? fallback;
  }
  return byCode[error.code] ?? fallback;
}

/**
 * `true` when the pool refused a user an administrator disabled. Cognito says so with the wrong-password error's
 * name and its own message ("User is disabled."), so the message is what tells the two apart. cognito-local does not
 * check the flag: locally a suspended host signs in and the host API's 403 `not_a_host` says the same
 * (`HOST_ACCOUNT_SUSPENDED_MESSAGE`).
 */
export function isUserDisabled(error: unknown): boolean {
  return (
    error instanceof AuthFailure &&
    error.code === 'NotAuthorizedException' &&
    /user is disabled/i.test(error.message)
  );
}

/**
 * `true` when a password change was refused for a wrong current password. Cognito answers
 * `NotAuthorizedException`; the local pool (cognito-local) answers `InvalidPasswordException` "Invalid password",
 * which is also the code of a new password that breaks the policy ("Password did not conform with policy: …"), so
 * the message tells the two apart.
 */
export function isWrongCurrentPassword(error: unknown): boolean {
  return (
    error instanceof AuthFailure &&
    (error.code === 'NotAuthorizedException' ||
      (error.code === 'InvalidPasswordException' && !/did not conform with policy/i.test(error.message)))
  );
}

/** `true` for the wrong e-mail/password case of sign-in (the specification's "Invalid login credentials"). */
export function isInvalidCredentials(error: unknown): boolean {
  return (
    error instanceof AuthFailure &&
    !isUserDisabled(error) &&
    (error.code === 'NotAuthorizedException' || error.code === 'UserNotFoundException')
  );
}

/**
 * `true` when the pool no longer knows the sign-in a step belongs to (Cognito: `NotAuthorizedException` "Invalid
 * session for the user[, session is expired]."): the sign-in must start again from the password.
 */
export function isExpiredSignInStep(error: unknown): boolean {
  return (
    error instanceof AuthFailure &&
    error.code === 'NotAuthorizedException' &&
    /invalid session/i.test(error.message)
  );
}
