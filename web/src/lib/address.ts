/**
 * Card locations for the lists and the detail page. The meeting-point address itself (order, fallbacks, map link)
 * is the domain's (`@domain/address`), shared with the mails.
 */
import { placeName } from '@domain/place-names';
import { siteLocale } from './site-locale';

/**
 * `Ehime, Imabari` on the English site, `愛媛県今治市` on a Japanese one (issue 21 item 9: the postal autofill
 * stores Japanese names); empty when neither is set.
 */
export function cardLocation(prefecture: string, city: string): string {
  return placeName({ prefecture, city }, siteLocale());
}
