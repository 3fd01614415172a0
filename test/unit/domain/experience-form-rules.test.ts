/**
 * Issue 21 items 6 and 7: create and edit apply one rule (a private draft may be incomplete; publishing needs a
 * photo and a price), and every message the form can answer with is Japanese and says what to change.
 */
import {
  experienceCreateFormSchemaJa,
  experienceEditFormSchemaJa,
  normaliseNumberText,
} from '@domain/schemas/experience-form';
import { slotOverrideSchema } from '@domain/schemas/host-api';
import { fieldErrors } from '@domain/validation';
import type * as z from 'zod';

const draft = () => ({
  title: '松山城の朝さんぽ',
  price: '8000',
  postalCode: '790-0001',
  prefecture: '愛媛県',
  city: '松山市',
  district: '一番町',
  streetAddress: '1-1',
  participantsMin: 1,
  participantsMax: 3,
  mainImages: [] as string[],
  publicationStatus: 'private',
});

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

const screens = [
  ['create', experienceCreateFormSchemaJa],
  ['edit', experienceEditFormSchemaJa],
] as const;

describe.each(screens)('the %s screen applies the one publishing rule', (_, schema) => {
  it('saves a private draft without photos and with price 0', () => {
    expect(errorsOf(schema, { ...draft(), price: '0' })).toEqual({});
  });

  it('refuses to publish without a photo or with price 0, saying what is needed', () => {
    expect(errorsOf(schema, { ...draft(), price: '0', publicationStatus: 'public' })).toEqual({
      mainImages: '公開するには画像を1枚以上登録してください',
      price: '公開するには1円以上の料金を入力してください',
    });
    expect(
      errorsOf(schema, { ...draft(), publicationStatus: 'public', mainImages: ['/images/h/a.jpg'] }),
    ).toEqual({});
  });
});

describe('the experience form speaks Japanese and says what to change', () => {
  const schema = experienceEditFormSchemaJa;

  it('caps participants at 1,000 in Japanese (not "Too big: expected number to be <=1000")', () => {
    expect(errorsOf(schema, { ...draft(), participantsMax: 1001 })).toEqual({
      participantsMax: '参加人数は1,000人以下で入力してください',
    });
  });

  it('names the limit of every too-long text in Japanese', () => {
    const errors = errorsOf(schema, {
      ...draft(),
      description: 'あ'.repeat(10_001),
      detailText1: 'あ'.repeat(10_001),
      thingsToKnowNote: 'あ'.repeat(4001),
      building: 'あ'.repeat(201),
      tags: ['あ'.repeat(51)],
    });
    expect(errors).toEqual({
      description: '10000文字以内で入力してください',
      detailText1: '10000文字以内で入力してください',
      thingsToKnowNote: '4000文字以内で入力してください',
      building: '200文字以内で入力してください',
      'tags.0': '50文字以内で入力してください',
    });
    for (const message of Object.values(errors)) expect(message).not.toMatch(/[A-Za-z]{3}/);
  });

  it('reads full-width digits, commas and the yen sign as a price instead of calling it negative', () => {
    expect(normaliseNumberText('１２，０００円')).toBe('12000');
    expect(normaliseNumberText('￥８，５００')).toBe('8500');
    for (const price of ['１２０００', '１２，０００', '￥１２，０００', '12,000円', ' １２ ０００ ']) {
      expect(schema.parse({ ...draft(), price }).price, price).toBe(12000);
    }
    expect(errorsOf(schema, { ...draft(), price: 'いちまん' })).toEqual({
      price: '料金は数字で入力してください（例: 12000）',
    });
    expect(errorsOf(schema, { ...draft(), price: '－５' })).toEqual({
      price: '0以上の数値を入力してください',
    });
  });

  it('reads the refund tiers typed as text and says in Japanese which one is wrong', () => {
    expect(
      schema.parse({
        ...draft(),
        refundRule: [
          { daysBefore: '１４', refundPercentage: '100' },
          { daysBefore: '3', refundPercentage: '５０' },
        ],
      }).refundRule,
    ).toEqual([
      { daysBefore: 14, refundPercentage: 100 },
      { daysBefore: 3, refundPercentage: 50 },
    ]);
    expect(
      errorsOf(schema, {
        ...draft(),
        refundRule: [
          { daysBefore: '7', refundPercentage: '' },
          { daysBefore: '7', refundPercentage: '120' },
          { daysBefore: 'あした', refundPercentage: '10' },
        ],
      }),
    ).toEqual({
      'refundRule.0.refundPercentage': '返金率を入力してください',
      'refundRule.1.refundPercentage': '返金率は0〜100の整数で入力してください',
      'refundRule.2.daysBefore': '日数は0〜365の整数で入力してください',
    });
  });

  it('answers a slot capacity over the limit in Japanese', () => {
    const r = slotOverrideSchema.safeParse({ date: '2027-01-05', time: '09:00', capacity: 1000 });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({ capacity: '受付数は0〜100の整数で入力してください' });
  });
});
