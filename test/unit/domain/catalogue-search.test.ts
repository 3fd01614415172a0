import {
  CARD_SUMMARY_LENGTH,
  CatalogueIndex,
  cardSummary,
  searchTokens,
  type SearchEntry,
} from '../../../functions/domain/catalogue-search';

const entry = (overrides: Partial<SearchEntry>): SearchEntry => ({
  id: 'x',
  published: true,
  changedAt: '2026-01-01T00:00:00.000Z',
  hostId: 'h',
  title: '',
  summary: '',
  prefecture: 'Ehime',
  city: '',
  categoryIds: [],
  price: 1000,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});
const names = new Map([['nature', 'Nature']]);

describe('searchTokens', () => {
  it('cuts CJK runs into character pairs, so any part of 道後温泉 is a term', () => {
    expect(searchTokens('道後温泉')).toEqual(['道後', '後温', '温泉']);
    expect(searchTokens('마쓰야마시')).toEqual(['마쓰', '쓰야', '야마', '마시']);
    expect(searchTokens('松')).toEqual(['松']);
  });

  it('keeps Latin words whole, folds case and full-width letters, drops punctuation', () => {
    expect(searchTokens('Matsuyama, ＣＡＳＴＬＥ!')).toEqual(['matsuyama', 'castle']);
    expect(searchTokens('松山、愛媛 Dogo')).toEqual(['松山', '愛媛', 'dogo']);
  });
});

describe('CatalogueIndex', () => {
  const build = () => {
    const index = CatalogueIndex.empty();
    index.apply(
      [
        entry({ id: 'a', title: '道後温泉の朝', city: '松山市', price: 5000 }),
        entry({ id: 'b', title: 'Castle walk', city: 'Matsuyama', price: 3000, categoryIds: ['nature'] }),
        entry({ id: 'c', title: 'Udon', prefecture: 'Kagawa', city: '琴平町', price: 2000, hostId: 'h2' }),
      ],
      names,
    );
    return index;
  };
  const ids = (index: CatalogueIndex, q: string) =>
    index
      .search({ q, sort: 'newest', limit: 10 })
      .items.map((i) => i.id)
      .sort();

  it('finds a place in each guest language and a CJK part of a title', () => {
    const index = build();
    for (const q of ['Matsuyama', '松山', '마쓰야마', 'matsu']) expect(ids(index, q), q).toEqual(['a', 'b']);
    expect(ids(index, '温泉')).toEqual(['a']);
    expect(ids(index, '자연')).toEqual(['b']);
    expect(ids(index, 'castle zzz')).toEqual([]);
  });

  it('filters, sorts and continues after a position', () => {
    const index = build();
    const byPrice = index.search({ sort: 'lowest_price', limit: 2 });
    expect(byPrice.items.map((i) => i.id)).toEqual(['c', 'b']);
    expect(byPrice.more).toBe(true);
    const next = index.search({ sort: 'lowest_price', limit: 2, after: byPrice.items[1]! });
    expect(next.items.map((i) => i.id)).toEqual(['a']);
    expect(next.more).toBe(false);
    expect(index.search({ sort: 'newest', limit: 9, excludeHostIds: new Set(['h']) }).items).toHaveLength(1);
    expect(index.search({ sort: 'newest', limit: 9, prefecture: ' kagawa ' }).items.map((i) => i.id)).toEqual(
      ['c'],
    );
  });

  it('applies an entry only if it is newer than what it holds, so a re-read feed changes nothing', () => {
    const index = build();
    const removal = entry({ id: 'a', published: false, changedAt: '2026-02-01T00:00:00.000Z' });
    expect(index.apply([removal], names)).toBe(1);
    expect(ids(index, '温泉')).toEqual([]);
    // The older publication, read again in the overlap, does not bring it back.
    expect(index.apply([entry({ id: 'a', title: '道後温泉の朝' })], names)).toBe(0);
    expect(ids(index, '温泉')).toEqual([]);
    expect(index.watermark).toBe('2026-02-01T00:00:00.000Z');
  });

  it('round-trips through its JSON with the same answers', () => {
    const index = build();
    const back = CatalogueIndex.fromJSON(index.toJSON());
    expect(ids(back, '마쓰야마')).toEqual(['a', 'b']);
    expect(back.size).toBe(3);
  });
});

describe('cardSummary', () => {
  it('keeps a short description and cuts a long one at the card length', () => {
    expect(cardSummary('Short.')).toBe('Short.');
    const long = cardSummary('あ'.repeat(500));
    expect([...long]).toHaveLength(CARD_SUMMARY_LENGTH + 1);
    expect(long.endsWith('…')).toBe(true);
  });
});
