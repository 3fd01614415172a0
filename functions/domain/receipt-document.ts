/**
 * The guest's receipt (領収書, issue 28; DESIGN §4g "Documents") as a document model: every text and number the
 * PDF prints, decided here and only laid out by the renderer (`adapters/documents/`), so a test of the model is a
 * test of what the guest reads. Pure: the issue time, the issuer and the amounts are passed in.
 *
 * What it must carry and why: a receipt that the platform, a registered issuer, gives for a tour is a simplified
 * qualified invoice (適格簡易請求書, 消費税法 第57条の4 第2項: travel and similar businesses for the general public
 * may issue it): the issuer's name and registration number, the date, what was bought, the amount paid per tax
 * rate and the tax (or the rate). The addressee is not required but a Japanese company expects 宛名 and 但し書き.
 * The amount is what the guest paid and kept paying: the charge less every refund, as the ledger has them.
 */
import { dateInZone, formatBookingDate, TOKYO_TIME_ZONE } from './calendar';
import { STANDARD_TAX_RATE_PERCENT, taxByRate } from './consumption-tax';
import type { GuestLocale } from './entities';
import { formatYenSymbol } from './pricing';

/** Who issues the documents: the platform (configuration: CDK context → Lambda environment). */
export interface DocumentIssuer {
  name: string;
  address: string;
  /** `T` + 13 digits. */
  invoiceRegistrationNumber: string;
}

/** A label in Japanese, and in the reader's language when that is not Japanese. */
export interface DocumentLabel {
  ja: string;
  local: string | null;
}

export interface ReceiptInput {
  locale: GuestLocale;
  /** `R-<reference>-<nn>`. */
  documentNumber: string;
  /** 1 for the first receipt of the booking; every later one is a reissue (再発行). */
  issueNumber: number;
  /** The document number of the receipt this one replaces (the previous issue), if any. */
  replaces: string | null;
  issuedAt: Date;
  issuer: DocumentIssuer;
  /** 宛名 as the guest typed it (the guest's name when they typed none). */
  addressee: string;
  /** 但し書き as the guest typed it (the experience when they typed none). */
  purpose: string;
  booking: {
    reference: string;
    experienceTitle: string;
    date: string;
    time: string;
    guests: number;
  };
  /** What the card was charged and what went back to it (refunds, a lost dispute), from the booking's earnings. */
  charged: number;
  refunded: number;
}

export interface DocumentRow {
  label: DocumentLabel;
  value: string;
}

export interface ReceiptDocument {
  locale: GuestLocale;
  fileName: string;
  title: DocumentLabel;
  /** `再発行` (and the reader's word) on every issue after the first. */
  reissue: DocumentLabel | null;
  documentNumber: string;
  issueDate: DocumentRow;
  /** `<addressee> 様`. */
  addressee: DocumentRow;
  /** The amount received, tax included: `¥19,000-`. */
  amount: { label: DocumentLabel; value: string; paid: number; taxNote: DocumentLabel };
  /** `但し <purpose>として`. */
  purpose: DocumentLabel;
  received: DocumentLabel;
  details: { heading: DocumentLabel; rows: DocumentRow[] };
  /** The consumption tax, computed once for the document (one rate: 10 %). */
  tax: { rows: DocumentRow[]; ratePercent: number; taxableTotal: number; tax: number };
  paymentMethod: DocumentRow;
  issuer: { heading: DocumentLabel; name: string; address: string; registration: DocumentRow };
}

type Words = Record<
  | 'title'
  | 'reissue'
  | 'replaces'
  | 'issueDate'
  | 'addressee'
  | 'amount'
  | 'taxIncluded'
  | 'purpose'
  | 'received'
  | 'details'
  | 'experience'
  | 'dateTime'
  | 'guests'
  | 'reference'
  | 'charged'
  | 'refunded'
  | 'paid'
  | 'taxable'
  | 'tax'
  | 'paymentMethod'
  | 'creditCard'
  | 'issuer'
  | 'registration',
  string
>;

/** `{purpose}`, `{previous}`, `{rate}` are filled in; Japanese is printed on every receipt, the others beside it. */
const WORDS: Record<GuestLocale, Words> = {
  ja: {
    title: '領収書',
    reissue: '再発行',
    replaces: '本書は No. {previous} に代わり再発行したものです',
    issueDate: '発行日',
    addressee: '宛名',
    amount: '領収金額',
    taxIncluded: '（税込）',
    purpose: '但し {purpose}として',
    received: '上記正に領収いたしました',
    details: '明細',
    experience: '体験',
    dateTime: '実施日時',
    guests: '人数',
    reference: '予約番号',
    charged: 'ご利用金額',
    refunded: '返金額',
    paid: '領収金額',
    taxable: '{rate}%対象（税込）',
    tax: 'うち消費税（{rate}%）',
    paymentMethod: 'お支払方法',
    creditCard: 'クレジットカード決済',
    issuer: '発行者',
    registration: '登録番号',
  },
  en: {
    title: 'Receipt',
    reissue: 'Reissued',
    replaces: 'This receipt replaces No. {previous}',
    issueDate: 'Date of issue',
    addressee: 'Received from',
    amount: 'Amount received',
    taxIncluded: '(tax included)',
    purpose: 'For: {purpose}',
    received: 'We acknowledge receipt of the amount above.',
    details: 'Details',
    experience: 'Experience',
    dateTime: 'Date and time',
    guests: 'Guests',
    reference: 'Booking ID',
    charged: 'Amount charged',
    refunded: 'Refunded',
    paid: 'Amount paid',
    taxable: 'Subject to {rate}% (tax included)',
    tax: 'of which consumption tax ({rate}%)',
    paymentMethod: 'Payment method',
    creditCard: 'Credit card',
    issuer: 'Issued by',
    registration: 'Invoice registration number',
  },
  'zh-Hant': {
    title: '收據',
    reissue: '補發',
    replaces: '本收據取代 No. {previous} 補發',
    issueDate: '開立日期',
    addressee: '抬頭',
    amount: '收款金額',
    taxIncluded: '（含稅）',
    purpose: '用途：{purpose}',
    received: '上述金額已如數收訖。',
    details: '明細',
    experience: '體驗',
    dateTime: '日期與時間',
    guests: '人數',
    reference: '預約編號',
    charged: '付款金額',
    refunded: '退款金額',
    paid: '實收金額',
    taxable: '{rate}%稅率對象（含稅）',
    tax: '其中消費稅（{rate}%）',
    paymentMethod: '付款方式',
    creditCard: '信用卡',
    issuer: '開立人',
    registration: '適格請求書登錄號碼',
  },
  ko: {
    title: '영수증',
    reissue: '재발행',
    replaces: '본 영수증은 No. {previous}를 대신하여 재발행되었습니다',
    issueDate: '발행일',
    addressee: '수신',
    amount: '영수 금액',
    taxIncluded: '(세금 포함)',
    purpose: '내역: {purpose}',
    received: '위 금액을 정히 영수합니다.',
    details: '명세',
    experience: '체험',
    dateTime: '일시',
    guests: '인원',
    reference: '예약 번호',
    charged: '결제 금액',
    refunded: '환불 금액',
    paid: '영수 금액',
    taxable: '{rate}% 과세 대상 (세금 포함)',
    tax: '그중 소비세 ({rate}%)',
    paymentMethod: '결제 방법',
    creditCard: '신용카드',
    issuer: '발행자',
    registration: '적격청구서 등록번호',
  },
};

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

function labelOf(locale: GuestLocale, key: keyof Words, values: Record<string, string | number> = {}) {
  return {
    ja: fill(WORDS.ja[key], values),
    local: locale === 'ja' ? null : fill(WORDS[locale][key], values),
  };
}

/** A calendar date as a document prints it: `2026年11月26日` / `2026-11-26` / `2026년 11월 26일`. */
export function formatDocumentDate(date: string, locale: GuestLocale): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (locale === 'ja' || locale === 'zh-Hant') return `${year}年${month}月${day}日`;
  if (locale === 'ko') return `${year}년 ${month}월 ${day}일`;
  return date;
}

/** `R-ABC123-01`: the booking's reference and the issue's number, so a number names one receipt for ever. */
export function receiptDocumentNumber(reference: string, issueNumber: number): string {
  return `R-${reference}-${String(issueNumber).padStart(2, '0')}`;
}

/** The amount a receipt states: what was charged, less what went back. */
export function receiptAmount(charged: number, refunded: number): number {
  if (
    !Number.isSafeInteger(charged) ||
    !Number.isSafeInteger(refunded) ||
    refunded < 0 ||
    refunded > charged
  ) {
    throw new RangeError(`refunded ${refunded} must be 0 … charged ${charged}`);
  }
  return charged - refunded;
}

export function receiptDocument(input: ReceiptInput): ReceiptDocument {
  const { locale } = input;
  const label = (key: keyof Words, values?: Record<string, string | number>) => labelOf(locale, key, values);
  const paid = receiptAmount(input.charged, input.refunded);
  const [rate] = taxByRate([{ amount: paid, ratePercent: STANDARD_TAX_RATE_PERCENT }]) as [
    { ratePercent: number; total: number; tax: number },
  ];
  const ratePercent = rate.ratePercent;
  const reissued = input.issueNumber > 1;
  return {
    locale,
    fileName: `receipt-${input.documentNumber}.pdf`,
    title: label('title'),
    reissue: reissued ? label('reissue') : null,
    documentNumber: input.documentNumber,
    issueDate: {
      label: label('issueDate'),
      value: formatDocumentDate(dateInZone(input.issuedAt, TOKYO_TIME_ZONE), locale),
    },
    addressee: { label: label('addressee'), value: `${input.addressee} 様` },
    amount: {
      label: label('amount'),
      value: `${formatYenSymbol(paid)}-`,
      paid,
      taxNote: label('taxIncluded'),
    },
    purpose: label('purpose', { purpose: input.purpose }),
    received: label('received'),
    details: {
      heading: label('details'),
      rows: [
        { label: label('reference'), value: input.booking.reference },
        { label: label('experience'), value: input.booking.experienceTitle },
        {
          label: label('dateTime'),
          value: `${formatBookingDate(input.booking.date, locale)} ${input.booking.time} (JST)`,
        },
        { label: label('guests'), value: String(input.booking.guests) },
        { label: label('charged'), value: formatYenSymbol(input.charged) },
        ...(input.refunded > 0
          ? [{ label: label('refunded'), value: `-${formatYenSymbol(input.refunded)}` }]
          : []),
        { label: label('paid'), value: formatYenSymbol(paid) },
        ...(reissued && input.replaces
          ? [{ label: label('reissue'), value: fill(WORDS[locale].replaces, { previous: input.replaces }) }]
          : []),
      ],
    },
    tax: {
      rows: [
        { label: label('taxable', { rate: ratePercent }), value: formatYenSymbol(rate.total) },
        { label: label('tax', { rate: ratePercent }), value: formatYenSymbol(rate.tax) },
      ],
      ratePercent,
      taxableTotal: rate.total,
      tax: rate.tax,
    },
    paymentMethod: {
      label: label('paymentMethod'),
      // クレジットカード決済 on every receipt; the reader's words beside it.
      value: locale === 'ja' ? WORDS.ja.creditCard : `${WORDS.ja.creditCard} (${WORDS[locale].creditCard})`,
    },
    issuer: {
      heading: label('issuer'),
      name: input.issuer.name,
      address: input.issuer.address,
      registration: { label: label('registration'), value: input.issuer.invoiceRegistrationNumber },
    },
  };
}
