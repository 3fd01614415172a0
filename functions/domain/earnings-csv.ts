/**
 * The host's earnings as CSV for Excel in Japan (DESIGN §6 wave 4, `GET /api/host/earnings.csv`): UTF-8 with a
 * byte-order mark, CRLF, Japanese headers, the same cell rules as the booking export (formulas neutralised).
 */
import { CSV_BOM, csvCell, csvDate, tokyoDateTime } from './booking-csv';
import type { Earnings, EarningsStatus } from './money';

export const earningsStatusLabels: Record<EarningsStatus, string> = {
  upcoming: '確定待ち',
  payable: '振込予定',
  on_hold: '保留中',
  paid: '振込済',
};

/** What a row's status means to a host: a settled row that never went into a payout was refunded in full. */
export function earningsStatusLabel(e: Pick<Earnings, 'status' | 'payoutId' | 'net'>): string {
  if (e.status === 'paid' && !e.payoutId) return '精算済（返金・チャージバック）';
  return earningsStatusLabels[e.status];
}

const HEADER = [
  '予約番号',
  '体験',
  '体験日',
  '開始時刻',
  '売上（税込）',
  'プラットフォーム手数料',
  '返金',
  '受取額',
  '状態',
  '振込可能日時',
  '振込ID',
];

export function earningsCsv(rows: readonly Earnings[]): string {
  const lines = [HEADER.map(csvCell).join(',')];
  for (const e of rows) {
    lines.push(
      [
        csvCell(e.reference),
        csvCell(e.experienceTitle),
        csvCell(csvDate(e.tourDate)),
        csvCell(e.tourTime),
        csvCell(e.gross),
        csvCell(e.platformFee),
        csvCell(e.refunded),
        csvCell(e.net),
        csvCell(earningsStatusLabel(e)),
        csvCell(tokyoDateTime(e.payableAt)),
        csvCell(e.payoutId),
      ].join(','),
    );
  }
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
