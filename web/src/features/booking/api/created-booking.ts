/** The answer of `POST /api/bookings` and of `POST /api/offers/{token}/book` (DESIGN §6): an unpaid hold to pay. */
export interface CreatedBooking {
  bookingId: string;
  reference: string;
  status: 'awaiting_payment';
  amount: number;
  currency: 'JPY';
  payment: { provider: 'stripe' | 'local'; clientSecret: string };
}
