import {
  BOOKING_REFERENCE_ALPHABET,
  generateBookingReference,
  isBookingReference,
  normaliseBookingReference,
} from '@domain/booking-reference';

/** A deterministic source that returns the given indexes in turn. */
const sequence = (...indexes: number[]) => {
  let i = 0;
  return () => indexes[i++ % indexes.length] as number;
};

describe('booking references', () => {
  it('are 6 characters drawn from A–Z and 0–9 through the given source', () => {
    expect(BOOKING_REFERENCE_ALPHABET).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    expect(generateBookingReference(sequence(0, 1, 25, 26, 35, 7))).toBe('ABZ09H');
  });

  it('asks the source for an index below 36', () => {
    const asked: number[] = [];
    generateBookingReference((max) => {
      asked.push(max);
      return 0;
    });
    expect(asked).toEqual([36, 36, 36, 36, 36, 36]);
  });

  it('fails loudly on a broken random source', () => {
    expect(() => generateBookingReference(() => 36)).toThrow(RangeError);
    expect(() => generateBookingReference(() => -1)).toThrow(RangeError);
    expect(() => generateBookingReference(() => 1.5)).toThrow(RangeError);
  });

  it('produce only well-formed references', () => {
    let seed = 7;
    const lcg = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % max;
    };
    for (let i = 0; i < 200; i++) expect(isBookingReference(generateBookingReference(lcg))).toBe(true);
  });

  it('recognise the format exactly', () => {
    expect(isBookingReference('AB12CD')).toBe(true);
    expect(isBookingReference('ab12cd')).toBe(false);
    expect(isBookingReference('AB12C')).toBe(false);
    expect(isBookingReference('AB12CDE')).toBe(false);
    expect(isBookingReference('AB-2CD')).toBe(false);
  });

  it('normalise what a guest typed: trimmed, upper case', () => {
    expect(normaliseBookingReference('  ab12cd ')).toBe('AB12CD');
    expect(isBookingReference(normaliseBookingReference('x9y8z7'))).toBe(true);
  });
});
