/** The early-tap key (lib/early-taps.ts) of the booking request form's "Next", shared by the form and its placeholder. */
export const BOOKING_NEXT_TAP = 'booking-next';
