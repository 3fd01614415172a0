import { describe, expect, it } from 'vitest';
import type { Booking } from '@domain/entities';
import {
  hostDayListDate,
  isDueForCompletion,
  isDueForGuestReminder,
  tourEnd,
  tourStart,
  toursByHost,
} from '@domain/tour-schedule';

type Tour = Pick<Booking, 'status' | 'date' | 'time' | 'hostId'> & { id: string };
const tour = (overrides: Partial<Tour> = {}): Tour => ({
  id: 'b1',
  status: 'approved',
  date: '2026-12-01',
  time: '10:00',
  hostId: 'h1',
  ...overrides,
});
const at = (iso: string) => new Date(iso);

describe('tour times (Tokyo)', () => {
  it('a 10:00 slot in Tokyo starts at 01:00 UTC and ends an hour later', () => {
    expect(tourStart(tour()).toISOString()).toBe('2026-12-01T01:00:00.000Z');
    expect(tourEnd(tour()).toISOString()).toBe('2026-12-01T02:00:00.000Z');
  });

  it('a 23:00 slot ends at midnight Tokyo, on the next day', () => {
    expect(tourEnd(tour({ time: '23:00' })).toISOString()).toBe('2026-12-01T15:00:00.000Z');
  });
});

describe('completion', () => {
  it('is due exactly when the slot has ended, not a minute before', () => {
    expect(isDueForCompletion(tour(), at('2026-12-01T01:59:00Z'))).toBe(false);
    expect(isDueForCompletion(tour(), at('2026-12-01T02:00:00Z'))).toBe(true);
    expect(isDueForCompletion(tour(), at('2026-12-05T00:00:00Z'))).toBe(true);
  });

  it('only approved bookings complete', () => {
    for (const status of ['pending', 'cancelled', 'completed', 'denied', 'expired'] as const) {
      expect(isDueForCompletion(tour({ status }), at('2026-12-05T00:00:00Z'))).toBe(false);
    }
  });
});

describe("guest's reminder", () => {
  it('falls due 24 h before the start and stays due until the start', () => {
    expect(isDueForGuestReminder(tour(), at('2026-11-30T00:59:00Z'))).toBe(false);
    expect(isDueForGuestReminder(tour(), at('2026-11-30T01:00:00Z'))).toBe(true);
    expect(isDueForGuestReminder(tour(), at('2026-12-01T00:59:00Z'))).toBe(true);
    expect(isDueForGuestReminder(tour(), at('2026-12-01T01:00:00Z'))).toBe(false);
  });

  it('is never due for a booking that is not approved', () => {
    expect(isDueForGuestReminder(tour({ status: 'cancelled' }), at('2026-11-30T12:00:00Z'))).toBe(false);
  });
});

describe("host's next-day list", () => {
  it('is for tomorrow (Tokyo) from 17:00 Tokyo, nothing before', () => {
    // 16:59 and 17:00 in Tokyo on 30 November.
    expect(hostDayListDate(at('2026-11-30T07:59:00Z'))).toBeNull();
    expect(hostDayListDate(at('2026-11-30T08:00:00Z'))).toBe('2026-12-01');
    // 23:30 Tokyo is still 30 November there (14:30 UTC), though UTC and Tokyo agree on the date.
    expect(hostDayListDate(at('2026-11-30T14:30:00Z'))).toBe('2026-12-01');
    // 00:30 Tokyo on 1 December is 15:30 UTC on 30 November: a new Tokyo day, before 17:00.
    expect(hostDayListDate(at('2026-11-30T15:30:00Z'))).toBeNull();
  });

  it("groups the day's approved tours by host, in time order, leaving out other days and statuses", () => {
    const groups = toursByHost(
      [
        tour({ id: 'late', time: '15:00' }),
        tour({ id: 'early', time: '09:00' }),
        tour({ id: 'other-host', hostId: 'h2' }),
        tour({ id: 'other-day', date: '2026-12-02' }),
        tour({ id: 'cancelled', status: 'cancelled' }),
      ],
      '2026-12-01',
    );
    expect([...groups.keys()].sort()).toEqual(['h1', 'h2']);
    expect(groups.get('h1')?.map((b) => b.id)).toEqual(['early', 'late']);
    expect(groups.get('h2')?.map((b) => b.id)).toEqual(['other-host']);
  });
});
