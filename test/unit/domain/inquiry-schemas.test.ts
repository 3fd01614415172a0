/**
 * The concierge desk's request schemas (issue 31): the guest's form speaks the guest's language, the concierge's
 * reply Japanese; the limits of the contract (message 1–5,000 after trimming, party 1–50, dates ≤ 200).
 */
import { guestLocales } from '../../../functions/domain/entities';
import {
  adminInquiriesQuery,
  conciergeMessageSchema,
  inquiryFieldTexts,
  inquiryMessageSchema,
  inquiryRequestSchema,
  localeOfBody,
} from '../../../functions/domain/schemas/inquiries';

const good = {
  name: ' Kim Minji ',
  email: 'minji@example.com',
  locale: 'ko',
  message: '  아이와 함께 참여할 수 있나요?  ',
};

const fieldsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the guest form', () => {
  it('trims and keeps the optional fields null when absent', () => {
    expect(inquiryRequestSchema('ko').parse(good)).toEqual({
      name: 'Kim Minji',
      email: 'minji@example.com',
      locale: 'ko',
      message: '아이와 함께 참여할 수 있나요?',
      experienceId: null,
      preferredDates: null,
      guests: null,
    });
  });

  it('accepts exactly 5,000 characters and refuses 5,001 and 10,000', () => {
    const schema = inquiryRequestSchema('en');
    expect(schema.safeParse({ ...good, message: 'a'.repeat(5000) }).success).toBe(true);
    expect(fieldsOf(schema.safeParse({ ...good, message: 'a'.repeat(5001) })).message).toBe(
      'At most 5,000 characters',
    );
    expect(fieldsOf(schema.safeParse({ ...good, message: 'a'.repeat(10_000) })).message).toBe(
      'At most 5,000 characters',
    );
  });

  it.each(guestLocales)('gives every field message in %s', (locale) => {
    const t = inquiryFieldTexts[locale];
    const fields = fieldsOf(
      inquiryRequestSchema(locale).safeParse({
        name: '',
        email: 'not-an-address',
        locale: 'fr',
        message: ' ',
        experienceId: '../etc',
        preferredDates: 'x'.repeat(201),
        guests: 0,
      }),
    );
    expect(fields).toEqual({
      name: t.nameRequired,
      email: t.emailInvalid,
      locale: t.locale,
      message: t.messageRequired,
      experienceId: t.experience,
      preferredDates: t.preferredDatesTooLong,
      guests: t.guests,
    });
  });

  it('refuses parties of 51 and of 2.5 and unknown keys', () => {
    const schema = inquiryRequestSchema('en');
    expect(schema.safeParse({ ...good, guests: 51 }).success).toBe(false);
    expect(schema.safeParse({ ...good, guests: 2.5 }).success).toBe(false);
    expect(schema.safeParse({ ...good, price: 1000 }).success).toBe(false);
    expect(schema.safeParse({ ...good, guests: 50 }).success).toBe(true);
  });

  it('answers in the language the body asks for, English otherwise', () => {
    expect(localeOfBody({ locale: 'zh-Hant' })).toBe('zh-Hant');
    expect(localeOfBody({ locale: 'fr' })).toBe('en');
    expect(localeOfBody(null)).toBe('en');
    expect(localeOfBody('text')).toBe('en');
  });
});

describe('messages', () => {
  it("the guest's answer in the inquiry's language", () => {
    expect(fieldsOf(inquiryMessageSchema('ja').safeParse({ text: '' })).text).toBe(
      'ご質問を入力してください',
    );
    expect(inquiryMessageSchema('ja').parse({ text: ' はい ' })).toEqual({ text: 'はい' });
  });

  it("the concierge's reply in Japanese", () => {
    expect(fieldsOf(conciergeMessageSchema.safeParse({ text: '  ' })).text).toBe('返信を入力してください');
    expect(fieldsOf(conciergeMessageSchema.safeParse({ text: 'x'.repeat(5001) })).text).toBe(
      '5,000文字以内で入力してください',
    );
  });

  it('the inbox filter takes the four statuses only', () => {
    expect(adminInquiriesQuery.parse({ status: 'waiting' })).toEqual({ status: 'waiting' });
    expect(adminInquiriesQuery.safeParse({ status: 'pending' }).success).toBe(false);
  });
});
