/**
 * The inquiry mails of the concierge desk (issue 31), through the outbox like every mail:
 * - `inquiry-received` (guest, in the inquiry's language): the acknowledgement with the promised reply time in Tokyo
 *   time and the private conversation link;
 * - `inquiry-reply` (guest): the concierge's reply and the link;
 * - `concierge-new-message` (Japanese, to the concierge address): a new inquiry or a guest's answer, with the admin
 *   page's link.
 * The texts live here (not in `guest-texts/`) because only these mails use them. Every value is escaped by
 * `renderMail`.
 */
import type { GuestLocale } from '../../../domain/entities';
import type { Inquiry } from '../../../domain/inquiries';
import { DEFAULT_SITE_NAME } from './booking-mail';
import { formatTokyoDateTime, guestSiteUrl, siteUrl } from './format';
import { renderMail, type MailBlock, type RenderedMail } from './layout';

interface InquiryMailCommonTexts {
  greeting: (name: string) => string;
  footer: (email: string, siteName: string) => string;
  button: string;
  yourMessage: string;
}

interface InquiryReceivedTexts {
  subject: (siteName: string) => string;
  preheader: (due: string) => string;
  heading: string;
  intro: (due: string) => string;
  link: string;
}

interface InquiryReplyTexts {
  subject: (siteName: string) => string;
  preheader: string;
  heading: string;
  intro: string;
  replyTitle: string;
  answer: string;
}

// Three records rather than one, so that a bundle keeps only the texts of the mails it writes (the public API the
// acknowledgement, the admin API the reply).
const commonTexts: Record<GuestLocale, InquiryMailCommonTexts> = {
  en: {
    greeting: (name) => `Dear ${name},`,
    footer: (email, site) =>
      `You received this mail because a question was sent to the ${site} concierge with ${email}. If that was not you, you can ignore it.`,
    button: 'Open the conversation',
    yourMessage: 'Your question',
  },
  ja: {
    greeting: (name) => `${name} 様`,
    footer: (email, site) =>
      `このメールは、${email} から ${site} のコンシェルジュへお問い合わせがあったためお送りしています。お心当たりのない場合は破棄してください。`,
    button: 'お問い合わせを開く',
    yourMessage: 'お問い合わせ内容',
  },
  'zh-Hant': {
    greeting: (name) => `${name} 您好：`,
    footer: (email, site) =>
      `您收到這封郵件，是因為有人以 ${email} 向 ${site} 的禮賓服務提出了問題。如果不是您本人，請忽略此郵件。`,
    button: '開啟對話',
    yourMessage: '您的問題',
  },
  ko: {
    greeting: (name) => `${name} 님, 안녕하세요.`,
    footer: (email, site) =>
      `${email}(으)로 ${site} 컨시어지에 문의가 접수되어 이 메일을 보내 드렸습니다. 본인이 문의하지 않으셨다면 이 메일을 무시하셔도 됩니다.`,
    button: '대화 열기',
    yourMessage: '문의 내용',
  },
};

const receivedTexts: Record<GuestLocale, InquiryReceivedTexts> = {
  en: {
    subject: (site) => `We received your question - ${site} concierge`,
    preheader: (due) => `Our concierge will reply by ${due}.`,
    heading: 'Thank you for your question',
    intro: (due) =>
      `Our concierge has received your question and will reply within one working day, by ${due}. We will e-mail you when the reply is ready.`,
    link: 'You can read the conversation and add to it at any time through this private link. Please do not share it.',
  },
  ja: {
    subject: (site) => `【${site}】お問い合わせを受け付けました`,
    preheader: (due) => `コンシェルジュが ${due}までにご返信します。`,
    heading: 'お問い合わせありがとうございます',
    intro: (due) =>
      `コンシェルジュがお問い合わせを受け付けました。1営業日以内、${due}までにご返信します。返信をお送りした際はメールでお知らせします。`,
    link: '以下の専用リンクから、いつでもやり取りの確認と追加のご連絡ができます。このリンクは他の方と共有しないでください。',
  },
  'zh-Hant': {
    subject: (site) => `我們已收到您的問題 - ${site} 禮賓服務`,
    preheader: (due) => `禮賓人員將於 ${due}前回覆您。`,
    heading: '感謝您的詢問',
    intro: (due) =>
      `禮賓人員已收到您的問題，將於一個工作天內、${due}前回覆您。回覆後我們會以電子郵件通知您。`,
    link: '您可以隨時透過以下專屬連結查看對話並補充訊息。請勿將此連結分享給他人。',
  },
  ko: {
    subject: (site) => `문의가 접수되었습니다 - ${site} 컨시어지`,
    preheader: (due) => `컨시어지가 ${due}까지 답변드립니다.`,
    heading: '문의해 주셔서 감사합니다',
    intro: (due) =>
      `컨시어지가 문의를 접수했습니다. 영업일 기준 1일 이내, ${due}까지 답변드리며 답변이 준비되면 메일로 알려 드립니다.`,
    link: '아래 전용 링크에서 언제든지 대화를 확인하고 내용을 추가하실 수 있습니다. 이 링크는 다른 사람과 공유하지 마세요.',
  },
};

const replyTexts: Record<GuestLocale, InquiryReplyTexts> = {
  en: {
    subject: (site) => `The concierge replied - ${site}`,
    preheader: 'Our concierge has answered your question.',
    heading: 'Our concierge has replied',
    intro: 'Our concierge has answered your question:',
    replyTitle: 'Reply from the concierge',
    answer: 'You can answer on the conversation page.',
  },
  ja: {
    subject: (site) => `【${site}】コンシェルジュから返信が届きました`,
    preheader: 'コンシェルジュがお問い合わせに回答しました。',
    heading: 'コンシェルジュから返信が届きました',
    intro: 'お問い合わせへの回答をお送りします。',
    replyTitle: 'コンシェルジュからの返信',
    answer: 'ご返信はお問い合わせページから送れます。',
  },
  'zh-Hant': {
    subject: (site) => `禮賓人員已回覆 - ${site}`,
    preheader: '禮賓人員已回答您的問題。',
    heading: '禮賓人員已回覆',
    intro: '禮賓人員已回答您的問題：',
    replyTitle: '禮賓人員的回覆',
    answer: '您可以在對話頁面回覆。',
  },
  ko: {
    subject: (site) => `컨시어지가 답변했습니다 - ${site}`,
    preheader: '컨시어지가 문의에 답변했습니다.',
    heading: '컨시어지의 답변이 도착했습니다',
    intro: '문의하신 내용에 대한 답변입니다.',
    replyTitle: '컨시어지의 답변',
    answer: '대화 페이지에서 답장하실 수 있습니다.',
  },
};

/** The guest's private conversation page, in the inquiry's language: `/ko/inquiry/<token>` (English: no prefix). */
export const conversationUrl = (baseUrl: string, inquiry: Pick<Inquiry, 'token' | 'locale'>): string =>
  guestSiteUrl(baseUrl, `/inquiry/${inquiry.token}`, inquiry.locale);

export interface InquiryMailContext {
  inquiry: Inquiry;
  baseUrl: string;
  siteName?: string;
}

function guestMail(
  { inquiry, baseUrl, siteName = DEFAULT_SITE_NAME }: InquiryMailContext,
  mail: { subject: string; preheader: string; heading: string; blocks: MailBlock[] },
): RenderedMail {
  const t = commonTexts[inquiry.locale];
  return renderMail({
    ...mail,
    language: inquiry.locale,
    siteName,
    greeting: t.greeting(inquiry.name),
    blocks: [...mail.blocks, { kind: 'button', label: t.button, url: conversationUrl(baseUrl, inquiry) }],
    footer: t.footer(inquiry.email, siteName),
  });
}

/** `inquiry-received`: the acknowledgement, with the reply promised by `inquiry.replyDueAt` (Tokyo time). */
export function inquiryReceivedMail(context: InquiryMailContext, question: string): RenderedMail {
  const { inquiry } = context;
  const t = receivedTexts[inquiry.locale];
  const due = formatTokyoDateTime(inquiry.replyDueAt, inquiry.locale);
  return guestMail(context, {
    subject: t.subject(context.siteName ?? DEFAULT_SITE_NAME),
    preheader: t.preheader(due),
    heading: t.heading,
    blocks: [
      { kind: 'paragraph', text: t.intro(due) },
      { kind: 'note', title: commonTexts[inquiry.locale].yourMessage, text: question },
      { kind: 'paragraph', text: t.link },
    ],
  });
}

/** `inquiry-reply`: the concierge's reply (written by the concierge, mostly in the guest's language). */
export function inquiryReplyMail(context: InquiryMailContext, reply: string): RenderedMail {
  const t = replyTexts[context.inquiry.locale];
  return guestMail(context, {
    subject: t.subject(context.siteName ?? DEFAULT_SITE_NAME),
    preheader: t.preheader,
    heading: t.heading,
    blocks: [
      { kind: 'paragraph', text: t.intro },
      { kind: 'note', title: t.replyTitle, text: reply },
      { kind: 'paragraph', text: t.answer },
    ],
  });
}

const LANGUAGE_NAMES_JA: Record<GuestLocale, string> = {
  en: '英語',
  ja: '日本語',
  'zh-Hant': '繁体字中国語',
  ko: '韓国語',
};

/** `concierge-new-message` (Japanese): a new inquiry (`first`) or a guest's answer, with the admin page's link. */
export function conciergeNewMessageMail(
  { inquiry, baseUrl, siteName = DEFAULT_SITE_NAME }: InquiryMailContext,
  message: string,
  first: boolean,
): RenderedMail {
  const due = formatTokyoDateTime(inquiry.replyDueAt, 'ja');
  const facts: [string, string][] = [
    ['お名前', inquiry.name],
    ['メール', inquiry.email],
    ['言語', LANGUAGE_NAMES_JA[inquiry.locale]],
    ...(inquiry.experienceTitle ? ([['体験', inquiry.experienceTitle]] as [string, string][]) : []),
    ...(inquiry.preferredDates ? ([['希望日', inquiry.preferredDates]] as [string, string][]) : []),
    ...(inquiry.guests ? ([['人数', `${inquiry.guests}名`]] as [string, string][]) : []),
    ['返信期限', due],
  ];
  return renderMail({
    language: 'ja',
    siteName,
    subject: first
      ? `【${siteName}】新しいお問い合わせ: ${inquiry.name} 様`
      : `【${siteName}】お問い合わせに返信がありました: ${inquiry.name} 様`,
    preheader: `返信期限 ${due}`,
    heading: first ? '新しいお問い合わせが届きました' : 'ゲストから返信がありました',
    greeting: 'コンシェルジュ各位',
    blocks: [
      {
        kind: 'paragraph',
        text: first
          ? `${inquiry.name} 様から新しいお問い合わせが届きました。${due} までに返信してください。`
          : `${inquiry.name} 様からお問い合わせへの返信がありました。${due} までに返信してください。`,
      },
      { kind: 'facts', rows: facts },
      {
        kind: 'note',
        title: 'メッセージ',
        text: message,
        ...(inquiry.locale === 'ja' ? {} : { textLanguage: inquiry.locale }),
      },
      { kind: 'button', label: '管理画面で開く', url: siteUrl(baseUrl, `/admin/inquiries/${inquiry.id}`) },
    ],
    footer: `このメールは ${siteName} のコンシェルジュ窓口宛てに自動送信されています。`,
  });
}
