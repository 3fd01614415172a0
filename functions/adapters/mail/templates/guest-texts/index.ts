import type { GuestLocale } from '../../../../domain/entities';
import { en } from './en';
import { ja } from './ja';
import { ko } from './ko';
import type { GuestMailTexts } from './types';
import { zhHant } from './zh-hant';

export type { GuestMailTexts } from './types';

/** The guest mails' texts per site language (a language without its module is a type error here). */
const TEXTS: Record<GuestLocale, GuestMailTexts> = { en, ja, 'zh-Hant': zhHant, ko };

export function guestMailTexts(language: GuestLocale): GuestMailTexts {
  return TEXTS[language];
}
