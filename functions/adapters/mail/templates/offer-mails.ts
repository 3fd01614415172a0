/**
 * The guest's mails about a concierge's offer (issue 31), in the guest's language (en, ja, zh-Hant, ko): the offer
 * with its link (`offer-sent`), the warning when two hours or less are left (`offer-expiring`, once) and the notice
 * that it expired (`offer-expired`). Rendered through the same layout as every guest mail (text and HTML).
 */
import type { GuestLocale } from '../../../domain/entities';
import { offerUrl, type Offer } from '../../../domain/offers';
import { formatDate, formatGuests, formatTime, formatTokyoDateTime, formatYen } from './format';
import { renderMail, type MailBlock, type RenderedMail } from './layout';

export type OfferMailKind = 'offer-sent' | 'offer-expiring' | 'offer-expired';

interface OfferTexts {
  greeting: (name: string) => string;
  footer: (email: string) => string;
  labels: { experience: string; date: string; time: string; guests: string; total: string; expires: string };
  messageTitle: string;
  sent: { subject: (title: string) => string; heading: string; intro: string; button: string };
  expiring: {
    subject: (title: string) => string;
    heading: string;
    intro: (at: string) => string;
    button: string;
  };
  expired: { subject: (title: string) => string; heading: string; intro: string };
}

const TEXTS: Record<GuestLocale, OfferTexts> = {
  en: {
    greeting: (name) => `Dear ${name},`,
    footer: (email) => `You received this e-mail because our concierge made an offer to ${email}.`,
    labels: {
      experience: 'Experience',
      date: 'Date',
      time: 'Start time',
      guests: 'Guests',
      total: 'Total price',
      expires: 'Valid until',
    },
    messageTitle: 'Message from your concierge',
    sent: {
      subject: (title) => `Your personal offer: ${title}`,
      heading: 'Your personal offer',
      intro:
        'Our concierge has prepared an offer for you. The time is reserved for you until the offer expires: book and pay through the link below.',
      button: 'View and book the offer',
    },
    expiring: {
      subject: (title) => `Your offer expires soon: ${title}`,
      heading: 'Your offer expires soon',
      intro: (at) => `Your personal offer is reserved for you until ${at}. Book it before then.`,
      button: 'Book the offer',
    },
    expired: {
      subject: (title) => `Your offer has expired: ${title}`,
      heading: 'Your offer has expired',
      intro:
        'The time of your personal offer has run out and the reserved time was released. Reply to your concierge if you would still like to go.',
    },
  },
  ja: {
    greeting: (name) => `${name} 様`,
    footer: (email) =>
      `このメールは、コンシェルジュが ${email} 宛てにご提案をお送りしたためお届けしています。`,
    labels: {
      experience: '体験',
      date: '日付',
      time: '開始時刻',
      guests: '人数',
      total: '合計金額',
      expires: '有効期限',
    },
    messageTitle: 'コンシェルジュからのメッセージ',
    sent: {
      subject: (title) => `お客様専用のご提案：${title}`,
      heading: 'お客様専用のご提案',
      intro:
        'コンシェルジュがご提案をご用意しました。有効期限まで日時を確保しております。下記のリンクからご予約・お支払いください。',
      button: 'ご提案を見て予約する',
    },
    expiring: {
      subject: (title) => `ご提案の有効期限が近づいています：${title}`,
      heading: 'ご提案の有効期限が近づいています',
      intro: (at) => `ご提案は ${at}まで確保しております。お早めにご予約ください。`,
      button: 'ご提案を予約する',
    },
    expired: {
      subject: (title) => `ご提案の有効期限が切れました：${title}`,
      heading: 'ご提案の有効期限が切れました',
      intro:
        'ご提案の有効期限が過ぎたため、確保していた日時を解放しました。ご希望の場合はコンシェルジュにご返信ください。',
    },
  },
  'zh-Hant': {
    greeting: (name) => `${name} 您好：`,
    footer: (email) => `您收到此郵件，是因為我們的禮賓專員向 ${email} 寄送了專屬方案。`,
    labels: {
      experience: '體驗',
      date: '日期',
      time: '開始時間',
      guests: '人數',
      total: '總金額',
      expires: '有效期限',
    },
    messageTitle: '禮賓專員的留言',
    sent: {
      subject: (title) => `您的專屬方案：${title}`,
      heading: '您的專屬方案',
      intro: '我們的禮賓專員為您準備了專屬方案。在方案到期前，此時段將為您保留；請透過下方連結預訂並付款。',
      button: '查看並預訂方案',
    },
    expiring: {
      subject: (title) => `您的方案即將到期：${title}`,
      heading: '您的方案即將到期',
      intro: (at) => `您的專屬方案將保留至 ${at}，請在此之前完成預訂。`,
      button: '預訂方案',
    },
    expired: {
      subject: (title) => `您的方案已到期：${title}`,
      heading: '您的方案已到期',
      intro: '您的專屬方案已到期，保留的時段已釋出。如仍有意參加，請回覆禮賓專員。',
    },
  },
  ko: {
    greeting: (name) => `${name} 님, 안녕하세요.`,
    footer: (email) => `컨시어지가 ${email}(으)로 제안을 보내 드려 이 메일을 받으셨습니다.`,
    labels: {
      experience: '체험',
      date: '날짜',
      time: '시작 시간',
      guests: '인원',
      total: '총 금액',
      expires: '유효 기한',
    },
    messageTitle: '컨시어지의 메시지',
    sent: {
      subject: (title) => `고객님만을 위한 제안: ${title}`,
      heading: '고객님만을 위한 제안',
      intro:
        '컨시어지가 제안을 준비했습니다. 제안이 만료될 때까지 시간을 확보해 두었습니다. 아래 링크에서 예약하고 결제해 주세요.',
      button: '제안 보기 및 예약',
    },
    expiring: {
      subject: (title) => `제안이 곧 만료됩니다: ${title}`,
      heading: '제안이 곧 만료됩니다',
      intro: (at) => `고객님의 제안은 ${at}까지 확보되어 있습니다. 그 전에 예약해 주세요.`,
      button: '제안 예약하기',
    },
    expired: {
      subject: (title) => `제안이 만료되었습니다: ${title}`,
      heading: '제안이 만료되었습니다',
      intro:
        '제안의 유효 기한이 지나 확보해 둔 시간이 해제되었습니다. 계속 원하시면 컨시어지에게 답장해 주세요.',
    },
  },
};

export interface OfferMailInput {
  offer: Offer;
  baseUrl: string;
  siteName: string;
}

function facts(offer: Offer, language: GuestLocale): MailBlock {
  const l = TEXTS[language].labels;
  return {
    kind: 'facts',
    rows: [
      [l.experience, offer.experienceTitle],
      [l.date, formatDate(offer.date, language)],
      [l.time, formatTime(offer.time, language)],
      [l.guests, formatGuests(offer.guests, language)],
      [l.total, formatYen(offer.totalAmount, language)],
      [l.expires, formatTokyoDateTime(offer.expiresAt, language)],
    ],
  };
}

export function offerMail(kind: OfferMailKind, input: OfferMailInput): RenderedMail {
  const { offer } = input;
  const language = offer.guest.locale;
  const t = TEXTS[language];
  const url = offerUrl(input.baseUrl, offer.token, language);
  const common = {
    language,
    siteName: input.siteName,
    greeting: t.greeting(offer.guest.name),
    footer: t.footer(offer.guest.email),
  };
  if (kind === 'offer-sent') {
    return renderMail({
      ...common,
      subject: t.sent.subject(offer.experienceTitle),
      preheader: t.sent.intro,
      heading: t.sent.heading,
      blocks: [
        { kind: 'paragraph', text: t.sent.intro },
        facts(offer, language),
        { kind: 'note', title: t.messageTitle, text: offer.message },
        { kind: 'button', label: t.sent.button, url },
      ],
    });
  }
  if (kind === 'offer-expiring') {
    const intro = t.expiring.intro(formatTokyoDateTime(offer.expiresAt, language));
    return renderMail({
      ...common,
      subject: t.expiring.subject(offer.experienceTitle),
      preheader: intro,
      heading: t.expiring.heading,
      blocks: [
        { kind: 'paragraph', text: intro },
        facts(offer, language),
        { kind: 'button', label: t.expiring.button, url },
      ],
    });
  }
  return renderMail({
    ...common,
    subject: t.expired.subject(offer.experienceTitle),
    preheader: t.expired.intro,
    heading: t.expired.heading,
    blocks: [{ kind: 'paragraph', text: t.expired.intro }, facts(offer, language)],
  });
}
