/**
 * The mails Cognito sends a host about their account (back office, so in Japanese): the sign-up confirmation code,
 * the password-reset code and the code that confirms a new e-mail address. The Cognito custom-message trigger
 * (`functions/auth/custom-message.ts`) returns them and Cognito sends them itself, so the code is not known here:
 * the mail carries Cognito's placeholder (`{####}`), which Cognito replaces with the code when it sends.
 */
import { DEFAULT_SITE_NAME } from './booking-mail';
import { renderMail, type RenderedMail } from './layout';

/** Cognito's placeholder for the code in a custom message; it must appear in the message exactly as given. */
export const COGNITO_CODE_PARAMETER = '{####}';

export type HostAccountCodePurpose = 'sign-up' | 'password-reset' | 'email-change';

export interface HostAccountCodeInput {
  purpose: HostAccountCodePurpose;
  /** What Cognito substitutes with the code: `event.request.codeParameter`. */
  codeParameter: string;
  /** The business name given at sign-up, when the account has one. */
  businessName?: string | undefined;
  siteName?: string;
}

/**
 * How long Cognito keeps each code valid: a sign-up or attribute-verification code 24 hours, a password-reset
 * code 1 hour (Cognito developer guide, "User pool verification and confirmation codes").
 */
const VALIDITY = { 'sign-up': '24時間', 'password-reset': '1時間', 'email-change': '24時間' } as const;

/**
 * A user-typed name is put into a message Cognito searches for its placeholders: a business name spelled like one
 * would receive the code instead of the code box.
 */
const withoutPlaceholders = (value: string) => value.replace(/\{(?:####|username)\}/g, '').trim();

export function hostAccountCodeMail(input: HostAccountCodeInput): RenderedMail {
  const siteName = input.siteName ?? DEFAULT_SITE_NAME;
  const name = withoutPlaceholders(input.businessName ?? '');
  const greeting = name ? `${name} 様` : 'ホスト様';
  const codeBlock = { kind: 'reference' as const, label: '確認コード', value: input.codeParameter };
  const validity = VALIDITY[input.purpose];
  switch (input.purpose) {
    case 'sign-up':
      return renderMail({
        language: 'ja',
        siteName,
        subject: `【${siteName}】ホスト登録の確認コード`,
        preheader: '登録画面に確認コードを入力して、ホスト登録を完了してください。',
        heading: 'メールアドレスの確認',
        greeting,
        blocks: [
          {
            kind: 'paragraph',
            text: `${siteName} のホスト登録をお申し込みいただき、ありがとうございます。登録画面に次の確認コードを入力して、メールアドレスの確認を完了してください。`,
          },
          codeBlock,
          {
            kind: 'paragraph',
            text: `確認コードの有効期限は${validity}です。期限が切れた場合は、登録画面から確認コードを再送してください。`,
          },
        ],
        footer: `このメールは、このメールアドレスで ${siteName} のホスト登録が申し込まれたためお送りしています。お心当たりのない場合は、このメールを破棄してください（登録は完了しません）。`,
      });
    case 'password-reset':
      return renderMail({
        language: 'ja',
        siteName,
        subject: `【${siteName}】パスワード再設定の確認コード`,
        preheader: 'パスワード再設定画面に確認コードを入力してください。',
        heading: 'パスワードの再設定',
        greeting,
        blocks: [
          {
            kind: 'paragraph',
            text: 'ホストアカウントのパスワード再設定を受け付けました。パスワード再設定画面に次の確認コードを入力し、新しいパスワードを設定してください。',
          },
          codeBlock,
          {
            kind: 'paragraph',
            text: `確認コードの有効期限は${validity}です。期限が切れた場合は、もう一度パスワード再設定を行ってください。`,
          },
        ],
        footer:
          'このメールは、ホストアカウントのパスワード再設定が行われたためお送りしています。お心当たりのない場合は、このメールを破棄してください（パスワードは変更されません）。',
      });
    case 'email-change':
      return renderMail({
        language: 'ja',
        siteName,
        subject: `【${siteName}】メールアドレス確認の確認コード`,
        preheader: '確認コードを入力して、メールアドレスの確認を完了してください。',
        heading: 'メールアドレスの確認',
        greeting,
        blocks: [
          {
            kind: 'paragraph',
            text: 'ホストアカウントのメールアドレスを確認します。アカウント設定の画面に次の確認コードを入力してください。',
          },
          codeBlock,
          { kind: 'paragraph', text: `確認コードの有効期限は${validity}です。` },
        ],
        footer:
          'このメールは、ホストアカウントのメールアドレスとしてこのアドレスが指定されたためお送りしています。お心当たりのない場合は、このメールを破棄してください。',
      });
  }
}

/** Cognito's placeholder for the user name (the e-mail address) in an invitation. */
export const COGNITO_USERNAME_PARAMETER = '{username}';
/** How long the temporary password of an invitation is valid (`tempPasswordValidity` of the host pool). */
export const TEMPORARY_PASSWORD_DAYS = 3;

/** The invitation's subject and plain text: the host pool's own template (CDK `userInvitation`) and the mail's core. */
export function hostInvitationText(siteName: string = DEFAULT_SITE_NAME) {
  return {
    subject: `【${siteName}】ホストアカウントが作成されました`,
    intro: `${siteName} の運営が、ホストアカウントを作成しました。ホスト管理画面に次のメールアドレスと仮パスワードでログインし、ご自身のパスワードを設定してください。`,
    validity: `仮パスワードの有効期限は${TEMPORARY_PASSWORD_DAYS}日間です。期限が切れた場合は、運営までお問い合わせください。`,
    plain: (username: string, code: string) =>
      `${siteName} の運営が、ホストアカウントを作成しました。\n` +
      `ログインID（メールアドレス）: ${username}\n仮パスワード: ${code}\n` +
      `ホスト管理画面（/host/signin）にログインし、ご自身のパスワードを設定してください。` +
      `仮パスワードの有効期限は${TEMPORARY_PASSWORD_DAYS}日間です。`,
  };
}

/**
 * The invitation of a host an admin created (issue 21): the sign-in name and the temporary password, in Japanese.
 * Cognito substitutes both placeholders (`usernameParameter`, `codeParameter`) when it sends the mail.
 */
export function hostInvitationMail(input: {
  usernameParameter: string;
  codeParameter: string;
  siteName?: string;
}): RenderedMail {
  const siteName = input.siteName ?? DEFAULT_SITE_NAME;
  const text = hostInvitationText(siteName);
  return renderMail({
    language: 'ja',
    siteName,
    subject: text.subject,
    preheader: '仮パスワードでログインし、ご自身のパスワードを設定してください。',
    heading: 'ホストアカウントが作成されました',
    greeting: 'ホスト様',
    blocks: [
      { kind: 'paragraph', text: text.intro },
      {
        kind: 'facts',
        rows: [
          ['ログインID（メールアドレス）', input.usernameParameter],
          ['仮パスワード', input.codeParameter],
        ],
      },
      {
        kind: 'paragraph',
        text: `ホスト管理画面のログインページ（/host/signin）でログインすると、新しいパスワードの設定画面が表示されます。${text.validity}`,
      },
    ],
    footer: `このメールは、${siteName} の運営がこのメールアドレスでホストアカウントを作成したためお送りしています。お心当たりのない場合は、このメールを破棄してください。`,
  });
}
