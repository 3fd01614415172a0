import { bookingMatchesText, classifyBookingSearch, searchable } from '@domain/booking-search';
import { makeBooking } from '../../support/fakes/fixtures';

describe('what the admin search box means', () => {
  it('reads six letters or digits as a booking reference, in any case or width', () => {
    expect(classifyBookingSearch('ab12cd')).toEqual({
      kind: 'reference',
      reference: 'AB12CD',
      text: 'ab12cd',
    });
    expect(classifyBookingSearch('ＡＢ１２ＣＤ')).toMatchObject({ kind: 'reference', reference: 'AB12CD' });
    // A six-letter name is also a candidate reference; the use case searches it as text when no booking has it.
    expect(classifyBookingSearch('Tanaka')).toEqual({
      kind: 'reference',
      reference: 'TANAKA',
      text: 'tanaka',
    });
  });

  it('reads an e-mail address as that guest, lower-cased', () => {
    expect(classifyBookingSearch('Emma.Stone@Example.COM')).toEqual({
      kind: 'email',
      email: 'emma.stone@example.com',
    });
  });

  it('reads anything else as text: part of an address, a name, seven characters, Japanese', () => {
    expect(classifyBookingSearch('@example.com')).toEqual({ kind: 'text', text: '@example.com' });
    expect(classifyBookingSearch('Emma  Stone')).toEqual({ kind: 'text', text: 'emma stone' });
    expect(classifyBookingSearch('ABC1234')).toEqual({ kind: 'text', text: 'abc1234' });
    expect(classifyBookingSearch('道後温泉')).toEqual({ kind: 'text', text: '道後温泉' });
  });

  it('folds width and case, and collapses spaces', () => {
    expect(searchable('  ＤＯＧＯ　Onsen  ')).toBe('dogo onsen');
    expect(searchable('ｶﾞｲﾄﾞ')).toBe('ガイド');
  });
});

describe('which bookings a text matches', () => {
  const booking = makeBooking({
    firstName: 'Taro',
    lastName: 'Tanaka',
    email: 'taro.tanaka@example.jp',
    experienceTitle: 'Dogo Onsen night walk',
    reference: 'QX7Z2K',
  });
  const matches = (text: string, host: string | null = 'Setouchi Local Guides') =>
    bookingMatchesText(booking, host, searchable(text));

  it('matches the guest name in either order, with or without a space', () => {
    expect(matches('taro tanaka')).toBe(true);
    expect(matches('Tanaka Taro')).toBe(true);
    expect(matches('tanakataro')).toBe(true);
    expect(matches('ＴＡＮＡＫＡ')).toBe(true);
  });

  it('matches part of the guest e-mail, the experience title, the host name and the reference', () => {
    expect(matches('example.jp')).toBe(true);
    expect(matches('night walk')).toBe(true);
    expect(matches('setouchi')).toBe(true);
    expect(matches('x7z2')).toBe(true);
  });

  it('matches Japanese names written without a space', () => {
    const japanese = makeBooking({
      firstName: '太郎',
      lastName: '田中',
      experienceTitle: '道後温泉の夜歩き',
    });
    expect(bookingMatchesText(japanese, 'せとうちガイド', searchable('田中太郎'))).toBe(true);
    expect(bookingMatchesText(japanese, 'せとうちガイド', searchable('夜歩き'))).toBe(true);
    expect(bookingMatchesText(japanese, 'セトウチ', searchable('ｾﾄｳﾁ'))).toBe(true);
  });

  it('does not match what is in none of the fields, nor across two fields', () => {
    expect(matches('kyoto')).toBe(false);
    expect(matches('setouchi', null)).toBe(false);
    expect(matches('walk setouchi')).toBe(false);
  });
});
