/**
 * Card locations for the lists and the detail page. The meeting-point address itself (order, fallbacks, map link)
 * is the domain's (`@domain/address`), shared with the mails.
 */
import { placeName } from '@domain/place-names';
import { contentLang } from './i18n/content-lang';
import type { Locale } from './i18n/locales';

/**
 * `Ehime, Imabari` for English readers, `愛媛県今治市` for Japanese readers, `愛媛縣今治市` for Chinese readers,
 * `에히메현 이마바리시` for Korean readers (issue 21 item 9: the postal autofill stores Japanese names); empty when
 * neither is set.
 */
export function cardLocation(prefecture: string, city: string, locale: Locale): string {
  return placeName({ prefecture, city }, locale);
}

/**
 * The `lang` of a meeting-point address as shown: the prefecture and city are written for the reader, the rest is
 * the host's text as written, whose language the address then carries (a Latin street on /ja is marked `en`).
 */
export function addressLang(
  a: { district: string; streetAddress: string; building: string | null },
  address: string,
): 'ja' | 'en' {
  const hostWritten = [a.district, a.streetAddress, a.building ?? ''].join(' ').trim();
  return contentLang(hostWritten || address);
}
