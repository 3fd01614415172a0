/**
 * The host's contact fields (issue 21): on their own so that the phone rules reach only the bundles that edit them.
 */
import * as z from 'zod';
import { hostLanguageSchema } from '../entities';
import { formatPhoneInternational, isValidPhone, PHONE_MAX_LENGTH } from '../phone';
import { optionalText } from './common';

/** The host's contact fields of the specification (languages, phone, website, business description), in Japanese. */
export const hostContactMessagesJa = {
  languagesRequired: '対応言語を1つ以上選択してください',
  phoneInvalid: '有効な電話番号を入力してください（例: 089-123-4567、+81 89-123-4567）',
  websiteInvalid: 'http:// または https:// で始まるURLを入力してください',
  descriptionTooLong: '4000文字以内で入力してください',
} as const;

const isWebUrl = (value: string) => {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * `PATCH /api/host/me` may change these too (DESIGN §6 "Back office, after the audit"): each is checked only when
 * it is sent, so a profile stored before these rules (an older phone text) does not block other changes. A phone is
 * stored in its international form (`+81 89-123-4567`); blank clears phone, website and description.
 */
export const hostContactSchema = z.object({
  languages: z
    .array(hostLanguageSchema, { error: hostContactMessagesJa.languagesRequired })
    .min(1, { error: hostContactMessagesJa.languagesRequired })
    .transform((langs) => [...new Set(langs)]),
  phone: optionalText(PHONE_MAX_LENGTH, hostContactMessagesJa.phoneInvalid)
    .refine((v) => v === null || isValidPhone(v), { error: hostContactMessagesJa.phoneInvalid })
    .transform((v) => (v === null ? null : formatPhoneInternational(v))),
  website: optionalText(500, hostContactMessagesJa.websiteInvalid).refine((v) => v === null || isWebUrl(v), {
    error: hostContactMessagesJa.websiteInvalid,
  }),
  businessDescription: optionalText(4000, hostContactMessagesJa.descriptionTooLong),
});
export type HostContact = z.infer<typeof hostContactSchema>;
