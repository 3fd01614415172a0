/**
 * Requests of the concierge desk's inquiry routes (DESIGN §6 wave 4, issue 31). The guest's form and answers speak
 * the guest's language (en, ja, zh-Hant, ko: `inquiryRequestSchema(locale)`, `inquiryMessageSchema(locale)`); the
 * concierge's routes speak Japanese, as every back-office 400.
 */
import * as z from 'zod';
import { guestLocales, type GuestLocale } from '../entities';
import { INQUIRY_LIMITS, inquiryStatuses } from '../inquiries';
import { emailField, optionalText, requiredText } from './common';

interface InquiryFieldTexts {
  nameRequired: string;
  nameTooLong: string;
  emailRequired: string;
  emailInvalid: string;
  locale: string;
  messageRequired: string;
  messageTooLong: string;
  experience: string;
  preferredDatesTooLong: string;
  guests: string;
}

const max = INQUIRY_LIMITS.message.toLocaleString('en');

/** The field messages of the guest's form, per site language. */
export const inquiryFieldTexts: Record<GuestLocale, InquiryFieldTexts> = {
  en: {
    nameRequired: 'Please enter your name',
    nameTooLong: `At most ${INQUIRY_LIMITS.name} characters`,
    emailRequired: 'Please enter your e-mail address',
    emailInvalid: 'Please enter a valid e-mail address',
    locale: 'Choose a language',
    messageRequired: 'Please write your question',
    messageTooLong: `At most ${max} characters`,
    experience: 'This experience is not available',
    preferredDatesTooLong: `At most ${INQUIRY_LIMITS.preferredDates} characters`,
    guests: `From ${INQUIRY_LIMITS.guests.min} to ${INQUIRY_LIMITS.guests.max} people`,
  },
  ja: {
    nameRequired: 'お名前を入力してください',
    nameTooLong: `${INQUIRY_LIMITS.name}文字以内で入力してください`,
    emailRequired: 'メールアドレスを入力してください',
    emailInvalid: '正しいメールアドレスを入力してください',
    locale: '言語を選択してください',
    messageRequired: 'ご質問を入力してください',
    messageTooLong: `${max}文字以内で入力してください`,
    experience: 'この体験は現在ご案内できません',
    preferredDatesTooLong: `${INQUIRY_LIMITS.preferredDates}文字以内で入力してください`,
    guests: `${INQUIRY_LIMITS.guests.min}〜${INQUIRY_LIMITS.guests.max}名で入力してください`,
  },
  'zh-Hant': {
    nameRequired: '請輸入您的姓名',
    nameTooLong: `最多 ${INQUIRY_LIMITS.name} 個字元`,
    emailRequired: '請輸入您的電子郵件地址',
    emailInvalid: '請輸入有效的電子郵件地址',
    locale: '請選擇語言',
    messageRequired: '請輸入您的問題',
    messageTooLong: `最多 ${max} 個字元`,
    experience: '此體驗目前無法提供',
    preferredDatesTooLong: `最多 ${INQUIRY_LIMITS.preferredDates} 個字元`,
    guests: `請輸入 ${INQUIRY_LIMITS.guests.min} 至 ${INQUIRY_LIMITS.guests.max} 人`,
  },
  ko: {
    nameRequired: '이름을 입력해 주세요',
    nameTooLong: `${INQUIRY_LIMITS.name}자 이내로 입력해 주세요`,
    emailRequired: '이메일 주소를 입력해 주세요',
    emailInvalid: '올바른 이메일 주소를 입력해 주세요',
    locale: '언어를 선택해 주세요',
    messageRequired: '문의 내용을 입력해 주세요',
    messageTooLong: `${max}자 이내로 입력해 주세요`,
    experience: '이 체험은 현재 안내해 드릴 수 없습니다',
    preferredDatesTooLong: `${INQUIRY_LIMITS.preferredDates}자 이내로 입력해 주세요`,
    guests: `${INQUIRY_LIMITS.guests.min}~${INQUIRY_LIMITS.guests.max}명으로 입력해 주세요`,
  },
};

/** The 400 message of the guest's routes, per site language. */
export const inquiryInvalidRequest: Record<GuestLocale, string> = {
  en: 'Please check the highlighted fields.',
  ja: '入力内容をご確認ください。',
  'zh-Hant': '請確認標示的欄位。',
  ko: '표시된 항목을 확인해 주세요.',
};

/** The site language a (possibly invalid) body asks for; English when it names none of them. */
export const localeOfBody = (body: unknown): GuestLocale => {
  const locale = (body as { locale?: unknown } | null)?.locale;
  return guestLocales.find((l) => l === locale) ?? 'en';
};

const messageText = (t: InquiryFieldTexts) =>
  requiredText(t.messageRequired, INQUIRY_LIMITS.message, t.messageTooLong);

/** `POST /api/inquiries`, with the field messages of `locale`. */
export const inquiryRequestSchema = (locale: GuestLocale = 'en') => {
  const t = inquiryFieldTexts[locale];
  return z.strictObject({
    name: requiredText(t.nameRequired, INQUIRY_LIMITS.name, t.nameTooLong),
    email: emailField(t.emailRequired, t.emailInvalid),
    locale: z.enum(guestLocales, { error: t.locale }),
    message: messageText(t),
    experienceId: z
      .string({ error: t.experience })
      .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: t.experience })
      .nullish()
      .transform((v) => v ?? null),
    preferredDates: optionalText(INQUIRY_LIMITS.preferredDates, t.preferredDatesTooLong),
    guests: z
      .number({ error: t.guests })
      .int({ error: t.guests })
      .min(INQUIRY_LIMITS.guests.min, { error: t.guests })
      .max(INQUIRY_LIMITS.guests.max, { error: t.guests })
      .nullish()
      .transform((v) => v ?? null),
  });
};
export type InquiryRequest = z.infer<ReturnType<typeof inquiryRequestSchema>>;
export type InquiryRequestInput = z.input<ReturnType<typeof inquiryRequestSchema>>;

/** `POST /api/inquiries/{token}/messages`, in the inquiry's language. */
export const inquiryMessageSchema = (locale: GuestLocale = 'en') =>
  z.strictObject({ text: messageText(inquiryFieldTexts[locale]) });
export type InquiryMessageRequest = z.infer<ReturnType<typeof inquiryMessageSchema>>;

/** `POST /api/admin/inquiries/{id}/messages` (Japanese messages). */
export const conciergeMessageSchema = z.strictObject({
  text: requiredText(
    '返信を入力してください',
    INQUIRY_LIMITS.message,
    `${INQUIRY_LIMITS.message.toLocaleString('ja')}文字以内で入力してください`,
  ),
});
export type ConciergeMessageRequest = z.infer<typeof conciergeMessageSchema>;

/** `GET /api/admin/inquiries?status&cursor&limit`. */
export const adminInquiriesQuery = z.object({
  status: z
    .enum(inquiryStatuses, { error: '状態は new、answered、waiting、closed のいずれかです' })
    .optional(),
  cursor: z.string().min(1).max(2000).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: '件数は1〜100で指定してください' })
    .max(100, { error: '件数は1〜100で指定してください' })
    .optional(),
});
export type AdminInquiriesQuery = z.infer<typeof adminInquiriesQuery>;
