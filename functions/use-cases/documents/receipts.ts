/**
 * `POST /api/bookings/receipt` (issue 28): the guest's receipt as a PDF. The guest is identified exactly as the
 * lookup identifies them (the same `not_found` for any mismatch, the same attempt limits), then the receipt states
 * what the booking's earnings say was charged and given back: the ledger's numbers, never recomputed. Every issue is
 * recorded with its number; the second and later receipts of a booking say 再発行 and name the one they replace.
 */
import type { Booking } from '../../domain/entities';
import { DomainError } from '../../domain/errors';
import {
  receiptAmount,
  receiptDocument,
  receiptDocumentNumber,
  type DocumentIssuer,
} from '../../domain/receipt-document';
import type { ReceiptRequest } from '../../domain/schemas/documents';
import { makeIdentifyGuestBooking, type LookupBookingDeps } from '../lookup-booking';
import type { MoneyRepository } from '../money-ports';
import { countAttempt, type RateRule } from '../rate-limits';
import type { DocumentRenderer, IssuedReceipt, ReceiptLog } from './document-ports';

export const receiptMessages = {
  nothingCharged: 'Nothing was charged for this booking, so there is no receipt.',
  refundInProgress:
    'A refund of this booking is still being processed. Please try again once it is complete.',
  tooMany: 'Too many receipts for this booking. Please try again later.',
  busy: 'The receipt could not be issued right now. Please try again.',
} as const;

/**
 * Receipts one booking may be issued per hour, whoever asks: each is recorded and rendered, and a guest needs one
 * or two (a reissue after a refund, another addressee).
 */
export const RECEIPTS_PER_BOOKING: RateRule = { limit: 20, windowSeconds: 60 * 60 };

export interface ReceiptDeps extends LookupBookingDeps {
  money: Pick<MoneyRepository, 'earningsOf'>;
  receipts: ReceiptLog;
  renderer: DocumentRenderer;
  issuer: DocumentIssuer;
}

export interface IssuedReceiptFile {
  receipt: IssuedReceipt;
  fileName: string;
  pdf: Uint8Array;
}

/** The guest's name as a Japanese addressee writes it (family name first), or as the guest wrote it. */
function guestName(booking: Booking): string {
  return booking.guestLocale === 'ja'
    ? `${booking.lastName} ${booking.firstName}`
    : `${booking.firstName} ${booking.lastName}`;
}

/** Two requests at once take numbers n and n + 1; more than this many losses in a row is a fault, not a race. */
const NUMBERING_ATTEMPTS = 5;

export function makeIssueReceipt(deps: ReceiptDeps) {
  const identify = makeIdentifyGuestBooking(deps);
  return async function issueReceipt(request: ReceiptRequest, clientKey: string): Promise<IssuedReceiptFile> {
    const { booking } = await identify(request, clientKey);
    const earnings = await deps.money.earningsOf(booking.id);
    // Nothing captured (a request, a denial, an expiry, a request cancelled) or everything given back.
    if (!earnings || receiptAmount(earnings.gross, earnings.refunded) === 0) {
      throw new DomainError('state_conflict', receiptMessages.nothingCharged);
    }
    // A refund decided but not settled: the amount is about to change, and a receipt now would overstate it.
    if (booking.refundStatus === 'pending' || booking.refundStatus === 'failed') {
      throw new DomainError('state_conflict', receiptMessages.refundInProgress);
    }
    await countAttempt(deps.rateLimiter, `receipt:booking:${booking.id}`, RECEIPTS_PER_BOOKING, {
      message: receiptMessages.tooMany,
    });

    for (let attempt = 0; attempt < NUMBERING_ATTEMPTS; attempt++) {
      const latest = await deps.receipts.latest(booking.id);
      const issueNumber = (latest?.issueNumber ?? 0) + 1;
      const issuedAt = deps.clock();
      const model = receiptDocument({
        locale: booking.guestLocale,
        documentNumber: receiptDocumentNumber(booking.reference, issueNumber),
        issueNumber,
        replaces: latest?.documentNumber ?? null,
        issuedAt,
        issuer: deps.issuer,
        addressee: request.addressee ?? guestName(booking),
        purpose: request.purpose ?? booking.experienceTitle,
        booking: {
          reference: booking.reference,
          experienceTitle: booking.experienceTitle,
          date: booking.date,
          time: booking.time,
          guests: booking.guests,
        },
        charged: earnings.gross,
        refunded: earnings.refunded,
      });
      // Rendered before it is recorded: a recorded receipt is one the guest got.
      const pdf = await deps.renderer.receipt(model);
      const receipt: IssuedReceipt = {
        bookingId: booking.id,
        issueNumber,
        documentNumber: model.documentNumber,
        amount: model.amount.paid,
        tax: model.tax.tax,
        addressee: request.addressee ?? guestName(booking),
        purpose: request.purpose ?? booking.experienceTitle,
        locale: booking.guestLocale,
        issuedAt: issuedAt.toISOString(),
      };
      if (await deps.receipts.record(receipt)) return { receipt, fileName: model.fileName, pdf };
    }
    throw new DomainError('service_unavailable', receiptMessages.busy);
  };
}

export type IssueReceipt = ReturnType<typeof makeIssueReceipt>;
