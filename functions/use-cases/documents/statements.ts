/**
 * The host's monthly statements (issue 28): `GET /api/host/statements/{yyyy-MM}` (the signed-in host's) and the
 * admin's copy of any host's, as a PDF, and the months a host has statements for. A booking belongs to the month of
 * its tour date (the earnings' own index, so a month is one query); a payout to the month it was made in. The rows
 * are the bookings' earnings, which every money event writes in the same transaction as its ledger entry, so the
 * statement's totals are the ledger's to the yen (`test/integration/api/documents.int.test.ts` checks them against
 * the entries).
 */
import {
  TOKYO_TIME_ZONE,
  addDays,
  daysInMonth,
  monthInZone,
  tokyoDateTimeToInstant,
} from '../../domain/calendar';
import { DomainError } from '../../domain/errors';
import type { Earnings } from '../../domain/money';
import type { DocumentIssuer } from '../../domain/receipt-document';
import {
  parseStatementMonth,
  payoutCounts,
  statementDocument,
  statementDocumentNumber,
  statementMonthMessages,
  statementTotals,
  type StatementMonthView,
  type StatementPayout,
} from '../../domain/statement-document';
import type { MoneyRepository, Payout } from '../money-ports';
import type { HostRepository, Page, PageRequest } from '../ports';
import type { DocumentRenderer } from './document-ports';

export const STATEMENT_HOST_NOT_FOUND_MESSAGE = 'ホストが見つかりません';

/** How far back the list of statements reaches (older months stay downloadable by their address). */
export const STATEMENT_MONTHS_LISTED = 12;

export interface StatementDeps {
  hosts: Pick<HostRepository, 'get'>;
  money: Pick<MoneyRepository, 'listHostEarnings' | 'listHostPayouts'>;
  renderer: DocumentRenderer;
  issuer: DocumentIssuer;
  clock: () => Date;
}

const PAGE = 100;

/** The instants a Tokyo month spans, for the payouts' time-ordered keys. */
function monthInstants(from: string, to: string): { from: string; to: string } {
  const start = tokyoDateTimeToInstant(from, '00:00');
  const end = new Date(tokyoDateTimeToInstant(addDays(to, 1), '00:00').getTime() - 1);
  return { from: start.toISOString(), to: end.toISOString() };
}

const payoutRow = (p: Payout): StatementPayout => ({
  id: p.id,
  createdAt: p.createdAt,
  arrivalDate: p.arrivalDate,
  amount: p.amount,
  // A payout still being created reads as scheduled, as everywhere else.
  status: p.status === 'creating' ? 'scheduled' : p.status,
});

export function makeStatements(deps: StatementDeps) {
  /** Every page of a listing, cursor after cursor. */
  async function allPages<T>(list: (page: PageRequest) => Promise<Page<T>>): Promise<T[]> {
    const out: T[] = [];
    let cursor: string | undefined;
    do {
      const page = await list({ limit: PAGE, ...(cursor ? { cursor } : {}) });
      out.push(...page.items);
      cursor = page.cursor;
    } while (cursor);
    return out;
  }

  const allEarnings = (hostId: string, from: string, to: string): Promise<Earnings[]> =>
    allPages((page) => deps.money.listHostEarnings(hostId, { from, to, ...page }));

  const allPayouts = (hostId: string, from: string, to: string): Promise<Payout[]> => {
    const range = monthInstants(from, to);
    return allPages((page) => deps.money.listHostPayouts(hostId, { ...range, ...page }));
  };

  return {
    /** The month's statement as a PDF; 400 for a malformed or future month, 404 when nothing happened in it. */
    async statement(hostId: string, monthText: string): Promise<{ fileName: string; pdf: Uint8Array }> {
      const now = deps.clock();
      const month = parseStatementMonth(monthText, now);
      const host = await deps.hosts.get(hostId);
      if (!host) throw new DomainError('not_found', STATEMENT_HOST_NOT_FOUND_MESSAGE);
      const [bookings, payouts] = await Promise.all([
        allEarnings(hostId, month.from, month.to),
        allPayouts(hostId, month.from, month.to),
      ]);
      if (bookings.length === 0 && payouts.length === 0) {
        throw new DomainError('not_found', statementMonthMessages.notFound);
      }
      const model = statementDocument({
        month: month.month,
        issuedAt: now,
        documentNumber: statementDocumentNumber(month.month, hostId),
        issuer: deps.issuer,
        host: {
          id: host.id,
          businessName: host.businessName,
          invoiceRegistrationNumber: host.invoiceRegistrationNumber ?? null,
        },
        bookings,
        payouts: payouts.map(payoutRow),
      });
      return { fileName: model.fileName, pdf: await deps.renderer.statement(model) };
    },

    /**
     * The months of the last year (this one included) with a booking or a payout, newest first, with their
     * figures: one query of the earnings and one of the payouts for the whole span.
     */
    async months(hostId: string): Promise<{ items: StatementMonthView[] }> {
      const host = await deps.hosts.get(hostId);
      if (!host) throw new DomainError('not_found', STATEMENT_HOST_NOT_FOUND_MESSAGE);
      const current = monthInZone(deps.clock(), TOKYO_TIME_ZONE);
      const [year, monthNumber] = current.split('-').map(Number) as [number, number];
      const firstIndex = year * 12 + (monthNumber - 1) - (STATEMENT_MONTHS_LISTED - 1);
      const first = `${Math.floor(firstIndex / 12)}-${String((firstIndex % 12) + 1).padStart(2, '0')}`;
      const from = `${first}-01`;
      const to = `${current}-${String(daysInMonth(year, monthNumber)).padStart(2, '0')}`;
      const [earnings, payouts] = await Promise.all([
        allEarnings(hostId, from, to),
        allPayouts(hostId, from, to),
      ]);
      const byMonth = new Map<string, { bookings: Earnings[]; payouts: Payout[] }>();
      const entry = (m: string) => {
        let e = byMonth.get(m);
        if (!e) byMonth.set(m, (e = { bookings: [], payouts: [] }));
        return e;
      };
      for (const e of earnings) entry(e.tourDate.slice(0, 7)).bookings.push(e);
      for (const p of payouts) entry(monthInZone(new Date(p.createdAt), TOKYO_TIME_ZONE)).payouts.push(p);
      const items = [...byMonth.entries()]
        .sort(([a], [b]) => b.localeCompare(a))
        .map(([month, { bookings, payouts: made }]) => {
          const counted = made.map(payoutRow).filter(payoutCounts);
          return {
            month,
            bookings: bookings.length,
            ...statementTotals(bookings),
            paidOut: counted.reduce((s, p) => s + p.amount, 0),
            payouts: counted.length,
          };
        });
      return { items };
    },
  };
}

export type Statements = ReturnType<typeof makeStatements>;
