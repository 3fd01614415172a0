import { DomainError } from '@domain/errors';
import {
  formatYen,
  formatYenSymbol,
  yenIn,
  isValidParticipantsRange,
  isWithinParticipants,
  MAX_CHARGE_JPY,
  participantOptions,
  totalPrice,
} from '@domain/pricing';

const validationError = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
};

describe('total price', () => {
  it('is unit price × participants in whole yen', () => {
    expect(totalPrice(12000, 1)).toBe(12000);
    expect(totalPrice(12000, 3)).toBe(36000);
    expect(totalPrice(0, 4)).toBe(0);
  });

  it.each([
    [12000.5, 1],
    [-1, 1],
    [12000, 0],
    [12000, 1.5],
    [12000, -2],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
  ])('rejects %s × %s with validation_failed', (unit, guests) => {
    const e = validationError(() => totalPrice(unit, guests));
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).code).toBe('validation_failed');
  });

  it('refuses a total above what a card can be charged', () => {
    expect(totalPrice(MAX_CHARGE_JPY, 1)).toBe(99_999_999);
    const e = validationError(() => totalPrice(50_000_000, 2)) as DomainError;
    expect(e.code).toBe('validation_failed');
    expect(e.fields).toHaveProperty('guests');
  });
});

describe('participants', () => {
  it('validates a range: min ≥ 1 and max ≥ min', () => {
    expect(isValidParticipantsRange(1, 3)).toBe(true);
    expect(isValidParticipantsRange(2, 2)).toBe(true);
    expect(isValidParticipantsRange(0, 3)).toBe(false);
    expect(isValidParticipantsRange(4, 3)).toBe(false);
    expect(isValidParticipantsRange(1.5, 3)).toBe(false);
  });

  it('labels the options 1 person / N people from min to max', () => {
    expect(participantOptions(1, 3)).toEqual([
      { value: 1, label: '1 person' },
      { value: 2, label: '2 people' },
      { value: 3, label: '3 people' },
    ]);
    expect(participantOptions(2, 2)).toEqual([{ value: 2, label: '2 people' }]);
  });

  it('defaults to 1..1 when the range is missing, and collapses a broken range to its minimum', () => {
    expect(participantOptions(undefined, undefined)).toEqual([{ value: 1, label: '1 person' }]);
    expect(participantOptions(null, null)).toEqual([{ value: 1, label: '1 person' }]);
    expect(participantOptions(3, 2)).toEqual([{ value: 3, label: '3 people' }]);
  });

  it('checks a party against the range', () => {
    expect(isWithinParticipants(2, 1, 3)).toBe(true);
    expect(isWithinParticipants(4, 1, 3)).toBe(false);
    expect(isWithinParticipants(1, 2, 3)).toBe(false);
    expect(isWithinParticipants(1, null, null)).toBe(true);
    expect(isWithinParticipants(2, null, null)).toBe(false);
  });
});

describe('formatting yen', () => {
  it('adds thousands separators whatever the runtime locale', () => {
    expect(formatYen(12000)).toBe('12,000');
    expect(formatYen(0)).toBe('0');
    expect(formatYen(999)).toBe('999');
    expect(formatYen(1000)).toBe('1,000');
    expect(formatYen(1234567)).toBe('1,234,567');
    expect(formatYen(-15400)).toBe('-15,400');
  });

  it('writes yen one way per language (issue 32 item 8)', () => {
    expect(yenIn(18500, 'en')).toBe('¥18,500');
    expect(yenIn(18500, 'ja')).toBe('18,500円');
    expect(yenIn(18500, 'zh-Hant')).toBe('¥18,500');
    expect(yenIn(18500, 'ko')).toBe('18,500엔');
    expect(formatYenSymbol(36000)).toBe('¥36,000');
  });
});
