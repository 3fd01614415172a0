/** One way to write a guest's name everywhere (issue 32 item 8). */
import { isFamilyNameFirst, personName } from '../../../functions/domain/person-name';
import { countryNameIn, findCountryByName, nationalityIn } from '../../../functions/domain/countries';

describe('personName', () => {
  it('writes a name in Japanese script family name first, a Latin one given name first', () => {
    expect(personName({ firstName: '花子', lastName: '山田' })).toBe('山田 花子');
    expect(personName({ firstName: 'ハナコ', lastName: 'ヤマダ' })).toBe('ヤマダ ハナコ');
    expect(personName({ firstName: ' Emma ', lastName: 'Stone' })).toBe('Emma Stone');
    expect(personName({ firstName: '민준', lastName: '김' })).toBe('김 민준');
    expect(isFamilyNameFirst({ firstName: 'Hanako', lastName: 'Yamada' })).toBe(false);
  });
});

describe('nationalityIn', () => {
  it('names a stored nationality in the reader’s language; unknown text stays', () => {
    expect(nationalityIn('United Kingdom', 'ja')).toBe('イギリス');
    expect(nationalityIn('Japan', 'ja')).toBe('日本');
    expect(nationalityIn('Japan', 'en')).toBe('Japan');
    expect(nationalityIn('Atlantis', 'ja')).toBe('Atlantis');
    expect(countryNameIn(findCountryByName('Korea, Republic of')!, 'ko')).toBe('대한민국');
  });
});
