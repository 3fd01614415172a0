import { defaultAvailabilityRule } from '@domain/availability';
import {
  EDIT_REQUIRED_MISSING_TOAST,
  experienceCreateFormSchema,
  experienceEditFormSchema,
  PARTICIPANTS_RANGE_INVALID_TOAST,
} from '@domain/schemas/experience-form';
import { fieldErrors } from '@domain/validation';
import type * as z from 'zod';

const minimal = () => ({
  title: 'Tea ceremony in Matsuyama',
  price: 12000,
  postalCode: '790-0001',
  prefecture: 'Ehime',
  city: 'Matsuyama',
  district: 'Ichiban-cho',
  streetAddress: '1-2-3',
  participantsMin: 1,
  participantsMax: 3,
  mainImages: ['/images/host/a.jpg'],
});

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

describe('experience form: create (English)', () => {
  it('fills defaults: private, the default rule, empty lists, null texts', () => {
    const data = experienceCreateFormSchema.parse({ ...minimal(), mainImages: undefined });
    expect(data).toMatchObject({
      description: '',
      mainImages: [],
      movie: null,
      building: null,
      mapLat: null,
      tags: [],
      categoryIds: [],
      publicationStatus: 'private',
      availability: defaultAvailabilityRule,
    });
  });

  it('names every missing required field', () => {
    expect(
      errorsOf(experienceCreateFormSchema, {
        title: ' ',
        price: '',
        postalCode: '',
        prefecture: '',
        city: '',
        district: '',
        streetAddress: '',
        participantsMin: 1,
        participantsMax: 3,
      }),
    ).toEqual({
      title: 'Please enter a title',
      price: 'Please enter a price',
      postalCode: 'Please enter the postal code',
      prefecture: 'Please enter the prefecture',
      city: 'Please enter the city',
      district: 'Please enter the district',
      streetAddress: 'Please enter the street address',
    });
  });

  it('reads the price from a text field and rejects negative or non-whole prices', () => {
    expect(experienceCreateFormSchema.parse({ ...minimal(), price: '15,400' }).price).toBe(15400);
    expect(experienceCreateFormSchema.parse({ ...minimal(), price: '１２０００' }).price).toBe(12000);
    expect(experienceCreateFormSchema.parse({ ...minimal(), price: 0 }).price).toBe(0);
    for (const price of [-1, '-1', 12.5]) {
      expect(errorsOf(experienceCreateFormSchema, { ...minimal(), price })).toEqual({
        price: 'Enter a number of 0 or more',
      });
    }
    expect(errorsOf(experienceCreateFormSchema, { ...minimal(), price: 'abc' })).toEqual({
      price: 'Enter the price in digits, for example 12000',
    });
    expect(errorsOf(experienceCreateFormSchema, { ...minimal(), price: 100_000_000 })).toHaveProperty(
      'price',
    );
  });

  it('checks the participants range with the Japanese messages', () => {
    expect(errorsOf(experienceCreateFormSchema, { ...minimal(), participantsMin: 0 })).toEqual({
      participantsMin: '1人以上を入力してください',
    });
    expect(
      errorsOf(experienceCreateFormSchema, { ...minimal(), participantsMin: 4, participantsMax: 3 }),
    ).toEqual({
      participantsMax: '最大人数は最少人数以上にしてください',
    });
    // The range is checked even while the title is still missing.
    expect(
      errorsOf(experienceCreateFormSchema, {
        ...minimal(),
        title: '',
        participantsMin: 4,
        participantsMax: 3,
      }),
    ).toHaveProperty('participantsMax', '最大人数は最少人数以上にしてください');
    expect(PARTICIPANTS_RANGE_INVALID_TOAST).toBe(
      '参加人数の設定が無効です。最少人数と最大人数をご確認ください。',
    );
  });

  it('stores the prefecture under its English name, whatever spelling the host used', () => {
    expect(experienceCreateFormSchema.parse({ ...minimal(), prefecture: '愛媛県' }).prefecture).toBe('Ehime');
    expect(experienceCreateFormSchema.parse({ ...minimal(), prefecture: 'ehime' }).prefecture).toBe('Ehime');
    expect(errorsOf(experienceCreateFormSchema, { ...minimal(), prefecture: 'Atlantis' })).toEqual({
      prefecture: 'Please choose a prefecture from the list',
    });
  });

  it('allows up to 10 main images', () => {
    const images = (n: number) => Array.from({ length: n }, (_, i) => `/images/h/${i}.jpg`);
    expect(experienceCreateFormSchema.safeParse({ ...minimal(), mainImages: images(10) }).success).toBe(true);
    expect(errorsOf(experienceCreateFormSchema, { ...minimal(), mainImages: images(11) })).toEqual({
      mainImages: 'You can upload up to 10 images',
    });
  });

  it('accepts only http(s) video links', () => {
    expect(
      experienceCreateFormSchema.parse({ ...minimal(), movie: 'https://www.youtube.com/watch?v=abc' }).movie,
    ).toBe('https://www.youtube.com/watch?v=abc');
    expect(experienceCreateFormSchema.parse({ ...minimal(), movie: '  ' }).movie).toBeNull();
    expect(errorsOf(experienceCreateFormSchema, { ...minimal(), movie: 'javascript:alert(1)' })).toEqual({
      movie: 'Please enter a valid URL',
    });
  });

  it('keeps the availability rule, removing repeated holidays, and refuses a broken one', () => {
    const availability = { ...defaultAvailabilityRule, regularHolidays: ['monday', 'monday'], capacity: 2 };
    expect(experienceCreateFormSchema.parse({ ...minimal(), availability }).availability).toEqual({
      ...defaultAvailabilityRule,
      regularHolidays: ['monday'],
      capacity: 2,
    });
    const broken = { ...defaultAvailabilityRule, defaultHours: { start: '08:30', end: '19:00' } };
    expect(experienceCreateFormSchema.safeParse({ ...minimal(), availability: broken }).success).toBe(false);
  });

  it('accepts image paths on our origin and http(s) URLs only', () => {
    const ok = ['/images/h/a.jpg', 'https://cdn.example.com/a.jpg'];
    expect(experienceCreateFormSchema.parse({ ...minimal(), mainImages: ok }).mainImages).toEqual(ok);
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example.com/a.jpg',
      'data:image/png;base64,AAAA',
      ' ',
    ]) {
      expect(errorsOf(experienceCreateFormSchema, { ...minimal(), mainImages: [bad] })).toHaveProperty(
        'mainImages.0',
      );
      expect(errorsOf(experienceCreateFormSchema, { ...minimal(), detailImage1: bad })).toHaveProperty(
        'detailImage1',
      );
    }
  });

  it('de-duplicates categories and tags', () => {
    const data = experienceCreateFormSchema.parse({
      ...minimal(),
      categoryIds: ['a', 'b', 'a'],
      tags: ['x', 'x'],
    });
    expect(data.categoryIds).toEqual(['a', 'b']);
    expect(data.tags).toEqual(['x']);
  });
});

describe('experience form: edit (Japanese)', () => {
  it('names every missing required field in Japanese', () => {
    expect(
      errorsOf(experienceEditFormSchema, {
        ...minimal(),
        title: '',
        postalCode: '',
        prefecture: '',
        city: '',
        district: '',
        streetAddress: '',
      }),
    ).toEqual({
      title: 'タイトルは必須です',
      postalCode: '郵便番号は必須です',
      prefecture: '都道府県は必須です',
      city: '市区町村は必須です',
      district: '地区は必須です',
      streetAddress: '番地は必須です',
    });
    expect(EDIT_REQUIRED_MISSING_TOAST).toBe('必須項目が入力されていません。');
  });

  it('reports an inverted range on both participant fields', () => {
    expect(
      errorsOf(experienceEditFormSchema, { ...minimal(), participantsMin: 5, participantsMax: 2 }),
    ).toEqual({
      participantsMin: '最少人数は最大人数以下にしてください',
      participantsMax: '最大人数は最少人数以上にしてください',
    });
    expect(errorsOf(experienceEditFormSchema, { ...minimal(), participantsMin: 0 })).toEqual({
      participantsMin: '1人以上を入力してください',
    });
  });

  it('may not be published without a main image, but may stay a private draft without one', () => {
    expect(
      errorsOf(experienceEditFormSchema, { ...minimal(), publicationStatus: 'public', mainImages: [] }),
    ).toEqual({ mainImages: 'At least one image is required' });
    expect(errorsOf(experienceEditFormSchema, { ...minimal(), mainImages: [] })).toEqual({});
  });

  it('produces the same data as the create form for the same input', () => {
    expect(experienceEditFormSchema.parse(minimal())).toEqual(experienceCreateFormSchema.parse(minimal()));
  });
});
