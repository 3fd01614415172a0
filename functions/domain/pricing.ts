/**
 * Prices exist once, on the server's terms (STYLE §2): the estimate the guest sees and the amount the card is
 * authorised for both come from `totalPrice`. JPY is a zero-decimal currency, so every amount is whole yen.
 *
 * The guest specification mentions an additional-participant fee of 15,400 JPY in the price summary, but the
 * number of additional participants is always 0 there, so it never changes a total. It is deliberately not
 * modelled here: a constant nobody may use would only invite someone to charge it.
 */
import { DomainError } from './errors';
import { formatYen } from './yen';

/** The largest amount the card processor accepts for one JPY charge. */
export const MAX_CHARGE_JPY = 99_999_999;

function assertWholeYen(value: number, field: string, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new DomainError('validation_failed', `${field} must be a whole number of at least ${min}`, {
      [field]: `Expected a whole number of at least ${min}`,
    });
  }
}

/** Unit price × participants, whole JPY. Throws `validation_failed` for fractional, negative or huge values. */
export function totalPrice(unitPrice: number, participants: number): number {
  assertWholeYen(unitPrice, 'unitPrice', 0);
  assertWholeYen(participants, 'guests', 1);
  const total = unitPrice * participants;
  if (total > MAX_CHARGE_JPY) {
    throw new DomainError('validation_failed', 'The total exceeds the largest amount a card can be charged', {
      guests: `The total may not exceed ¥${formatYen(MAX_CHARGE_JPY)}`,
    });
  }
  return total;
}

/** `true` for a participants range a host may save: whole numbers, min ≥ 1, max ≥ min. */
export function isValidParticipantsRange(min: number, max: number): boolean {
  return Number.isInteger(min) && Number.isInteger(max) && min >= 1 && max >= min;
}

/** `true` when `guests` fits the experience's range (missing bounds default to 1..1, as on the detail page). */
export function isWithinParticipants(
  guests: number,
  min: number | null | undefined,
  max: number | null | undefined,
): boolean {
  const { min: lo, max: hi } = participantsBounds(min, max);
  return Number.isInteger(guests) && guests >= lo && guests <= hi;
}

function participantsBounds(min: number | null | undefined, max: number | null | undefined) {
  const lo = min != null && Number.isInteger(min) && min >= 1 ? min : 1;
  const hi = max != null && Number.isInteger(max) && max >= lo ? max : lo;
  return { min: lo, max: hi };
}

export interface ParticipantOption {
  value: number;
  label: string;
}

/** `1 person`, `2 people`, … */
export function participantLabel(n: number): string {
  return n === 1 ? '1 person' : `${n} people`;
}

/**
 * The participant choices of the detail page: min..max (guest spec §5; 1..1 when the experience has none, and
 * a broken range collapses to its minimum rather than offering nothing).
 */
export function participantOptions(
  min: number | null | undefined,
  max: number | null | undefined,
): ParticipantOption[] {
  const { min: lo, max: hi } = participantsBounds(min, max);
  return Array.from({ length: hi - lo + 1 }, (_, i) => ({
    value: lo + i,
    label: participantLabel(lo + i),
  }));
}

// Writing yen is its own module (`yen.ts`): the guest shell needs it without the pricing rules.
export { formatYen, formatYenSymbol, yenIn, type PriceReader } from './yen';
