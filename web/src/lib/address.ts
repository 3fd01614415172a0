/**
 * Card locations for the lists and the detail page. The meeting-point address itself (order, fallbacks, map link)
 * is the domain's (`@domain/address`), shared with the mails.
 */
import { placeName } from '@domain/place-names';
import type { Locale } from './i18n/locales';

/**
 * `Ehime, Imabari` for English readers, `愛媛県今治市` for Japanese readers, `愛媛縣今治市` for Chinese readers,
 * `에히메현 이마바리시` for Korean readers (issue 21 item 9: the postal autofill stores Japanese names); empty when
 * neither is set.
 */
export function cardLocation(prefecture: string, city: string, locale: Locale): string {
  return placeName({ prefecture, city }, locale);
}
