/**
 * What the guest API shows of a booking and its experience: never payment intent ids, host ids or other internal
 * fields. The use cases build these views and the SPA reads the same types, so the two cannot drift.
 */
import { guestCancellationQuote, type GuestCancellationView } from './cancellation';
import type {
  Booking,
  BookingStatus,
  CancellingParty,
  Experience,
  GuestLanguage,
  RefundStatus,
} from './entities';
import { DEFAULT_REFUND_RULE, type RefundRule } from './refund-rule';
import { durationOf } from './tour-span';

export interface BookingStatusView {
  bookingId: string;
  reference: string;
  status: BookingStatus;
  amount: number;
  currency: 'JPY';
  date: string;
  time: string;
  /** The tour's length (DESIGN §4j): the booking's own, an hour for bookings from before tours had one. */
  durationMinutes: number;
  guests: number;
}

export function bookingStatusView(booking: Booking): BookingStatusView {
  return {
    bookingId: booking.id,
    reference: booking.reference,
    status: booking.status,
    amount: booking.amount,
    currency: booking.currency,
    date: booking.date,
    time: booking.time,
    durationMinutes: durationOf(booking),
    guests: booking.guests,
  };
}

export interface LookupBookingView {
  reference: string;
  status: BookingStatus;
  date: string;
  time: string;
  /** The tour's length: the lookup page shows start–end. */
  durationMinutes: number;
  guests: number;
  amount: number;
  currency: 'JPY';
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  specialRequests: string | null;
  language: GuestLanguage;
  createdAt: string;
  /** The refund rule the guest was promised (copied at request time). */
  refundRule: RefundRule;
  /** What cancelling now would return (DESIGN §6). */
  cancellation: GuestCancellationView;
  cancelledBy: CancellingParty | null;
  cancellationReason: string | null;
  refundAmount: number | null;
  refundStatus: RefundStatus | null;
}

export type LookupExperienceView = Pick<
  Experience,
  | 'id'
  | 'title'
  | 'price'
  | 'postalCode'
  | 'prefecture'
  | 'city'
  | 'district'
  | 'streetAddress'
  | 'building'
  | 'mapLat'
  | 'mapLng'
  | 'cancellationPolicy'
> & { businessName: string | null };

export interface LookupBookingResult {
  booking: LookupBookingView;
  /** Null only when the experience has since been deleted; the booking itself is still shown. */
  experience: LookupExperienceView | null;
}

export function lookupBookingView(booking: Booking, now: Date): LookupBookingView {
  return {
    reference: booking.reference,
    status: booking.status,
    date: booking.date,
    time: booking.time,
    durationMinutes: durationOf(booking),
    guests: booking.guests,
    amount: booking.amount,
    currency: booking.currency,
    firstName: booking.firstName,
    lastName: booking.lastName,
    email: booking.email,
    phone: booking.phone,
    specialRequests: booking.specialRequests,
    language: booking.language,
    createdAt: booking.createdAt,
    refundRule: booking.refundRule ?? DEFAULT_REFUND_RULE,
    cancellation: guestCancellationQuote(booking, now),
    cancelledBy: booking.cancelledBy ?? null,
    cancellationReason: booking.cancellationReason ?? null,
    refundAmount: booking.refundAmount ?? null,
    refundStatus: booking.refundStatus ?? null,
  };
}

export function lookupExperienceView(
  experience: Experience,
  businessName: string | null,
): LookupExperienceView {
  return {
    id: experience.id,
    title: experience.title,
    businessName,
    price: experience.price,
    postalCode: experience.postalCode,
    prefecture: experience.prefecture,
    city: experience.city,
    district: experience.district,
    streetAddress: experience.streetAddress,
    building: experience.building,
    mapLat: experience.mapLat,
    mapLng: experience.mapLng,
    cancellationPolicy: experience.cancellationPolicy,
  };
}

/**
 * Whether the lookup page offers a receipt (issue 28): something was charged and some of it kept, and no refund is
 * still on its way. A request (`pending`) is only authorised; an approved or completed booking was captured; a
 * cancelled one was captured when it has a refund status (null: released before capture), and keeps something when
 * the settled refund is less than the charge. The server decides on the ledger's figures (409 otherwise); this
 * only spares the guest a button that could not work.
 */
export function receiptAvailable(
  booking: Pick<LookupBookingView, 'status' | 'amount' | 'refundAmount' | 'refundStatus'>,
): boolean {
  if (booking.status === 'approved' || booking.status === 'completed') return booking.amount > 0;
  if (booking.status !== 'cancelled' || booking.refundStatus !== 'succeeded') return false;
  return (booking.refundAmount ?? 0) < booking.amount;
}
