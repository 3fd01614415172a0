/**
 * Japanese consumption tax on the documents the platform issues (issue 28): the guest's receipt and the platform
 * fee's qualified invoice on the host's statement. Every amount is tax-inclusive integer yen; the tax a document
 * states is computed once per document and rate from the rate's total, rounded down (消費税法施行令 第70条の10:
 * one rounding per qualified invoice and rate, never per line). Pure: integers in, integers out.
 */

/** The standard rate; tours and the platform's service are not goods of the reduced 8 % rate. */
export const STANDARD_TAX_RATE_PERCENT = 10;

function assertYen(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number of yen ≥ 0, got ${value}`);
  }
}

/**
 * The tax contained in a tax-inclusive total: ⌊total × rate / (100 + rate)⌋, in integers (no floating point).
 * ¥24,000 at 10 % contains ¥2,181; ¥0 contains ¥0.
 */
export function taxIncluded(totalInclusive: number, ratePercent = STANDARD_TAX_RATE_PERCENT): number {
  assertYen(totalInclusive, 'total');
  if (!Number.isInteger(ratePercent) || ratePercent <= 0 || ratePercent > 100) {
    throw new RangeError(`rate must be a whole percent 1–100, got ${ratePercent}`);
  }
  const product = totalInclusive * ratePercent;
  const divisor = 100 + ratePercent;
  return (product - (product % divisor)) / divisor;
}

export interface TaxableLine {
  /** Tax-inclusive amount of the line (negative for a return of consideration, e.g. a refunded fee). */
  amount: number;
  ratePercent: number;
}

export interface TaxRateTotal {
  ratePercent: number;
  /** The rate's lines summed, tax included. */
  total: number;
  /** The tax contained in `total`, rounded down once. */
  tax: number;
}

/**
 * One document's totals per rate: each rate's lines are summed first and its tax is taken from the sum, once (so
 * eleven lines of ¥105 state ¥105 of tax, not 11 × ¥9). Rates come out highest first; a rate whose lines sum to a
 * negative total is refused (a document states what was paid, not a debt).
 */
export function taxByRate(lines: readonly TaxableLine[]): TaxRateTotal[] {
  const totals = new Map<number, number>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount))
      throw new RangeError(`line amount is not whole yen: ${line.amount}`);
    totals.set(line.ratePercent, (totals.get(line.ratePercent) ?? 0) + line.amount);
  }
  return [...totals.entries()]
    .sort(([a], [b]) => b - a)
    .map(([ratePercent, total]) => ({ ratePercent, total, tax: taxIncluded(total, ratePercent) }));
}
