/**
 * The meeting point of an experience, written once for the pages and the mails so a guest reads the same address
 * everywhere: in Japanese order for Japanese readers (and taxi drivers), in Western order for English readers.
 */
import type { Experience, GuestLocale } from './entities';
import { cityName, prefectureName } from './place-names';

export type MeetingPoint = Pick<
  Experience,
  'postalCode' | 'prefecture' | 'city' | 'district' | 'streetAddress' | 'building' | 'mapLat' | 'mapLng'
>;

/** Guest spec §2: what the meeting-point block shows with neither address text nor coordinates. */
export const NO_ADDRESS_TEXT = '住所情報がありません';

const clean = (parts: (string | null | undefined)[]) => parts.map((p) => (p ?? '').trim()).filter(Boolean);

/**
 * `ja`: 〒790-0001 愛媛県 松山市 Ichibancho 1-2-3 Building — prefecture first, as a Japanese address is written.
 * `en`: Building, 1-2-3, Ichibancho, Matsuyama, Ehime 〒790-0001 — the order English readers expect.
 */
export function formatAddress(a: MeetingPoint, language: GuestLocale): string {
  const postal = a.postalCode.trim() ? `〒${a.postalCode.trim()}` : '';
  // The prefecture and the city in the reader's script where the site knows them (`愛媛県 今治市` for a Japanese
  // reader of a place stored as `Ehime`, `Imabari`; issue 32 item 6); the rest as the host wrote it.
  const prefecture = prefectureName(a.prefecture, language) || a.prefecture;
  const city = cityName(a.city, language) || a.city;
  // Japanese, Chinese and Korean readers write an address largest part first, as Japan does.
  if (language !== 'en') {
    return clean([postal, prefecture, city, a.district, a.streetAddress, a.building]).join(' ');
  }
  const line = clean([a.building, a.streetAddress, a.district, city, prefecture]).join(', ');
  return clean([line, postal]).join(' ');
}

/** Guest spec §2: with no address text, the coordinates; with neither, '住所情報がありません'. */
export function addressOrFallback(a: MeetingPoint, language: GuestLocale): string {
  const text = formatAddress(a, language);
  if (text) return text;
  if (a.mapLat !== null && a.mapLng !== null) return `${a.mapLat}, ${a.mapLng}`;
  return NO_ADDRESS_TEXT;
}

/** Guest spec §2: the meeting-point block is hidden without postal code, prefecture, city or coordinates. */
export function hasMeetingPoint(a: MeetingPoint): boolean {
  return Boolean(
    a.postalCode.trim() || a.prefecture.trim() || a.city.trim() || (a.mapLat !== null && a.mapLng !== null),
  );
}

/** A Google Maps link to the pin when the host placed one. */
export function mapsSearchUrl(a: MeetingPoint): string | null {
  if (a.mapLat === null || a.mapLng === null) return null;
  return `https://www.google.com/maps/search/?api=1&query=${a.mapLat},${a.mapLng}`;
}
