/** The meeting-point fields an experience (and the lookup answer) carries. */
export interface AddressFields {
  postalCode: string;
  prefecture: string;
  city: string;
  district: string;
  streetAddress: string;
  building: string | null;
  mapLat: number | null;
  mapLng: number | null;
}

export const NO_ADDRESS_TEXT = '住所情報がありません';

/** The address in Western order for guests: building, street, district, city, prefecture and postal code. */
export function formatAddress(a: AddressFields): string {
  const line = [a.building, a.streetAddress, a.district, a.city, a.prefecture]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  const postal = a.postalCode.trim();
  return [line, postal ? `〒${postal}` : ''].filter(Boolean).join(' ');
}

/** Guest spec §2: with no address text, the coordinates; with neither, '住所情報がありません'. */
export function addressOrFallback(a: AddressFields): string {
  const text = formatAddress(a);
  if (text) return text;
  if (a.mapLat !== null && a.mapLng !== null) return `${a.mapLat}, ${a.mapLng}`;
  return NO_ADDRESS_TEXT;
}

/** Guest spec §2: the meeting-point block is hidden without postal code, prefecture, city or coordinates. */
export function hasMeetingPoint(a: AddressFields): boolean {
  return Boolean(
    a.postalCode.trim() || a.prefecture.trim() || a.city.trim() || (a.mapLat !== null && a.mapLng !== null),
  );
}

/** `Matsuyama, Ehime`-style card location; empty when neither is set. */
export function cardLocation(prefecture: string, city: string): string {
  return [prefecture, city]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
}
