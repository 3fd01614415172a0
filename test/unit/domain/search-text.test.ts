/**
 * What an experience is found by (issue 32 item 3): places as the site writes them in every language, titles,
 * descriptions and category names in every language, word by word.
 */
import {
  categoriesNamedIn,
  matchesSearch,
  searchDocument,
  searchTerms,
} from '../../../functions/domain/search-text';

const matsuyama = {
  title: 'Castle walk and tea',
  description: 'A morning on the castle hill.',
  prefecture: 'Ehime',
  city: 'Matsuyama',
  categories: ['History & Traditional Culture'],
};

describe('matchesSearch', () => {
  it.each([
    'Ehime',
    'EHIME',
    '愛媛',
    '愛媛県',
    '愛媛縣',
    '에히메',
    '에히메현',
    'Matsuyama',
    '松山',
    '松山市',
    '마쓰야마',
  ])('finds an experience in Matsuyama, Ehime by %s', (q) => expect(matchesSearch(matsuyama, q)).toBe(true));

  it('finds a place stored in Japanese (as the postal-code autofill writes it) by its other names', () => {
    const stored = { ...matsuyama, prefecture: '愛媛県', city: '喜多郡内子町' };
    for (const q of ['Uchiko', '内子', '内子町', '우치코', 'Ehime', '에히메'])
      expect(matchesSearch(stored, q), q).toBe(true);
  });

  it('finds category names in every language, and titles and descriptions in any case and width', () => {
    for (const q of ['history', '歴史', '伝統文化', '歷史', '역사', 'ＣＡＳＴＬＥ', 'castle hill'])
      expect(matchesSearch(matsuyama, q), q).toBe(true);
  });

  it('needs every word: a place and a word together, separated by spaces or the punctuation between places', () => {
    expect(matchesSearch(matsuyama, 'Matsuyama tea')).toBe(true);
    expect(matchesSearch(matsuyama, '松山\u3000歴史')).toBe(true);
    expect(matchesSearch(matsuyama, 'Matsuyama, Ehime')).toBe(true);
    expect(matchesSearch(matsuyama, '松山、愛媛')).toBe(true);
    expect(matchesSearch(matsuyama, 'Matsuyama udon')).toBe(false);
    expect(matchesSearch(matsuyama, '今治')).toBe(false);
    expect(matchesSearch(matsuyama, 'Kyoto')).toBe(false);
  });

  it('matches everything with a blank query, and takes a prepared document', () => {
    expect(matchesSearch(matsuyama, '   ')).toBe(true);
    expect(matchesSearch(searchDocument(matsuyama), '마쓰야마')).toBe(true);
  });
});

describe('searchTerms and categoriesNamedIn', () => {
  it('splits on white space (ideographic too) and place punctuation, folded and unique', () => {
    expect(searchTerms(' Ｅｈｉｍｅ\u3000nature,ehime、 自然 ')).toEqual(['ehime', 'nature', '自然']);
  });

  it('names the stored categories a query word is after, in any language', () => {
    const stored = ['Nature', 'Wellness', 'Gourmet & Gastronomy'];
    expect(categoriesNamedIn('愛媛 自然', stored)).toEqual(['Nature']);
    expect(categoriesNamedIn('웰니스', stored)).toEqual(['Wellness']);
    expect(categoriesNamedIn('グルメ', stored)).toEqual(['Gourmet & Gastronomy']);
    expect(categoriesNamedIn('Matsuyama', stored)).toEqual([]);
  });
});
