/** To a self-registered host (in Japanese), when an admin approved their account: they may publish now. */
import type { Host } from '../../../domain/entities';
import { DEFAULT_SITE_NAME } from './booking-mail';
import { siteUrl } from './format';
import { renderMail, type RenderedMail } from './layout';

export interface HostApprovedMailInput {
  host: Pick<Host, 'businessName' | 'email'>;
  baseUrl: string;
  siteName?: string;
}

export function hostAccountApprovedMail(input: HostApprovedMailInput): RenderedMail {
  const siteName = input.siteName ?? DEFAULT_SITE_NAME;
  return renderMail({
    language: 'ja',
    siteName,
    subject: `【${siteName}】ホストアカウントの審査が完了しました`,
    preheader: '体験を公開して、予約の受付を始められます。',
    heading: 'ホストアカウントが承認されました',
    greeting: `${input.host.businessName} 様`,
    blocks: [
      {
        kind: 'paragraph',
        text:
          `${siteName} のホストアカウントの審査が完了し、承認されました。` +
          '準備した体験を公開すると、ゲストから予約リクエストを受け付けられるようになります。',
      },
      {
        kind: 'paragraph',
        text: '体験の一覧で、公開したい体験の公開設定を「公開」にして保存してください。',
      },
      { kind: 'button', label: '体験の一覧を開く', url: siteUrl(input.baseUrl, '/host/experiences') },
    ],
    footer: `このメールは、${input.host.email} で ${siteName} にホスト登録されたためお送りしています。`,
  });
}
