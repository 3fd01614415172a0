/**
 * The catalogue's search index (issue 33 item 3, DESIGN §4i "Search and browse"): one compact document per
 * published experience (title, the card's summary, the prefecture and the city as the site writes them in every
 * guest language, its category names in every language, price and creation time; never the full description),
 * indexed with MiniSearch. Pure: the repository stores the entries, the use case loads, catches up and saves the
 * index, and this module decides what is found and in which order.
 *
 * Words are cut with `Intl.Segmenter`; Japanese, Chinese and Korean runs are indexed as overlapping character
 * pairs (bigrams), so 「道後温泉」 is found by 「道後」, 「温泉」 and 「道後温泉」 alike whatever the segmenter's
 * dictionary does with the run, and 「마쓰야마」 inside 「마쓰야마시」. Every word of a query must match (as the list's
 * word-by-word search did before), each as a prefix of an indexed term.
 */
import MiniSearch from 'minisearch';
import { categoryNamesOf } from './category-names';
import { cityName, prefectureName, type PlaceReader } from './place-names';
import { searchable } from './search-text';

/** Guest spec §9: descriptions are cut at 125 characters on the cards. */
export const CARD_SUMMARY_LENGTH = 125;

/** The start of a description as cards carry it (the detail keeps the whole text). */
export function cardSummary(description: string): string {
  const chars = [...description.trim()];
  return chars.length <= CARD_SUMMARY_LENGTH
    ? chars.join('')
    : `${chars.slice(0, CARD_SUMMARY_LENGTH).join('')}…`;
}

/** What the table keeps of an experience for the index (one item per experience, rewritten with its card). */
export interface SearchEntry {
  id: string;
  /** `false` once unpublished or deleted: the index drops the experience. */
  published: boolean;
  /** When the entry was written (the catch-up reads entries changed after the index's watermark). */
  changedAt: string;
  hostId: string;
  title: string;
  summary: string;
  prefecture: string;
  city: string;
  categoryIds: string[];
  price: number;
  createdAt: string;
}

export type CatalogueSort = 'newest' | 'lowest_price';

/** A card's place in either order (creation then id; price then id), as page cursors carry it. */
export interface CataloguePosition {
  id: string;
  createdAt: string;
  price: number;
}

export interface CatalogueQuery {
  q?: string;
  /** Case-insensitive exact prefecture. */
  prefecture?: string;
  /** Any-of. */
  categoryIds?: readonly string[];
  excludeHostIds?: ReadonlySet<string>;
  sort: CatalogueSort;
  after?: CataloguePosition;
  limit: number;
}

interface Meta {
  /** `false`: a removal, kept so that an older entry read again cannot bring the experience back. */
  published: boolean;
  hostId: string;
  prefecture: string;
  categoryIds: string[];
  price: number;
  createdAt: string;
  /** `createdAt` as milliseconds (ordering). */
  at: number;
  changedAt: string;
}

const READERS: readonly PlaceReader[] = ['en', 'ja', 'zh-Hant', 'ko'];
/** Han, kana, Hangul (and their compatibility forms): scripts written without spaces between words. */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u;
const segmenter = new Intl.Segmenter('ja', { granularity: 'word' });

/**
 * The terms of a text, for the index and for queries alike: NFKC and lower case, words from `Intl.Segmenter`
 * (Latin words whole), and each run of CJK characters as its character pairs (a lone character as itself).
 */
export function searchTokens(text: string): string[] {
  const terms: string[] = [];
  let run = '';
  let runEnd = -1;
  const flush = () => {
    const chars = [...run];
    if (chars.length === 1) terms.push(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i]! + chars[i + 1]!);
    run = '';
  };
  for (const s of segmenter.segment(searchable(text))) {
    if (!s.isWordLike) {
      flush();
      continue;
    }
    if (CJK.test(s.segment)) {
      // Adjacent CJK segments form one run, so a pair across the segmenter's cut is indexed too.
      if (run && runEnd !== s.index) flush();
      run += s.segment;
      runEnd = s.index + s.segment.length;
    } else {
      flush();
      terms.push(s.segment);
    }
  }
  flush();
  return terms;
}

const OPTIONS = {
  idField: 'id',
  fields: ['title', 'summary', 'places', 'categories'],
  tokenize: searchTokens,
  // Terms are normalised by the tokenizer already.
  processTerm: (term: string) => term,
  searchOptions: { combineWith: 'AND' as const, prefix: true },
};

interface IndexDocument {
  id: string;
  title: string;
  summary: string;
  places: string;
  categories: string;
}

/** A position with its instant as a number, so that ordering thousands of matches compares numbers. */
interface Ranked extends CataloguePosition {
  at: number;
}
const ranked = (p: CataloguePosition): Ranked => ({ ...p, at: Date.parse(p.createdAt) || 0 });
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Creation then id, both descending (the newest-cards index's order); price then id ascending (the price index's). */
const ORDER: Record<CatalogueSort, (a: Ranked, b: Ranked) => number> = {
  newest: (a, b) => b.at - a.at || byId(b.id, a.id),
  lowest_price: (a, b) => a.price - b.price || byId(a.id, b.id),
};

/** The serialized index (an S3 object in AWS): MiniSearch's own JSON beside the entries' filter and sort data. */
interface Snapshot {
  version: 1;
  watermark: string;
  meta: [string, Meta][];
  index: unknown;
}

export class CatalogueIndex {
  private readonly meta = new Map<string, Meta>();
  private constructor(
    private readonly mini: MiniSearch<IndexDocument>,
    /** The latest `changedAt` applied: catch-up continues from here. */
    public watermark: string,
  ) {}

  static empty(): CatalogueIndex {
    return new CatalogueIndex(new MiniSearch<IndexDocument>(OPTIONS), '');
  }

  static fromJSON(json: string): CatalogueIndex {
    const snapshot = JSON.parse(json) as Snapshot;
    if (snapshot.version !== 1)
      throw new Error(`Unknown catalogue index version ${String(snapshot.version)}`);
    const index = new CatalogueIndex(
      MiniSearch.loadJS<IndexDocument>(snapshot.index as never, OPTIONS),
      snapshot.watermark,
    );
    for (const [id, m] of snapshot.meta)
      index.meta.set(id, { ...m, at: m.at ?? (Date.parse(m.createdAt) || 0) });
    return index;
  }

  toJSON(): string {
    const snapshot: Snapshot = {
      version: 1,
      watermark: this.watermark,
      meta: [...this.meta],
      index: this.mini.toJSON(),
    };
    return JSON.stringify(snapshot);
  }

  /** How many experiences are searchable. */
  get size(): number {
    let n = 0;
    for (const m of this.meta.values()) if (m.published) n++;
    return n;
  }

  has(id: string): boolean {
    return this.meta.get(id)?.published === true;
  }

  /**
   * Applies entries in any order and any number of times: an entry older than what the index holds for its
   * experience changes nothing, so re-reading an overlap of the change feed is harmless. `categoryNames`: stored
   * category name by id (their names in every language are indexed). Answers how many experiences changed.
   */
  apply(entries: readonly SearchEntry[], categoryNames: ReadonlyMap<string, string>): number {
    let changed = 0;
    for (const e of entries) {
      if (e.changedAt > this.watermark) this.watermark = e.changedAt;
      const current = this.meta.get(e.id);
      if (current && current.changedAt >= e.changedAt) continue;
      if (current?.published) this.mini.discard(e.id);
      if (current?.published || e.published) changed++;
      if (e.published) this.mini.add(documentOf(e, categoryNames));
      this.meta.set(e.id, {
        published: e.published,
        hostId: e.hostId,
        prefecture: e.prefecture.trim().toLowerCase(),
        categoryIds: [...e.categoryIds],
        price: e.price,
        createdAt: e.createdAt,
        at: Date.parse(e.createdAt) || 0,
        changedAt: e.changedAt,
      });
    }
    return changed;
  }

  /**
   * The positions of the cards a page shows (at most `limit`, after `after` in the requested order) and whether
   * more follow. The caller reads exactly these cards.
   */
  search(query: CatalogueQuery): { items: CataloguePosition[]; more: boolean } {
    const text = query.q?.trim() ?? '';
    const ids =
      searchTokens(text).length > 0 ? this.mini.search(text).map((r) => String(r.id)) : [...this.meta.keys()];
    const prefecture = query.prefecture?.trim().toLowerCase();
    const categories = query.categoryIds && query.categoryIds.length > 0 ? new Set(query.categoryIds) : null;
    const order = ORDER[query.sort];
    const after = query.after ? ranked(query.after) : undefined;
    // Only the page and one beyond it are kept, in order, while the matches are walked (no sort of them all).
    const keep = query.limit + 1;
    const matching: Ranked[] = [];
    for (const id of ids) {
      const m = this.meta.get(id);
      if (!m?.published) continue;
      if (query.excludeHostIds?.has(m.hostId)) continue;
      if (prefecture !== undefined && m.prefecture !== prefecture) continue;
      if (categories && !m.categoryIds.some((c) => categories.has(c))) continue;
      const position: Ranked = { id, createdAt: m.createdAt, price: m.price, at: m.at };
      if (after && order(position, after) <= 0) continue;
      if (matching.length === keep && order(position, matching[keep - 1]!) >= 0) continue;
      let i = matching.length;
      while (i > 0 && order(position, matching[i - 1]!) < 0) i--;
      matching.splice(i, 0, position);
      if (matching.length > keep) matching.pop();
    }
    const items = matching
      .slice(0, query.limit)
      .map(({ id, createdAt, price }) => ({ id, createdAt, price }));
    return { items, more: matching.length > query.limit };
  }
}

function documentOf(e: SearchEntry, categoryNames: ReadonlyMap<string, string>): IndexDocument {
  const places = READERS.flatMap((r) => [prefectureName(e.prefecture, r), cityName(e.city, r)]);
  const categories = e.categoryIds.flatMap((id) => {
    const name = categoryNames.get(id);
    return name ? categoryNamesOf(name) : [];
  });
  return {
    id: e.id,
    title: e.title,
    summary: e.summary,
    // One line per distinct name (English and the stored name, Japanese and Chinese often coincide).
    places: [...new Set([e.prefecture, e.city, ...places].filter(Boolean))].join('\n'),
    categories: categories.join('\n'),
  };
}
