import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  assertBalanced,
  captureEntry,
  payoutAmount,
  payoutEntry,
  payoutFailedEntry,
  platformFeeOf,
  refundEntry,
  refundSplit,
  totalsDelta,
} from '../../../functions/domain/money';
import {
  bookingPlatformFee,
  captureMoney,
  disputeLostMoney,
  refundMoney,
} from '../../../functions/domain/booking-money';
import { makeBooking as bookingFixture } from '../../support/fakes/fixtures';

const NOW = new Date('2026-11-26T00:00:00.000Z');
const ref = { bookingId: 'b1', hostId: 'h1', paymentIntentId: 'pi_1', refundId: 're_1' };

describe('the platform fee', () => {
  it.each([
    [1, 15, 0],
    [1, 50, 0],
    [2, 50, 1],
    [10_000, 15, 1_500],
    [9_999, 15, 1_499],
    [19_998, 10, 1_999],
    [7, 0, 0],
    [99_999_999, 50, 49_999_999],
  ])('of %i yen at %i percent is %i yen (rounded down)', (charge, percent, fee) => {
    expect(platformFeeOf(charge, percent)).toBe(fee);
  });

  it('refuses fractions and negative amounts', () => {
    expect(() => platformFeeOf(100.5, 15)).toThrow(RangeError);
    expect(() => platformFeeOf(-1, 15)).toThrow(RangeError);
    expect(() => platformFeeOf(100, 15.5)).toThrow(RangeError);
  });
});

describe('a refund split between the fee and the host', () => {
  it.each([
    // charge, fee, refund → from the fee, from the host
    [1, 0, 1, 0, 1],
    [1, 1, 1, 1, 0],
    [3, 1, 1, 0, 1],
    [3, 1, 2, 0, 2],
    [3, 1, 3, 1, 2],
    [6_666, 999, 3_333, 499, 2_834],
    [10_000, 1_500, 5_000, 750, 4_250],
    [10_000, 5_000, 1, 0, 1],
    [10_000, 0, 10_000, 0, 10_000],
    [10_000, 1_500, 10_000, 1_500, 8_500],
  ])('charge %i, fee %i, refund %i → %i from the fee, %i from the host', (c, f, r, fromFee, fromHost) => {
    expect(refundSplit(c, f, r)).toEqual({ refund: r, fromFee, fromHost });
  });

  it('always adds up, never takes more than the fee, and returns the whole fee with a whole refund', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 0, max: 50 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (charge, percent, share) => {
          const fee = platformFeeOf(charge, percent);
          const refund = Math.floor(charge * share);
          const split = refundSplit(charge, fee, refund);
          expect(split.fromFee + split.fromHost).toBe(refund);
          expect(split.fromFee).toBeLessThanOrEqual(fee);
          expect(split.fromHost).toBeLessThanOrEqual(charge - fee);
          expect(Number.isInteger(split.fromFee) && Number.isInteger(split.fromHost)).toBe(true);
          expect(refundSplit(charge, fee, charge).fromFee).toBe(fee);
        },
      ),
    );
  });

  it('refuses a refund larger than the charge', () => {
    expect(() => refundSplit(100, 15, 101)).toThrow(RangeError);
  });
});

describe('ledger entries', () => {
  it('balance for every money event, in whole yen', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 50 }),
        (charge, percent) => {
          const fee = platformFeeOf(charge, percent);
          const refund = refundSplit(charge, fee, Math.floor(charge / 3));
          for (const e of [
            captureEntry(ref, charge, fee, NOW),
            refundEntry(ref, refund, NOW),
            payoutEntry({ id: 'p1', hostId: 'h1' }, 'po_1', charge - fee, NOW),
            payoutFailedEntry({ id: 'p1', hostId: 'h1', gatewayPayoutId: 'po_1' }, charge - fee, NOW),
          ]) {
            expect(() => assertBalanced(e)).not.toThrow();
          }
        },
      ),
    );
  });

  it('refuses an entry that does not balance or is not whole yen', () => {
    expect(() => assertBalanced({ id: 'x', lines: [{ account: 'a', amount: 1 }] })).toThrow(
      /does not balance/,
    );
    expect(() =>
      assertBalanced({
        id: 'x',
        lines: [
          { account: 'a', amount: 0.5 },
          { account: 'b', amount: -0.5 },
        ],
      }),
    ).toThrow(/whole yen/);
  });

  it('moves the counters so that collected − refunded = fees + host earnings, and per host earned − reversed − paid = balance', () => {
    const booking = bookingFixture({
      id: 'b1',
      hostId: 'h1',
      amount: 10_000,
      platformFee: 1_500,
      status: 'approved',
    });
    const captured = captureMoney(booking, NOW);
    const refunded = refundMoney(booking, captured.after, 4_000, 're_1', NOW);
    const steps = [
      totalsDelta(null, captured.after, captured.entry),
      totalsDelta(refunded.before, refunded.after, refunded.entry),
    ];
    const sum = (k: string, side: 'market' | 'host') =>
      steps.reduce((s, d) => s + ((d[side] as Record<string, number>)[k] ?? 0), 0);
    expect(sum('collected', 'market') - sum('refunded', 'market')).toBe(
      sum('platformFees', 'market') + sum('hostEarnings', 'market'),
    );
    expect(sum('earned', 'host') - sum('reversed', 'host') - sum('paidOut', 'host')).toBe(
      sum('balance', 'host'),
    );
    // 4,000 of 10,000 with a 1,500 fee: 600 from the fee, 3,400 from the host.
    expect(refunded.after).toMatchObject({
      platformFee: 900,
      refunded: 4_000,
      net: 5_100,
      status: 'upcoming',
    });
    expect(sum('upcoming', 'host')).toBe(5_100);
  });

  it('settles earnings a full refund or a lost dispute leaves empty', () => {
    const booking = bookingFixture({ id: 'b1', hostId: 'h1', amount: 9_999, status: 'approved' });
    expect(bookingPlatformFee(booking)).toBe(1_499);
    const captured = captureMoney(booking, NOW);
    expect(refundMoney(booking, captured.after, 9_999, 're_1', NOW).after).toMatchObject({
      net: 0,
      platformFee: 0,
      status: 'paid',
    });
    const lost = disputeLostMoney({ ...captured.after, status: 'on_hold' }, 'dp_1', NOW);
    expect(lost.after).toMatchObject({
      net: 0,
      refunded: 9_999,
      status: 'paid',
      dispute: { status: 'lost' },
    });
    expect(lost.entry?.lines).toEqual([
      { account: 'disputes', amount: 9_999 },
      { account: 'platform_fees', amount: -1_499 },
      { account: 'host:h1', amount: -8_500 },
    ]);
  });
});

describe('a payout amount', () => {
  it('is what is payable, less a debt the balance carries', () => {
    expect(payoutAmount({ balance: 5_000, upcoming: 1_000, payable: 4_000, onHold: 0 }, 4_000)).toBe(4_000);
    // A share taken back after an earlier payout: the balance is 1,500 below the buckets.
    expect(payoutAmount({ balance: 2_500, upcoming: 0, payable: 4_000, onHold: 0 }, 4_000)).toBe(2_500);
    expect(payoutAmount({ balance: -1_000, upcoming: 0, payable: 0, onHold: 0 }, 0)).toBe(0);
  });
});
