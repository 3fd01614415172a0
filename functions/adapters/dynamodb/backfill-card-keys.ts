/**
 * Brings published experiences stored before issue 33 to what their saves write now: a card without the full
 * description and with the prefecture-by-price key (GSI4), category links with their sorted keys (GSI2, GSI3), and
 * a search entry in the change feed the search index reads. Walks the newest-cards index page by page (a Query,
 * never a scan), checks each page's search entries with one BatchGet, and rewrites only what lacks them,
 * conditional on the experience being unchanged since it was read (a save meanwhile wrote everything itself).
 * Idempotent: a second run examines and rewrites nothing.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from './batch';
import { DynamoExperienceRepository } from './experience-repository';
import { keys } from './keys';
import { queryPage } from './pagination';

export interface CardKeysBackfillResult {
  examined: number;
  updated: number;
  /** Changed meanwhile (their own save wrote the keys), or gone. */
  skipped: number;
}

export async function backfillCardKeys(
  doc: DynamoDBDocumentClient,
  tableName: string,
  maxTransactionItems?: number,
): Promise<CardKeysBackfillResult> {
  const repository = new DynamoExperienceRepository(doc, tableName, maxTransactionItems);
  const result: CardKeysBackfillResult = { examined: 0, updated: 0, skipped: 0 };
  let cursor: string | undefined;
  do {
    const page = await queryPage(
      doc,
      tableName,
      { index: 'GSI1', partition: keys.cardsNewest, ascending: false },
      { limit: 100, ...(cursor ? { cursor } : {}) },
    );
    const entries = await batchGetAll(
      doc,
      tableName,
      page.items.map((card) => keys.searchEntry(String(card.id))),
    );
    const indexed = new Set(entries.map((e) => String(e.id)));
    for (const card of page.items) {
      result.examined++;
      if (card.GSI4PK && indexed.has(String(card.id))) continue;
      const experience = await repository.get(String(card.id));
      if (experience && (await repository.rewriteListing(experience))) result.updated++;
      else result.skipped++;
    }
    cursor = page.cursor;
  } while (cursor);
  return result;
}
