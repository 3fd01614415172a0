/** What the guest API shows of a booking: never payment intent ids, host ids or other internal fields. */
import type { Booking, BookingStatus } from '../domain/entities';

/** The answer of `POST /api/bookings/{id}/payment-confirmed` (and what the payment-event handler reports). */
export interface BookingStatusView {
  bookingId: string;
  reference: string;
  status: BookingStatus;
  amount: number;
  currency: 'JPY';
  date: string;
  time: string;
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
    guests: booking.guests,
  };
}
