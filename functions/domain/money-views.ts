/**
 * What the money routes answer (DESIGN §6 wave 4), as the API writes it and the back offices read it: one
 * definition for both sides (STYLE §"hand-written API types that drift").
 */
import type { Earnings, PayoutStatus } from './money';

/** A row of `GET /api/host/earnings` (and the admin's copy). */
export interface EarningsRow {
  bookingId: string;
  reference: string;
  experienceTitle: string;
  tourDate: string;
  gross: number;
  platformFee: number;
  refunded: number;
  net: number;
  status: Earnings['status'];
  payoutId?: string;
  /** Beyond the contract: the tour's start, when the earnings become payable, and a dispute of the charge. */
  tourTime: string;
  payableAt: string;
  dispute?: Earnings['dispute'];
}

/** The totals beside the rows (from the host's counters). */
export interface EarningsTotalsView {
  upcoming: number;
  payable: number;
  onHold: number;
  paid: number;
  balance: number;
}

export interface EarningsPageView {
  items: EarningsRow[];
  totals: EarningsTotalsView;
  cursor?: string;
}

/** A payout as host and admin read it (the admin's with the host). */
export interface PayoutRow {
  id: string;
  amount: number;
  status: PayoutStatus;
  createdAt: string;
  arrivalDate?: string;
  bookingIds: string[];
  failureMessage?: string;
  hostId?: string;
  businessName?: string;
}

/** `GET /api/admin/ledger/summary`. */
export interface LedgerSummaryView {
  collected: number;
  refunded: number;
  platformFees: number;
  hostEarnings: number;
  paidOut: number;
  owedToHosts: number;
  onHold: number;
}

export const earningsRowOf = (e: Earnings): EarningsRow => ({
  bookingId: e.bookingId,
  reference: e.reference,
  experienceTitle: e.experienceTitle,
  tourDate: e.tourDate,
  tourTime: e.tourTime,
  gross: e.gross,
  platformFee: e.platformFee,
  refunded: e.refunded,
  net: e.net,
  status: e.status,
  payableAt: e.payableAt,
  ...(e.payoutId ? { payoutId: e.payoutId } : {}),
  ...(e.dispute ? { dispute: e.dispute } : {}),
});
