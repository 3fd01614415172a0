import { countries, findCountryByCode, findCountryByName } from '@domain/countries';
import { findPrefecture, prefectureNames, prefectures } from '@domain/prefectures';

describe('prefectures', () => {
  it('lists the 47 prefectures once each, in JIS order', () => {
    expect(prefectures).toHaveLength(47);
    expect(new Set(prefectureNames).size).toBe(47);
    expect(prefectures.map((p) => p.code)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    expect(prefectures[0]).toEqual({
      code: 1,
      name: 'Hokkaido',
      nameJa: '北海道',
      nameKo: '홋카이도',
      nameZhHant: '北海道',
    });
    expect(prefectures.at(-1)).toEqual({
      code: 47,
      name: 'Okinawa',
      nameJa: '沖縄県',
      nameKo: '오키나와현',
      nameZhHant: '沖繩縣',
    });
    // Every prefecture has a Korean name in Hangul and a name in Taiwan's characters (縣, not Japan's 県).
    for (const p of prefectures) {
      expect(p.nameKo, p.name).toMatch(/^[\uac00-\ud7af]+(현|도|부)$|^홋카이도$/);
      expect(p.nameZhHant, p.name).not.toMatch(/[県広児静徳縄]/);
    }
    expect(new Set(prefectures.map((p) => p.nameKo)).size).toBe(47);
  });

  it('finds Ehime by any of its spellings', () => {
    for (const text of ['Ehime', 'ehime', ' EHIME ', '愛媛県', '愛媛'])
      expect(findPrefecture(text)?.name).toBe('Ehime');
    expect(findPrefecture('東京')?.name).toBe('Tokyo');
    expect(findPrefecture('北海道')?.name).toBe('Hokkaido');
    expect(findPrefecture('')).toBeUndefined();
    expect(findPrefecture('Atlantis')).toBeUndefined();
  });
});

describe('countries', () => {
  it('has about 250 entries with unique codes and names and well-formed dialling codes', () => {
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    expect(new Set(countries.map((c) => c.name)).size).toBe(countries.length);
    for (const c of countries) expect(c.dialCode).toMatch(/^\+\d{1,4}$/);
  });

  it('includes the usual ones', () => {
    expect(findCountryByName('Japan')).toEqual({ code: 'JP', name: 'Japan', dialCode: '+81' });
    expect(findCountryByName('united states')?.dialCode).toBe('+1');
    expect(findCountryByCode('gb')?.dialCode).toBe('+44');
    expect(findCountryByCode('KR')?.dialCode).toBe('+82');
    expect(findCountryByCode('TW')?.dialCode).toBe('+886');
    expect(findCountryByCode('CN')?.dialCode).toBe('+86');
  });
});
