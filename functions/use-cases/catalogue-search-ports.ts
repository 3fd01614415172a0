/**
 * The ports of the catalogue's search index (issue 33 item 3). Beside the use case rather than in `ports.ts`: the
 * index is read by the public list and written by a snapshot job, nothing else needs them.
 */
import type { SearchEntry } from '../domain/catalogue-search';
import type { ExperienceCard } from '../domain/entities';

/** The table's change feed of search entries (written in the same transaction as the card). */
export interface SearchEntryFeed {
  /** Entries written at or after `since` (ISO instant, `''` for all), oldest first. */
  searchEntriesSince(since: string): Promise<SearchEntry[]>;
}

/** Reads exactly the cards a page shows. */
export interface CardReader {
  /** The published cards of `ids`, in that order; an id without a card is left out. */
  cardsByIds(ids: readonly string[]): Promise<ExperienceCard[]>;
}

/** Where the serialized index lives between cold starts (an S3 object in AWS). */
export interface CatalogueIndexStore {
  load(): Promise<{ body: string; etag: string } | null>;
  /**
   * Writes the index only if the stored one is still `expectedEtag` (`null`: only if none exists yet); `conflict`
   * when another writer came first.
   */
  save(body: string, expectedEtag: string | null): Promise<'saved' | 'conflict'>;
}
