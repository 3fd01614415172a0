/**
 * The ports of the documents (issue 28): the renderer that makes a PDF of a document model, and the record of every
 * receipt issued. Adapters: `adapters/documents/pdf-documents.ts`, `adapters/dynamodb/receipt-log.ts`.
 */
import type { ReceiptDocument } from '../../domain/receipt-document';
import type { StatementDocument } from '../../domain/statement-document';

export interface DocumentRenderer {
  receipt(model: ReceiptDocument): Promise<Uint8Array>;
  statement(model: StatementDocument): Promise<Uint8Array>;
}

/** One receipt as issued: its number, what it stated and when (kept for as long as the booking). */
export interface IssuedReceipt {
  bookingId: string;
  /** 1, 2, …: the n-th receipt of the booking. */
  issueNumber: number;
  documentNumber: string;
  /** The amount received it stated (charge less refunds) and the consumption tax in it. */
  amount: number;
  tax: number;
  addressee: string;
  purpose: string;
  locale: string;
  issuedAt: string;
}

export interface ReceiptLog {
  /** The booking's latest receipt, or null before the first. */
  latest(bookingId: string): Promise<IssuedReceipt | null>;
  /**
   * Records an issue, unless one of its number exists (a concurrent request took it): `false` then, and nothing
   * is written.
   */
  record(receipt: IssuedReceipt): Promise<boolean>;
  /** Every receipt of the booking, first first. */
  list(bookingId: string): Promise<IssuedReceipt[]>;
}
