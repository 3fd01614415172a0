import {
  assertTransition,
  backOfficeStatusLabel,
  bookingStatusPresentation,
  canHostDecide,
  canTransition,
  deadlineFor,
  hasDeadline,
  holdsSlot,
  isTerminalStatus,
  nextStatuses,
  releasesSlot,
  statusColour,
  statusesThatCanBecome,
  statusLabel,
} from '@domain/booking-status';
import { bookingStatuses, type BookingStatus } from '@domain/entities';
import { DomainError } from '@domain/errors';

const allowed: [BookingStatus, BookingStatus[]][] = [
  ['awaiting_payment', ['pending', 'expired', 'cancelled']],
  ['pending', ['approved', 'denied', 'expired', 'cancelled']],
  ['approved', ['completed', 'cancelled']],
  ['denied', []],
  ['expired', []],
  ['cancelled', []],
  ['completed', []],
];

describe('booking transitions', () => {
  it.each(allowed)('%s may become exactly %j', (from, targets) => {
    for (const to of bookingStatuses) expect(canTransition(from, to)).toBe(targets.includes(to));
    expect([...nextStatuses(from)].sort()).toEqual([...targets].sort());
    expect(isTerminalStatus(from)).toBe(targets.length === 0);
  });

  it('throws state_conflict on a forbidden transition', () => {
    expect(() => assertTransition('pending', 'approved')).not.toThrow();
    const attempt = () => assertTransition('denied', 'approved');
    expect(attempt).toThrow(DomainError);
    try {
      attempt();
    } catch (e) {
      expect((e as DomainError).code).toBe('state_conflict');
    }
    expect(() => assertTransition('approved', 'pending')).toThrow(DomainError);
    expect(() => assertTransition('pending', 'pending')).toThrow(DomainError);
  });

  it('names the statuses a booking must be in to move to a target', () => {
    expect(statusesThatCanBecome('expired')).toEqual(['awaiting_payment', 'pending']);
    expect(statusesThatCanBecome('cancelled')).toEqual(['awaiting_payment', 'pending', 'approved']);
    expect(statusesThatCanBecome('approved')).toEqual(['pending']);
    expect(statusesThatCanBecome('awaiting_payment')).toEqual([]);
  });

  it('lets the host decide only on a pending request', () => {
    expect(bookingStatuses.filter(canHostDecide)).toEqual(['pending']);
  });
});

describe('slots and deadlines', () => {
  it('holds a slot while awaiting payment, pending, approved or completed', () => {
    expect(bookingStatuses.filter(holdsSlot)).toEqual([
      'awaiting_payment',
      'pending',
      'approved',
      'completed',
    ]);
  });

  it('releases the slot on denial, expiry and cancellation only', () => {
    expect(releasesSlot('pending', 'denied')).toBe(true);
    expect(releasesSlot('awaiting_payment', 'expired')).toBe(true);
    expect(releasesSlot('approved', 'cancelled')).toBe(true);
    expect(releasesSlot('awaiting_payment', 'pending')).toBe(false);
    expect(releasesSlot('approved', 'completed')).toBe(false);
  });

  it('gives deadlines to awaiting_payment (15 min) and pending (48 h) only', () => {
    expect(bookingStatuses.filter(hasDeadline)).toEqual(['awaiting_payment', 'pending']);
    const now = new Date('2026-11-21T10:00:00Z');
    expect(deadlineFor('awaiting_payment', now)?.toISOString()).toBe('2026-11-21T10:15:00.000Z');
    expect(deadlineFor('pending', now)?.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(deadlineFor('approved', now)).toBeNull();
  });
});

describe('status labels', () => {
  it('follow the guest specification', () => {
    expect(statusLabel('pending', 'en')).toBe('Requesting');
    expect(statusLabel('approved', 'en')).toBe('Confirmed');
    expect(statusLabel('denied', 'en')).toBe('Unapproved');
    expect(statusLabel('cancelled', 'en')).toBe('Cancelled');
    expect(statusLabel('pending', 'ja')).toBe('予約確認中');
    expect(statusLabel('approved', 'ja')).toBe('予約確定');
    expect(statusLabel('cancelled', 'ja')).toBe('キャンセル済み');
    expect(statusColour('pending')).toBe('amber');
    expect(statusColour('approved')).toBe('green');
    expect(statusColour('denied')).toBe('red');
    expect(statusColour('cancelled')).toBe('red');
  });

  it('exist for every status, in English, Japanese and the back office', () => {
    for (const s of bookingStatuses) {
      const p = bookingStatusPresentation[s];
      expect(p.en).toMatch(/^[A-Z][a-z ]+$/);
      expect(p.ja).toMatch(/[^\u0020-\u007E]/);
      expect(backOfficeStatusLabel(s)).toMatch(/[^\u0020-\u007E]/);
    }
  });
});
