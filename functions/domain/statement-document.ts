/**
 * The host's monthly statement (支払通知書, issue 28; DESIGN §4g "Documents") as a document model: every booking of
 * the month with its gross, platform fee, refunds and net, the month's payouts, and the platform fee as a qualified
 * invoice (適格請求書) of the platform. Pure: the rows come from the ledger's side of the table (each booking's
 * earnings are written in the same transaction as its ledger entries), the issue time and the issuer are passed in.
 *
 * Which month a booking belongs to: the month of its tour date (Tokyo), the same key the earnings list and its
 * CSV filter on. A booking requested in October for a November tour is on November's statement, with every refund
 * it has had by the time the statement is made. Payouts belong to the month they were made in.
 *
 * The platform fee as a qualified invoice (消費税法 第57条の4 第1項): the issuer's name and registration number, the
 * period, what the fee is for, the fee total per rate (tax included), the rate and the tax computed once for the
 * document (消費税法施行令 第70条の10), and the recipient (the host). Fees given back with refunds are deducted
 * from the month's total, so the statement also serves as the return invoice (適格返還請求書) for them.
 */
import { TOKYO_TIME_ZONE, daysInMonth, monthInZone, dateInZone } from './calendar';
import { STANDARD_TAX_RATE_PERCENT, taxByRate } from './consumption-tax';
import { earningsStatusLabel } from './earnings-csv';
import { DomainError } from './errors';
import type { Earnings, PayoutStatus } from './money';
import { formatYenSymbol } from './pricing';
import type { DocumentIssuer } from './receipt-document';

export const statementMonthMessages = {
  malformed: '対象月は「2026-11」のように年と月（yyyy-MM）で指定してください',
  future: '未来の月の支払通知書は作成できません',
  notFound: 'この月の売上・振込はありません',
} as const;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * One line of the statements list (`GET /api/host/statements`, the admin's copy): a month with activity and its
 * figures, summed from the same rows as the month's statement.
 */
export interface StatementMonthView {
  month: string;
  bookings: number;
  gross: number;
  platformFee: number;
  refunded: number;
  net: number;
  /** Payouts made in the month (failed ones excluded). */
  paidOut: number;
  payouts: number;
}

export interface StatementMonth {
  month: string;
  /** First and last tour date of the month, `yyyy-MM-dd`. */
  from: string;
  to: string;
}

/** Whether `value` is a month a statement can be asked for at all (`yyyy-MM`, year 2000 on), whatever the clock. */
export const isStatementMonthForm = (value: string): boolean => {
  const match = MONTH_PATTERN.exec(value);
  return match !== null && Number(match[1]) >= 2000;
};

/**
 * `yyyy-MM` of a statement: a real month no later than the current Tokyo month (the current one is in progress
 * and says so). Anything else is a 400 with a Japanese message on `fields.month`.
 */
export function parseStatementMonth(value: string, now: Date): StatementMonth {
  if (!isStatementMonthForm(value)) {
    throw new DomainError('validation_failed', statementMonthMessages.malformed, {
      month: statementMonthMessages.malformed,
    });
  }
  if (value > monthInZone(now, TOKYO_TIME_ZONE)) {
    throw new DomainError('validation_failed', statementMonthMessages.future, {
      month: statementMonthMessages.future,
    });
  }
  const [year, month] = value.split('-').map(Number) as [number, number];
  const days = daysInMonth(year, month);
  return { month: value, from: `${value}-01`, to: `${value}-${String(days).padStart(2, '0')}` };
}

export type StatementBooking = Pick<
  Earnings,
  | 'bookingId'
  | 'reference'
  | 'experienceTitle'
  | 'tourDate'
  | 'gross'
  | 'platformFee'
  | 'refunded'
  | 'net'
  | 'status'
  | 'payoutId'
>;

export interface StatementPayout {
  id: string;
  createdAt: string;
  arrivalDate: string | null;
  amount: number;
  status: PayoutStatus;
}

export interface StatementInput {
  month: string;
  issuedAt: Date;
  documentNumber: string;
  issuer: DocumentIssuer;
  host: { id: string; businessName: string; invoiceRegistrationNumber: string | null };
  bookings: readonly StatementBooking[];
  payouts: readonly StatementPayout[];
}

export interface StatementTotals {
  gross: number;
  platformFee: number;
  refunded: number;
  net: number;
}

export interface StatementDocument {
  fileName: string;
  title: string;
  documentNumber: string;
  /** `2026年11月分（ツアー実施日 2026年11月1日〜30日）`. */
  period: string;
  issueDate: string;
  /** True while the month is not over: the figures may still change. */
  inProgress: boolean;
  recipient: { name: string; registration: string | null };
  issuer: DocumentIssuer;
  bookings: {
    header: string[];
    rows: string[][];
    totals: StatementTotals;
    totalsRow: string[];
  };
  payouts: { header: string[]; rows: string[][]; total: number; totalRow: string[] };
  /** The platform fee as a qualified invoice: one rate, its total and its tax, computed once. */
  invoice: {
    heading: string;
    rows: { label: string; value: string }[];
    ratePercent: number;
    feeTotal: number;
    tax: number;
  };
  notes: string[];
}

const payoutStatusJa: Record<PayoutStatus, string> = {
  scheduled: '振込手続き中',
  paid: '振込完了',
  failed: '振込失敗',
};

const jaDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${y}年${m}月${d}日`;
};

/** `ST-202611-<first 8 of the host's id>`: one statement per host and month, whenever it is made. */
export function statementDocumentNumber(month: string, hostId: string): string {
  return `ST-${month.replace('-', '')}-${hostId
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase()}`;
}

/** Sums of the month's bookings (exact integers). */
export function statementTotals(bookings: readonly StatementBooking[]): StatementTotals {
  return bookings.reduce(
    (t, b) => ({
      gross: t.gross + b.gross,
      platformFee: t.platformFee + b.platformFee,
      refunded: t.refunded + b.refunded,
      net: t.net + b.net,
    }),
    { gross: 0, platformFee: 0, refunded: 0, net: 0 },
  );
}

/** Payouts count toward the month unless they failed (a failed payout's money went back to the balance). */
export const payoutCounts = (p: Pick<StatementPayout, 'status'>) => p.status !== 'failed';

export function statementDocument(input: StatementInput): StatementDocument {
  const [year, month] = input.month.split('-').map(Number) as [number, number];
  const lastDay = daysInMonth(year, month);
  const bookings = [...input.bookings].sort(
    (a, b) => a.tourDate.localeCompare(b.tourDate) || a.reference.localeCompare(b.reference),
  );
  const payouts = [...input.payouts].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const totals = statementTotals(bookings);
  const [fee] = taxByRate([{ amount: totals.platformFee, ratePercent: STANDARD_TAX_RATE_PERCENT }]) as [
    { ratePercent: number; total: number; tax: number },
  ];
  const paidOut = payouts.filter(payoutCounts).reduce((s, p) => s + p.amount, 0);
  const yen = formatYenSymbol;
  const issueDay = dateInZone(input.issuedAt, TOKYO_TIME_ZONE);
  return {
    fileName: `statement-${input.month}.pdf`,
    title: '支払通知書',
    documentNumber: input.documentNumber,
    period: `${year}年${month}月分（ツアー実施日 ${year}年${month}月1日〜${lastDay}日）`,
    issueDate: jaDate(issueDay),
    inProgress: monthInZone(input.issuedAt, TOKYO_TIME_ZONE) <= input.month,
    recipient: { name: `${input.host.businessName} 様`, registration: input.host.invoiceRegistrationNumber },
    issuer: input.issuer,
    bookings: {
      header: [
        '予約番号',
        'ツアー日',
        '体験',
        '売上（税込）',
        '手数料（税込）',
        '返金',
        '差引受取額',
        '状況',
      ],
      rows: bookings.map((b) => [
        b.reference,
        jaDate(b.tourDate),
        b.experienceTitle,
        yen(b.gross),
        yen(b.platformFee),
        yen(b.refunded),
        yen(b.net),
        earningsStatusLabel(b),
      ]),
      totals,
      totalsRow: [
        `合計 ${bookings.length}件`,
        '',
        '',
        yen(totals.gross),
        yen(totals.platformFee),
        yen(totals.refunded),
        yen(totals.net),
        '',
      ],
    },
    payouts: {
      header: ['振込日', '着金予定日', '振込額', '状況'],
      rows: payouts.map((p) => [
        jaDate(dateInZone(new Date(p.createdAt), TOKYO_TIME_ZONE)),
        p.arrivalDate ? jaDate(p.arrivalDate) : '—',
        yen(p.amount),
        payoutStatusJa[p.status],
      ]),
      total: paidOut,
      totalRow: ['振込額合計（失敗を除く）', '', yen(paidOut), ''],
    },
    invoice: {
      heading: '適格請求書（プラットフォーム手数料）',
      rows: [
        { label: '取引内容', value: `予約の仲介・決済サービスの手数料（${year}年${month}月実施分）` },
        { label: `手数料合計（${fee.ratePercent}%対象・税込）`, value: yen(fee.total) },
        { label: `消費税額（${fee.ratePercent}%）`, value: yen(fee.tax) },
        { label: '適用税率', value: `${fee.ratePercent}%` },
      ],
      ratePercent: fee.ratePercent,
      feeTotal: fee.total,
      tax: fee.tax,
    },
    notes: [
      '金額は発行時点の台帳の値です（返金済みの手数料は差し引いて記載しています）。',
      '消費税額は本書の手数料合計から一度だけ計算し、1円未満を切り捨てています。',
      'ツアー実施日の月ごとに予約を集計しています。振込はその月に行ったものを記載しています。',
    ],
  };
}
