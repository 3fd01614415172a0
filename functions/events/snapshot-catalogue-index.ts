/**
 * The scheduled snapshot of the catalogue's search index (issue 33 item 3): EventBridge Scheduler every few minutes
 * in AWS (`lib/catalogue-index-construct.ts`). Catches the stored index up with the table's search entries and
 * writes it back to S3 only if nobody else did meanwhile (`makeSnapshotCatalogueIndex`); nothing changed, nothing
 * written. The public API's cold starts load this snapshot instead of reading the whole change feed.
 */
import { catalogueIndexSnapshot } from '../adapters/runtime/catalogue-search-runtime';
import { loggedRun } from './job-run';

// One run is all or nothing (a failure throws: the scheduler retries, then the jobs' dead-letter queue).
export const handler = () =>
  loggedRun('Catalogue index snapshot', async () => ({ ...(await catalogueIndexSnapshot()()), failed: 0 }));
