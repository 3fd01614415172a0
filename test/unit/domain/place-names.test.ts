import { cityName, placeName, prefectureName } from '@domain/place-names';
import { SEED_EXPERIENCES } from '../../../scripts/seed/experiences';

const latinOnly = /^[\x20-\x7e]*$/;

describe('place names in the reader’s script (issue 21 item 9)', () => {
  it('romanises what the postal autofill stores for English readers, and keeps Japanese for Japanese readers', () => {
    expect(placeName({ prefecture: 'Ehime', city: '今治市' }, 'en')).toBe('Ehime, Imabari');
    expect(placeName({ prefecture: '愛媛県', city: '喜多郡内子町' }, 'en')).toBe('Ehime, Uchiko');
    expect(placeName({ prefecture: 'Ehime', city: '内子町' }, 'en')).toBe('Ehime, Uchiko');
    expect(placeName({ prefecture: 'Ehime', city: '今治市' }, 'ja')).toBe('愛媛県今治市');
    expect(placeName({ prefecture: 'Ehime', city: 'Matsuyama' }, 'ja')).toBe('愛媛県松山市');
    expect(placeName({ prefecture: 'Ehime', city: 'Matsuyama' }, 'en')).toBe('Ehime, Matsuyama');
  });

  it('writes places for Korean readers in Hangul and for Chinese readers in Taiwan’s characters (issue 19)', () => {
    expect(placeName({ prefecture: 'Ehime', city: '今治市' }, 'ko')).toBe('에히메현 이마바리시');
    expect(placeName({ prefecture: '愛媛県', city: '喜多郡内子町' }, 'ko')).toBe('에히메현 우치코정');
    expect(placeName({ prefecture: 'Ehime', city: '架空町' }, 'ko')).toBe('에히메현');
    expect(placeName({ prefecture: 'Kagawa', city: 'Some Village' }, 'ko')).toBe('가가와현 Some Village');
    expect(placeName({ prefecture: 'Ehime', city: '新居浜市' }, 'zh-Hant')).toBe('愛媛縣新居濱市');
    expect(placeName({ prefecture: 'Hiroshima', city: 'Hatsukaichi' }, 'zh-Hant')).toBe('廣島縣廿日市市');
    expect(placeName({ prefecture: 'Ehime', city: '架空町' }, 'zh-Hant')).toBe('愛媛縣架空町');
    expect(prefectureName('どこか', 'ko')).toBe('');
    for (const e of SEED_EXPERIENCES) {
      expect(placeName(e, 'ko'), e.title).toMatch(/^[\uac00-\ud7af]+ [\uac00-\ud7af]+$/);
      expect(placeName(e, 'zh-Hant'), e.title).not.toMatch(/[\u3040-\u30ff県浜条国温万区]/);
    }
  });

  it('never shows Japanese script to an English reader: an unknown Japanese name is left out', () => {
    expect(cityName('架空町', 'en')).toBe('');
    expect(placeName({ prefecture: 'Ehime', city: '架空町' }, 'en')).toBe('Ehime');
    expect(prefectureName('どこか', 'en')).toBe('');
    expect(placeName({ prefecture: '', city: '' }, 'en')).toBe('');
    expect(cityName('Some Village', 'en')).toBe('Some Village');
  });

  it('romanises every Ehime municipality of the postal data', () => {
    const ehime = [
      '上浮穴郡久万高原町',
      '今治市',
      '伊予市',
      '伊予郡松前町',
      '伊予郡砥部町',
      '八幡浜市',
      '北宇和郡松野町',
      '北宇和郡鬼北町',
      '南宇和郡愛南町',
      '喜多郡内子町',
      '四国中央市',
      '大洲市',
      '宇和島市',
      '新居浜市',
      '東温市',
      '松山市',
      '西予市',
      '西宇和郡伊方町',
      '西条市',
      '越智郡上島町',
    ];
    for (const city of ehime) expect(cityName(city, 'en'), city).toMatch(/^[A-Z][a-z]+$/);
  });

  it('shows every seeded experience in Latin script on the English site, with its city', () => {
    for (const e of SEED_EXPERIENCES) {
      const line = placeName(e, 'en');
      expect(line, e.title).toMatch(latinOnly);
      expect(line.split(', ').length, e.title).toBe(2);
    }
  });
});
