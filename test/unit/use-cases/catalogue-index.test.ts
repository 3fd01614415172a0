/**
 * The search index's snapshot and catch-up (issue 33 item 3) with an in-memory store that checks ETags as S3's
 * conditional writes do: two snapshot writers racing never lose an edit, and the public copy catches up only as
 * often as it is told.
 */
import type { SearchEntry } from '../../../functions/domain/catalogue-search';
import {
  makeCatalogueSearchIndex,
  makeSnapshotCatalogueIndex,
} from '../../../functions/use-cases/catalogue-index';
import type {
  CatalogueIndexStore,
  SearchEntryFeed,
} from '../../../functions/use-cases/catalogue-search-ports';

const entry = (id: string, title: string, changedAt: string, published = true): SearchEntry => ({
  id,
  published,
  changedAt,
  hostId: 'h',
  title,
  summary: '',
  prefecture: 'Ehime',
  city: 'Matsuyama',
  categoryIds: [],
  price: 1000,
  createdAt: '2025-01-01T00:00:00.000Z',
});

function feedOf(entries: SearchEntry[]): SearchEntryFeed & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    async searchEntriesSince(since) {
      reads.push(since);
      return entries.filter((e) => e.changedAt >= since).sort((a, b) => (a.changedAt < b.changedAt ? -1 : 1));
    },
  };
}

/** S3's conditional writes: `If-Match` the ETag read, `If-None-Match: *` for the first object. */
function etagStore(): CatalogueIndexStore & { writes: number; body(): string | null } {
  let stored: { body: string; etag: string } | null = null;
  let n = 0;
  return {
    writes: 0,
    body: () => stored?.body ?? null,
    async load() {
      return stored ? { ...stored } : null;
    },
    async save(body, expected) {
      if ((stored?.etag ?? null) !== expected) return 'conflict';
      stored = { body, etag: `"${++n}"` };
      this.writes++;
      return 'saved';
    },
  };
}

const categories = { listActive: async () => [] };
const titles = async (index: ReturnType<typeof makeCatalogueSearchIndex>, q: string) =>
  (await index.current()).search({ q, sort: 'newest', limit: 10 }).items.map((i) => i.id);

describe('the catalogue index snapshot', () => {
  it('two writers racing: the loser starts again from the winner, and both edits are in the snapshot', async () => {
    const entries = [entry('a', 'Castle walk', '2026-01-01T00:00:00.000Z')];
    const feed = feedOf(entries);
    const store = etagStore();
    const snapshot = makeSnapshotCatalogueIndex({ feed, categories, store });
    await snapshot();

    // Writer 1 reads the snapshot and applies edit b; before it saves, edit c lands and writer 2 saves first.
    entries.push(entry('b', 'Onsen morning', '2026-01-01T00:10:00.000Z'));
    let raced = false;
    const writer1Store: CatalogueIndexStore = {
      load: () => store.load(),
      async save(body, expected) {
        if (!raced) {
          raced = true;
          entries.push(entry('c', 'Sake tasting', '2026-01-01T00:20:00.000Z'));
          await makeSnapshotCatalogueIndex({ feed, categories, store })();
        }
        return store.save(body, expected);
      },
    };
    const result = await makeSnapshotCatalogueIndex({ feed, categories, store: writer1Store })();
    expect(raced).toBe(true);
    // Writer 1's first save was refused (stale ETag); its retry started from writer 2's snapshot.
    expect(result.experiences).toBe(3);
    expect(store.writes).toBe(2);

    const fromSnapshot = makeCatalogueSearchIndex({
      feed: feedOf([]),
      categories,
      store,
      clock: () => new Date(),
      refreshSeconds: 60,
    });
    expect(await titles(fromSnapshot, 'onsen')).toEqual(['b']);
    expect(await titles(fromSnapshot, 'sake')).toEqual(['c']);
  });

  it('writes nothing when nothing changed since the snapshot', async () => {
    const feed = feedOf([entry('a', 'Castle walk', '2026-01-01T00:00:00.000Z')]);
    const store = etagStore();
    const snapshot = makeSnapshotCatalogueIndex({ feed, categories, store });
    await snapshot();
    expect(await snapshot()).toMatchObject({ saved: false, changed: 0 });
    expect(store.writes).toBe(1);
  });
});

describe('the public copy', () => {
  it('reads only the changes since its snapshot (minus the overlap), and catches up at most every refreshSeconds', async () => {
    const entries = [entry('a', 'Castle walk', '2026-01-01T00:00:00.000Z')];
    const store = etagStore();
    await makeSnapshotCatalogueIndex({ feed: feedOf(entries), categories, store })();
    const feed = feedOf(entries);
    let now = Date.parse('2026-01-02T00:00:00.000Z');
    const index = makeCatalogueSearchIndex({
      feed,
      categories,
      store,
      clock: () => new Date(now),
      refreshSeconds: 5,
    });
    expect(await titles(index, 'castle')).toEqual(['a']);
    expect(feed.reads).toEqual(['2025-12-31T23:59:00.000Z']);

    entries.push(entry('a', 'Castle walk', '2026-01-02T00:00:01.000Z', false));
    now += 4_000;
    expect(await titles(index, 'castle')).toEqual(['a']);
    expect(feed.reads).toHaveLength(1);
    now += 1_000;
    expect(await titles(index, 'castle')).toEqual([]);
    expect(feed.reads).toHaveLength(2);
  });

  it('after a burst of changes, reads them again only within the minute after the query that saw them', async () => {
    const t0 = Date.parse('2026-01-02T00:00:00.000Z');
    const at = (ms: number) => new Date(t0 + ms).toISOString();
    let now = t0 + 1_000;
    // A bulk import: 100 experiences stamped within a second; one late edit, stamped at +69 s but visible only at
    // +72 s (a slow writer), after the catch-up of +70 s.
    const entries = [
      ...Array.from({ length: 100 }, (_, i) => ({
        ...entry(`b${i}`, `Bulk tour ${i}`, at(i * 10)),
        visibleAt: 0,
      })),
      { ...entry('late', 'Castle walk', at(69_000)), visibleAt: t0 + 72_000 },
    ];
    const returned: number[] = [];
    const reads: string[] = [];
    const feed: SearchEntryFeed = {
      async searchEntriesSince(since) {
        reads.push(since);
        const visible = entries.filter((e) => e.changedAt >= since && e.visibleAt <= now);
        returned.push(visible.length);
        return visible
          .map(({ visibleAt: _, ...e }) => e)
          .sort((a, b) => (a.changedAt < b.changedAt ? -1 : 1));
      },
    };
    const index = makeCatalogueSearchIndex({
      feed,
      categories,
      clock: () => new Date(now),
      refreshSeconds: 5,
    });
    expect(await titles(index, 'bulk')).toHaveLength(10);
    now = t0 + 70_000;
    expect(await titles(index, 'castle')).toEqual([]);
    now = t0 + 75_000;
    expect(await titles(index, 'castle')).toEqual(['late']);
    now = t0 + 80_000;
    await titles(index, 'castle');
    // Cold start: everything. +70 s: the minute before the cold start's query (the burst once more). +75 s: the
    // minute before +70 s (the late edit, not the burst). +80 s: the minute before +75 s.
    expect(reads).toEqual(['', at(1_000 - 60_000), at(10_000), at(15_000)]);
    expect(returned).toEqual([100, 100, 1, 1]);
  });
});
