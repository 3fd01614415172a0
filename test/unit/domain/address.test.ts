import {
  addressOrFallback,
  formatAddress,
  hasMeetingPoint,
  mapsSearchUrl,
  NO_ADDRESS_TEXT,
  type MeetingPoint,
} from '@domain/address';

const dogo: MeetingPoint = {
  postalCode: '790-0842',
  prefecture: 'Ehime',
  city: 'Matsuyama',
  district: 'Dogoyunomachi',
  streetAddress: '5-6',
  building: null,
  mapLat: 33.8521,
  mapLng: 132.7863,
};
const empty: MeetingPoint = {
  postalCode: ' ',
  prefecture: '',
  city: '',
  district: '',
  streetAddress: '',
  building: null,
  mapLat: null,
  mapLng: null,
};

describe('meeting point', () => {
  it('writes the address prefecture first for Japanese readers and street first for English readers', () => {
    // The prefecture and the city in the reader's script (issue 32 item 6); the street as the host wrote it.
    expect(formatAddress(dogo, 'ja')).toBe('〒790-0842 愛媛県 松山市 Dogoyunomachi 5-6');
    expect(formatAddress(dogo, 'ko')).toBe('〒790-0842 에히메현 마쓰야마시 Dogoyunomachi 5-6');
    expect(formatAddress(dogo, 'en')).toBe('5-6, Dogoyunomachi, Matsuyama, Ehime 〒790-0842');
    expect(formatAddress({ ...dogo, building: 'Tsubaki-kan 2F' }, 'en')).toMatch(/^Tsubaki-kan 2F, 5-6,/);
  });

  it('falls back to the coordinates, then to the specification text', () => {
    expect(addressOrFallback({ ...empty, mapLat: 33.85, mapLng: 132.78 }, 'en')).toBe('33.85, 132.78');
    expect(addressOrFallback(empty, 'ja')).toBe(NO_ADDRESS_TEXT);
  });

  it('hides the block without postal code, prefecture, city or pin, and links the pin to Google Maps', () => {
    expect(hasMeetingPoint(empty)).toBe(false);
    expect(hasMeetingPoint({ ...empty, city: 'Uchiko' })).toBe(true);
    expect(mapsSearchUrl(empty)).toBeNull();
    expect(mapsSearchUrl(dogo)).toBe('https://www.google.com/maps/search/?api=1&query=33.8521,132.7863');
  });
});
