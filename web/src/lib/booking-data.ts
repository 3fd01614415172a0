/**
 * What the detail page hands to `/booking-form` (guest spec §3, "booking data passed between screens"). It goes
 * in the navigation state and, as a copy, in sessionStorage, so a reload of the booking form keeps the guest's
 * choice. The prices are only what the guest was shown: the server computes the amount it charges (DESIGN §3).
 */
import type { GuestLanguage } from '@domain/entities';
import type { GuestFormValues } from '@domain/schemas/guest-form';

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

/**
 * The unpaid hold the booking form created (`POST /api/bookings`), kept for this tab so the guest who reloads or
 * comes back to the form resumes it (same booking, same details) instead of being told the slot is gone, and so
 * the form can give it back when they leave. The client secret is what proves the hold is theirs.
 */
export interface HeldBooking {
  bookingId: string;
  reference: string;
  clientSecret: string;
  /** What the server will authorise (whole yen). */
  amount: number;
  /** The choice it holds: it resumes only on the booking form of that same choice. */
  choice: Pick<BookingData, 'experienceId' | 'date' | 'time' | 'guests' | 'language'>;
  /** The guest details it was made with (locked while it lasts). */
  guest: GuestFormValues;
  /** `Date.now()` when the hold was created. */
  heldAt: number;
}

/**
 * A hold lasts 15 minutes on the server; the form resumes it for 14, so a guest never pays into a hold that the
 * expiry job is about to end.
 */
export const HOLD_RESUMABLE_MS = 14 * 60_000;

const BOOKING_DATA_KEY = 'booking-data';
const PENDING_BOOKING_KEY = 'pending-booking';
const HELD_BOOKING_KEY = 'held-booking';

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

function isHeldBooking(value: unknown): value is HeldBooking {
  const v = value as Partial<HeldBooking> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.bookingId === 'string' &&
    typeof v.reference === 'string' &&
    typeof v.clientSecret === 'string' &&
    typeof v.amount === 'number' &&
    typeof v.heldAt === 'number' &&
    typeof v.choice === 'object' &&
    v.choice !== null &&
    typeof v.guest === 'object' &&
    v.guest !== null
  );
}

/** Whether a hold was made for this very choice (experience, date, time, guests, tour language). */
export function holdsChoice(held: HeldBooking, data: BookingData): boolean {
  const c = held.choice;
  return (
    c.experienceId === data.experienceId &&
    c.date === data.date &&
    c.time === data.time &&
    c.guests === data.guests &&
    c.language === data.language
  );
}

export const saveHeldBooking = (held: HeldBooking) => write(HELD_BOOKING_KEY, held);
export const loadHeldBooking = () => read(HELD_BOOKING_KEY, isHeldBooking);
export const clearHeldBooking = () => sessionStorage.removeItem(HELD_BOOKING_KEY);
