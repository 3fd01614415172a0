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
