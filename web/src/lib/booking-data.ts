/**
 * What the detail page hands to `/booking-form` (guest spec §3, "booking data passed between screens"). It goes
 * in the navigation state and, as a copy, in sessionStorage, so a reload of the booking form keeps the guest's
 * choice. The prices are only what the guest was shown: the server computes the amount it charges (DESIGN §3).
 */
import type { GuestLanguage } from '@domain/entities';

export interface BookingData {
  experienceId: string;
  date: string;
  time: string;
  guests: number;
  language: GuestLanguage;
  unitPrice: number;
  totalPrice: number;
}

/** After `POST /api/bookings`: what the completion page needs to find the booking again (also after a redirect). */
export interface PendingBooking {
  bookingId: string;
  reference: string;
  email: string;
}

const BOOKING_DATA_KEY = 'booking-data';
const PENDING_BOOKING_KEY = 'pending-booking';

function read<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full storage: the navigation state still carries the data.
  }
}

export function isBookingData(value: unknown): value is BookingData {
  const v = value as Partial<BookingData> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.experienceId === 'string' &&
    typeof v.date === 'string' &&
    typeof v.time === 'string' &&
    typeof v.guests === 'number' &&
    (v.language === 'en' || v.language === 'ja') &&
    typeof v.unitPrice === 'number' &&
    typeof v.totalPrice === 'number'
  );
}

function isPendingBooking(value: unknown): value is PendingBooking {
  const v = value as Partial<PendingBooking> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.bookingId === 'string' &&
    typeof v.reference === 'string' &&
    typeof v.email === 'string'
  );
}

export const saveBookingData = (data: BookingData) => write(BOOKING_DATA_KEY, data);
export const loadBookingData = () => read(BOOKING_DATA_KEY, isBookingData);
export const clearBookingData = () => sessionStorage.removeItem(BOOKING_DATA_KEY);
export const savePendingBooking = (data: PendingBooking) => write(PENDING_BOOKING_KEY, data);
export const loadPendingBooking = () => read(PENDING_BOOKING_KEY, isPendingBooking);
export const clearPendingBooking = () => sessionStorage.removeItem(PENDING_BOOKING_KEY);
