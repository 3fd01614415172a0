/**
 * To a host (in Japanese), when an admin suspends or reinstates their account (issue 21 item 10): what happened,
 * what it means for their experiences and requests, and whom to ask (the operators, by answering this mail). The
 * admins' suspension note is for the admins only and is not quoted.
 */
import type { Host } from '../../../domain/entities';
import { DEFAULT_SITE_NAME } from './booking-mail';
import { siteUrl } from './format';
import { renderMail, type RenderedMail } from './layout';

export interface HostAccountMailInput {
  host: Pick<Host, 'businessName' | 'email'>;
  baseUrl: string;
  siteName?: string;
}

const footer = (input: HostAccountMailInput, siteName: string) =>
  `このメールは、${input.host.email} で ${siteName} にホスト登録されているためお送りしています。`;

export function hostAccountSuspendedMail(input: HostAccountMailInput): RenderedMail {
  const siteName = input.siteName ?? DEFAULT_SITE_NAME;
  return renderMail({
    language: 'ja',
    siteName,
    subject: `【${siteName}】ホストアカウントを一時停止しました`,
    preheader: 'ホストアカウントが運営により一時停止されました。',
    heading: 'ホストアカウントを一時停止しました',
    greeting: `${input.host.businessName} 様`,
    blocks: [
      {
        kind: 'paragraph',
        text:
          `${siteName} の運営は、お客様のホストアカウントを一時停止しました。停止中はホスト管理画面にログインできず、` +
          '公開中の体験はゲストに表示されず、新しい予約も受け付けません。体験の内容や公開設定はそのまま保存されています。',
      },
      {
        kind: 'paragraph',
        text: '回答待ちの予約リクエストには、運営がホストに代わって対応します。対応した際はメールでお知らせします。',
      },
      {
        kind: 'note',
        title: 'お問い合わせ',
        text: '停止の理由や再開については、このメールに返信して運営までお問い合わせください。',
      },
    ],
    footer: footer(input, siteName),
  });
}

export function hostAccountReinstatedMail(input: HostAccountMailInput): RenderedMail {
  const siteName = input.siteName ?? DEFAULT_SITE_NAME;
  return renderMail({
    language: 'ja',
    siteName,
    subject: `【${siteName}】ホストアカウントの停止を解除しました`,
    preheader: 'ホスト管理画面に再びログインできます。',
    heading: 'ホストアカウントの停止を解除しました',
    greeting: `${input.host.businessName} 様`,
    blocks: [
      {
        kind: 'paragraph',
        text:
          `${siteName} の運営は、お客様のホストアカウントの一時停止を解除しました。ホスト管理画面に再びログインでき、` +
          '公開設定が「公開」の体験は再びゲストに表示され、予約を受け付けます。',
      },
      { kind: 'button', label: 'ホスト管理画面にログイン', url: siteUrl(input.baseUrl, '/host/signin') },
      {
        kind: 'paragraph',
        text: 'ご不明な点は、このメールに返信して運営までお問い合わせください。',
      },
    ],
    footer: footer(input, siteName),
  });
}
