import { experienceCreateFormSchemaJa, experienceEditFormSchemaJa } from '@domain/schemas/experience-form';
import { checkImageFile, MAX_UPLOAD_BYTES, uploadMessagesJa } from '@domain/schemas/host-api';
import {
  denyBookingSchemaJa,
  hostPasswordChangeSchemaJa,
  hostProfileFormSchemaJa,
} from '@domain/schemas/host';
import { fieldErrors } from '@domain/validation';
import type * as z from 'zod';

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

describe('the back office speaks Japanese where the specification quotes English', () => {
  it('create form: every required field says what to enter, in Japanese', () => {
    expect(errorsOf(experienceCreateFormSchemaJa, { participantsMin: 1, participantsMax: 3 })).toEqual({
      title: 'タイトルを入力してください',
      price: '料金を入力してください',
      postalCode: '郵便番号を入力してください',
      prefecture: '都道府県を入力してください',
      city: '市区町村を入力してください',
      district: '地区を入力してください',
      streetAddress: '番地を入力してください',
    });
  });

  it('create form: a negative price and more than 10 images', () => {
    const errors = errorsOf(experienceCreateFormSchemaJa, {
      price: '-1',
      mainImages: Array.from({ length: 11 }, (_, i) => `/images/h/${i}.jpg`),
    });
    expect(errors).toMatchObject({
      price: '0以上の数値を入力してください',
      mainImages: '画像は10枚までアップロードできます',
    });
  });

  it('edit form: keeps its Japanese required messages and asks for at least one image to publish', () => {
    expect(
      errorsOf(experienceEditFormSchemaJa, { mainImages: [], publicationStatus: 'public' }),
    ).toMatchObject({
      title: 'タイトルは必須です',
      mainImages: '公開するには画像を1枚以上登録してください',
    });
  });

  it('password change, profile and denial reason', () => {
    expect(
      errorsOf(hostPasswordChangeSchemaJa, {
        currentPassword: '',
        newPassword: 'short',
        confirmPassword: 'x',
      }),
    ).toEqual({
      currentPassword: '現在のパスワードを入力してください',
      newPassword: '新しいパスワードは8文字以上で入力してください',
      confirmPassword: '確認用パスワードは8文字以上で入力してください',
    });
    expect(
      errorsOf(hostPasswordChangeSchemaJa, {
        currentPassword: 'old',
        newPassword: 'new password',
        confirmPassword: 'new passwort',
      }),
    ).toEqual({ confirmPassword: '新しいパスワードと確認用パスワードが一致しません' });
    expect(errorsOf(hostProfileFormSchemaJa, { businessName: '  ' })).toEqual({
      businessName: 'ビジネス名を入力してください',
    });
    expect(errorsOf(denyBookingSchemaJa, { reason: ' \n ' })).toEqual({
      reason: 'お客様にお送りする否認理由を入力してください',
    });
  });
});

describe('checkImageFile', () => {
  it('accepts an image within the limit of its purpose', () => {
    expect(
      checkImageFile({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES['experience-image'] }, 'experience-image'),
    ).toBe(null);
    expect(checkImageFile({ type: 'image/png', size: MAX_UPLOAD_BYTES.avatar }, 'avatar')).toBe(null);
  });

  it('refuses other types and larger files with the message of the purpose', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10 }, 'experience-image')).toBe(
      uploadMessagesJa.imageOnly,
    );
    expect(checkImageFile({ type: '', size: 10 }, 'avatar')).toBe('画像ファイルのみアップロード可能です');
    // Only what the photo pipeline publishes: no SVG (a script container), no type the pipeline cannot read.
    for (const type of ['image/svg+xml', 'image/gif', 'image/tiff', 'image/heic', 'image/*']) {
      expect(checkImageFile({ type, size: 10 }, 'experience-image'), type).toBe(uploadMessagesJa.imageOnly);
    }
    expect(checkImageFile({ type: 'image/webp', size: 10 }, 'experience-image')).toBe(null);
    expect(
      checkImageFile(
        { type: 'image/jpeg', size: MAX_UPLOAD_BYTES['experience-image'] + 1 },
        'experience-image',
      ),
    ).toBe('画像は1枚10MB以下にしてください');
    expect(checkImageFile({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES.avatar + 1 }, 'avatar')).toBe(
      '画像サイズは5MB以下にしてください',
    );
  });
});
