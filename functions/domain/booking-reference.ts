/**
 * Booking references: the 6-character ID a guest types to look up a booking (A–Z and 0–9, DESIGN §3).
 * Randomness is an argument so the domain stays pure; the adapter passes a cryptographic source (e.g.
 * `crypto.randomInt`). Uniqueness is enforced by the repository, which makes the caller draw again on collision.
 */
export const BOOKING_REFERENCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const BOOKING_REFERENCE_LENGTH = 6;

const REFERENCE_PATTERN = /^[A-Z0-9]{6}$/;

/** `randomInt(n)` must return an integer in `[0, n)`, uniformly. */
export function generateBookingReference(randomInt: (maxExclusive: number) => number): string {
  let reference = '';
  for (let i = 0; i < BOOKING_REFERENCE_LENGTH; i++) {
    const index = randomInt(BOOKING_REFERENCE_ALPHABET.length);
    if (!Number.isInteger(index) || index < 0 || index >= BOOKING_REFERENCE_ALPHABET.length) {
      // A broken source would silently produce skewed or malformed references: fail loudly instead.
      throw new RangeError(`randomInt returned ${index}, expected an integer in [0, 36)`);
    }
    reference += BOOKING_REFERENCE_ALPHABET[index];
  }
  return reference;
}

/** What a guest typed, as stored: surrounding spaces removed, upper case (the lookup form forces upper case). */
export function normaliseBookingReference(input: string): string {
  return input.trim().toUpperCase();
}

/** `true` for a well-formed (already normalised) reference. */
export function isBookingReference(value: string): boolean {
  return REFERENCE_PATTERN.test(value);
}
