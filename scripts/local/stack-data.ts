/**
 * The local table's data at start: the table and its indexes made (or brought up to date), the backfills that give
 * data kept under `.local/` from an older version what the current code expects, and the seed on the first start
 * (categories, hosts, experiences and photos; the demo host's requests and reviews for `npm start`), with the seeded
 * hosts' payout accounts checked on every start.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { backfillListingKeys } from '../../functions/adapters/dynamodb/backfill-listing-keys';
import { backfillDueKeys } from '../../functions/adapters/dynamodb/backfill-due-keys';
import { backfillTourDays } from '../../functions/adapters/dynamodb/backfill-tour-days';
import { backfillCardKeys } from '../../functions/adapters/dynamodb/backfill-card-keys';
import { backfillMailShards } from '../../functions/adapters/dynamodb/backfill-mail-shards';
import { backfillDeadlineShards } from '../../functions/adapters/dynamodb/backfill-deadline-shards';
import { backfillBookingListShards } from '../../functions/adapters/dynamodb/backfill-booking-list-shards';
import {
  createDynamoRepositories,
  type DynamoRepositories,
} from '../../functions/adapters/dynamodb/repositories';
import { runtimeAdapters } from '../../functions/adapters/runtime/adapters';
import { moneyAdapters } from '../../functions/adapters/runtime/money-adapters';
import { seedDemoBookings } from '../seed/bookings';
import { SEED_HOSTS } from '../seed/hosts';
import { ensureSeedPayoutAccounts } from '../seed/payout-accounts';
import { seedDemoReviews } from '../seed/reviews';
import { seedLocalData, type SeedSummary } from '../seed/seed';
import { ensureTable } from './dynamodb-local';
import { LOCAL_IMAGES_BUCKET, LOCAL_TABLE_NAME, writeState, type StackState } from './stack-settings';

/** Runs `work` with a document client of the local table, destroyed after it. */
export type WithDoc = <T>(work: (doc: DynamoDBDocumentClient) => Promise<T>) => Promise<T>;

/** The table with every index, and the backfills that data from an older version needs (each once). */
export async function prepareTable(
  dynamoClient: DynamoDBClient,
  withDoc: WithDoc,
  state: StackState,
  log: (line: string) => void,
): Promise<void> {
  const addedIndexes = await ensureTable(dynamoClient, LOCAL_TABLE_NAME);
  if (addedIndexes.length > 0) {
    // Requests kept under .local/ from before these indexes existed get their keys (e.g. the admin e-mail search).
    const backfill = await withDoc((doc) => backfillListingKeys(doc, LOCAL_TABLE_NAME));
    log(`Indexes added: ${addedIndexes.join(', ')}; ${backfill.updated} bookings re-indexed`);
    if (addedIndexes.includes('GSI8')) {
      // The jobs read only the "work due" index (issue 33): bookings kept from before get their due keys.
      const due = await withDoc((doc) => backfillDueKeys(doc, LOCAL_TABLE_NAME));
      log(`Work due index: ${due.updated} bookings given their due key`);
    }
  }
  // Issue 33: published experiences stored before the search index get their entry and sorted keys (idempotent).
  const cardKeys = await withDoc((doc) => backfillCardKeys(doc, LOCAL_TABLE_NAME, 10));
  if (cardKeys.updated > 0)
    log(`Search index: ${cardKeys.updated} experiences from before given their entry`);
  if (!state.tourDaysBackfilledAt) {
    // Data seeded before tours had a length: its open bookings take their hour on the tour days, once.
    if (state.seededAt) {
      const backfill = await withDoc((doc) => backfillTourDays(doc, LOCAL_TABLE_NAME));
      log(`Tour lengths: ${backfill.updated} bookings from before hold their hour on the tour days`);
    }
    state.tourDaysBackfilledAt = new Date().toISOString();
  }
  // Mails queued before the due-mail shards (issue 33) move to theirs: one empty query once they have.
  const mailShards = await withDoc((doc) => backfillMailShards(doc, LOCAL_TABLE_NAME));
  if (mailShards.updated > 0) log(`Due mails: ${mailShards.updated} moved to their shard`);
  // Deadlines written before their shards (issue 33) move to theirs, the same way.
  const deadlineShards = await withDoc((doc) => backfillDeadlineShards(doc, LOCAL_TABLE_NAME));
  if (deadlineShards.updated > 0) log(`Deadlines: ${deadlineShards.updated} moved to their shard`);
  // Requests listed before the booking-list shards (issue 33) move to theirs: one empty query per old key after.
  const listShards = await withDoc((doc) => backfillBookingListShards(doc, LOCAL_TABLE_NAME));
  if (listShards.updated > 0) log(`Booking lists: ${listShards.updated} entries moved to their shard`);
}

export interface SeedOnStartOptions {
  options: { seed?: boolean; demoBookings?: boolean };
  /** With its pools made already: the seed creates the demo accounts in them. */
  state: StackState;
  statePath: string;
  withDoc: WithDoc;
  cognito: CognitoIdentityProviderClient;
  s3: S3Client;
  log: (line: string) => void;
}

/**
 * The seed on the first start (recorded in `stack.json`), or, on later starts, the seeded hosts' payout accounts
 * checked again; what this start seeded, or null.
 */
export async function seedOnStart({
  options,
  state,
  statePath,
  withDoc,
  cognito: cognitoClient,
  s3: s3Client,
  log,
}: SeedOnStartOptions): Promise<SeedSummary | null> {
  let seeded: SeedSummary | null = null;
  const seedAccounts = async (repositories: DynamoRepositories) => {
    const hosts = await Promise.all(SEED_HOSTS.map((h) => repositories.hosts.getByEmail(h.email)));
    const { payoutProfiles } = moneyAdapters(runtimeAdapters());
    const made = await ensureSeedPayoutAccounts(
      { hosts: repositories.hosts, payoutProfiles },
      hosts.flatMap((h) => (h ? [h.id] : [])),
    );
    if (made > 0) log(`Enabled the local payout accounts of ${made} seeded hosts`);
  };
  if (options.seed !== false && !state.seededAt) {
    if (!state.hostPool || !state.adminPool) throw new Error('The pools must exist before the seed');
    const pools = { hostPoolId: state.hostPool.userPoolId, adminPoolId: state.adminPool.userPoolId };
    await withDoc(async (doc) => {
      const repositories = createDynamoRepositories({ doc, tableName: LOCAL_TABLE_NAME });
      seeded = await seedLocalData({
        repositories,
        cognito: cognitoClient,
        ...pools,
        s3: s3Client,
        imagesBucket: LOCAL_IMAGES_BUCKET,
        now: new Date(),
        log,
      });
      await seedAccounts(repositories);
      if (options.demoBookings) {
        const made = await seedDemoBookings(repositories, seeded.hostIds.setouchiGuides);
        log(`Seeded ${made} requests for the demo host`);
        log(
          `Seeded ${await seedDemoReviews(repositories, seeded.hostIds.setouchiGuides, new Date())} reviews of completed tours`,
        );
      }
    });
    state.seededAt = new Date().toISOString();
    writeState(statePath, state);
  } else if (options.seed !== false) {
    await withDoc((doc) => seedAccounts(createDynamoRepositories({ doc, tableName: LOCAL_TABLE_NAME })));
  }
  return seeded;
}
