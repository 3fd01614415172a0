/**
 * The offer rules of the domain (issue 31): an open offer past its time reads as expired, the job's due time is the
 * warning (2 h before) and then the expiry, links carry the guest's language, and the admin's request is refused
 * with Japanese messages.
 */
import {
  createOfferRequestSchema,
  effectiveStatus,
  isOpenOffer,
  offerDueAt,
  offerUrl,
  warningAt,
} from '../../../functions/domain/offers';
import { fieldErrors } from '../../../functions/domain/validation';

const created = '2026-12-01T00:00:00.000Z';
const expires = '2026-12-01T10:00:00.000Z';

describe('effectiveStatus', () => {
  it('reads an open offer past its expiry as expired, before the job ran', () => {
    expect(effectiveStatus({ status: 'opened', expiresAt: expires }, new Date('2026-12-01T09:59:59Z'))).toBe(
      'opened',
    );
    expect(effectiveStatus({ status: 'opened', expiresAt: expires }, new Date(expires))).toBe('expired');
    expect(effectiveStatus({ status: 'sent', expiresAt: expires }, new Date('2026-12-02T00:00:00Z'))).toBe(
      'expired',
    );
    expect(isOpenOffer({ status: 'sent', expiresAt: expires }, new Date(expires))).toBe(false);
  });

  it('leaves closed offers as they are', () => {
    for (const status of ['booked', 'withdrawn', 'expired'] as const) {
      expect(effectiveStatus({ status, expiresAt: expires }, new Date('2030-01-01T00:00:00Z'))).toBe(status);
    }
  });
});

describe('offerDueAt', () => {
  it('is the warning 2 h before the expiry, then the expiry once warned, and nothing once closed', () => {
    const offer = { status: 'sent' as const, createdAt: created, expiresAt: expires };
    expect(warningAt(offer)).toBe('2026-12-01T08:00:00.000Z');
    expect(offerDueAt(offer)).toBe('2026-12-01T08:00:00.000Z');
    expect(offerDueAt({ ...offer, warnedAt: '2026-12-01T08:01:00.000Z' })).toBe(expires);
    expect(offerDueAt({ ...offer, status: 'booked' })).toBeNull();
  });

  it('warns at once an offer made with 2 h or less to run', () => {
    const short = { status: 'sent' as const, createdAt: created, expiresAt: '2026-12-01T01:00:00.000Z' };
    expect(offerDueAt(short)).toBe(created);
  });
});

it('links the offer in the guest’s language (English has no prefix)', () => {
  expect(offerUrl('https://example.jp/', 'tok', 'en')).toBe('https://example.jp/offer/tok');
  expect(offerUrl('https://example.jp', 'tok', 'ko')).toBe('https://example.jp/ko/offer/tok');
  expect(offerUrl('https://example.jp', 'tok', 'zh-Hant')).toBe('https://example.jp/zh-hant/offer/tok');
});

describe('createOfferRequestSchema', () => {
  const good = {
    experienceId: 'e1',
    date: '2026-12-10',
    time: '10:00',
    guests: 2,
    totalAmount: 30000,
    message: 'ご提案です',
    expiresInHours: 24,
    guest: { name: 'Kim', email: 'kim@example.com', locale: 'ko' },
  };

  it('accepts a good offer (not pre-approved unless said)', () => {
    expect(createOfferRequestSchema.parse(good).preApproved).toBe(false);
  });

  it.each([
    ['totalAmount', { totalAmount: -1 }],
    ['totalAmount', { totalAmount: 99 }],
    ['totalAmount', { totalAmount: 10_000_001 }],
    ['expiresInHours', { expiresInHours: 0 }],
    ['expiresInHours', { expiresInHours: 73 }],
    ['message', { message: '   ' }],
    ['message', { message: 'x'.repeat(5001) }],
    ['guest.email', { guest: { ...good.guest, email: 'nope' } }],
    ['guest.locale', { guest: { ...good.guest, locale: 'fr' } }],
    ['experienceId', { experienceId: undefined }],
    ['time', { time: '25:00' }],
  ])('refuses a bad %s with a Japanese message', (field, change) => {
    const result = createOfferRequestSchema.safeParse({ ...good, ...change });
    expect(result.success).toBe(false);
    const fields = fieldErrors(result.error!);
    expect(fields[field]).toMatch(/[ぁ-んァ-ン一-龥]/);
  });
});
