/**
 * Keeping the catalogue's search index current (issue 33 item 3, DESIGN §4i). The source of truth is the table:
 * every save of an experience rewrites its search entry in the same transaction as its card, stamped with the
 * write's time and indexed by it (`SEARCH#CHANGES`). The index is a cache of those entries:
 *
 * - the public function loads the last snapshot (S3) at its cold start, then catches up with a Query of the
 *   entries changed since the snapshot's watermark, and again at most every `refreshSeconds`, so a publish, an
 *   edit or an unpublish shows in search within that time, and no request reads the cards;
 * - a snapshot job does the same catch-up and writes the snapshot back only if nobody else wrote it meanwhile
 *   (S3's `If-Match` on the ETag); a writer that loses starts again from the newer snapshot. No edit can be lost
 *   by two writers racing: the edit is in the table, and every catch-up re-reads `overlapMs` before its starting
 *   point (entries written by Lambdas whose clocks differ a little, or seen late), applying each entry only if it
 *   is newer. A cold start and the snapshot job start from the index's watermark (its newest change); the public
 *   copy then starts each catch-up from its previous query's time.
 */
import { CatalogueIndex } from '../domain/catalogue-search';
import type { CatalogueIndexStore, SearchEntryFeed } from './catalogue-search-ports';
import type { CategoryRepository } from './ports';

/** How far before its watermark a catch-up reads again (clock differences between writers). */
export const CATCH_UP_OVERLAP_MS = 60_000;

const since = (watermark: string, overlapMs: number) =>
  watermark ? new Date(Date.parse(watermark) - overlapMs).toISOString() : '';

async function categoryNames(categories: Pick<CategoryRepository, 'listActive'>) {
  return new Map((await categories.listActive()).map((c) => [c.id, c.name]));
}

async function catchUp(
  index: CatalogueIndex,
  deps: { feed: SearchEntryFeed; categories: Pick<CategoryRepository, 'listActive'>; overlapMs?: number },
  /** Where to read from; by default the overlap before the newest change the index holds. */
  from = since(index.watermark, deps.overlapMs ?? CATCH_UP_OVERLAP_MS),
): Promise<number> {
  const entries = await deps.feed.searchEntriesSince(from);
  if (entries.length === 0) return 0;
  return index.apply(entries, await categoryNames(deps.categories));
}

/** The public function's copy of the index: loaded once, caught up at most every `refreshSeconds`. */
export function makeCatalogueSearchIndex(deps: {
  feed: SearchEntryFeed;
  categories: Pick<CategoryRepository, 'listActive'>;
  store?: CatalogueIndexStore;
  clock: () => Date;
  refreshSeconds: number;
  overlapMs?: number;
}) {
  let index: CatalogueIndex | undefined;
  let loading: Promise<CatalogueIndex> | undefined;
  let checkedAt = 0;
  let refreshing: Promise<void> | undefined;
  const overlapMs = deps.overlapMs ?? CATCH_UP_OVERLAP_MS;
  /**
   * When the last catch-up's query went out. Every change stamped more than `overlapMs` before that was visible to
   * it, so the next one reads from there: the changes of the last minute before the previous query, not the last
   * minute before the newest change (which, after a burst of thousands of changes, is the burst, again at every
   * catch-up until another change comes).
   */
  let queriedAt: number | undefined;

  async function load(): Promise<CatalogueIndex> {
    const snapshot = await deps.store?.load();
    const loaded = snapshot ? CatalogueIndex.fromJSON(snapshot.body) : CatalogueIndex.empty();
    const started = deps.clock().getTime();
    await catchUp(loaded, deps);
    queriedAt = started;
    checkedAt = deps.clock().getTime();
    index = loaded;
    return loaded;
  }

  async function refresh(current: CatalogueIndex): Promise<void> {
    const started = deps.clock().getTime();
    await catchUp(
      current,
      deps,
      queriedAt === undefined ? undefined : new Date(queriedAt - overlapMs).toISOString(),
    );
    queriedAt = started;
    checkedAt = deps.clock().getTime();
  }

  return {
    async current(): Promise<CatalogueIndex> {
      if (!index) {
        loading ??= load().finally(() => (loading = undefined));
        return loading;
      }
      const now = deps.clock().getTime();
      if (now - checkedAt >= deps.refreshSeconds * 1000 || now < checkedAt) {
        // One catch-up at a time; requests meanwhile wait for it rather than each querying the feed.
        refreshing ??= refresh(index).finally(() => (refreshing = undefined));
        await refreshing;
      }
      return index;
    },
  };
}

/**
 * The snapshot job: brings the stored index up to date with the table and writes it back, conditional on the ETag
 * it read. With no snapshot yet it builds one from every entry (the first run, or after a format change).
 */
export function makeSnapshotCatalogueIndex(deps: {
  feed: SearchEntryFeed;
  categories: Pick<CategoryRepository, 'listActive'>;
  store: CatalogueIndexStore;
  overlapMs?: number;
  attempts?: number;
}) {
  return async function snapshotCatalogueIndex(): Promise<{
    experiences: number;
    changed: number;
    bytes: number;
    saved: boolean;
  }> {
    for (let attempt = 1; ; attempt++) {
      const stored = await deps.store.load();
      const index = stored ? CatalogueIndex.fromJSON(stored.body) : CatalogueIndex.empty();
      const changed = await catchUp(index, deps);
      if (stored && changed === 0)
        return { experiences: index.size, changed, bytes: stored.body.length, saved: false };
      const body = index.toJSON();
      const outcome = await deps.store.save(body, stored?.etag ?? null);
      if (outcome === 'saved') return { experiences: index.size, changed, bytes: body.length, saved: true };
      // Another writer saved first: start again from its snapshot (what it applied is kept, ours is re-read).
      if (attempt >= (deps.attempts ?? 5))
        throw new Error('The catalogue index kept changing while it was saved');
    }
  };
}
