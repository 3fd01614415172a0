/**
 * `POST /api/local-seed/bulk` (DESIGN §6, local only; issue 33): a piled-up marketplace in seconds, for scale tests
 * and `npm run bench:scale`.
 *
 * `{ experiences?, completedBookings?, approvedBookings?, tag }` → `200 { hostId, experienceIds, bookingIds }`:
 * - a new host, made as an admin makes one (Cognito user `<tag>.host@example.com` with the temporary password
 *   `BULK_HOST_PASSWORD`, approved profile), with an enabled local payout account;
 * - `experiences` published experiences of that host (`bulk-seed-entities.ts`);
 * - bookings of those experiences, guests `<tag>.<n>@example.com`: `approvedBookings` approved, `completedBookings`
 *   completed, their tour days `fromDay`…`toDay` relative to the local clock's Tokyo date (negative: past).
 *
 * Nothing is hand-keyed: each entity goes through its repository's own write (experience, card and category links;
 * booking, reference and the tour's hold), captured by a recording client and sent in bulk (`bulk-writer.ts`); the
 * earnings, ledger entry and counters of a booking are what its capture writes (`captureMoney` →
 * `moneyTransactItems`). Earnings whose payout was due more than a week ago are written as paid (the payout job would
 * have paid them), later ones as captured, and the host's local balance holds the money of those (so the payout
 * job can pay them). Request counters are bumped by `requestCounterBumps`, as a request bumps them.
 */
import { randomInt, randomUUID } from 'node:crypto';
import * as z from 'zod';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  createDocumentClient,
  createDynamoRepositories,
  type DynamoRepositories,
} from '../../adapters/dynamodb/repositories';
import { batchGetAll } from '../../adapters/dynamodb/batch';
import { recordingClient, writeInBulk } from '../../adapters/dynamodb/bulk-writer';
import { requestCounterBumps } from '../../adapters/dynamodb/booking-items';
import { keys } from '../../adapters/dynamodb/keys';
import { moneyTransactItems } from '../../adapters/dynamodb/money-repository';
import type { TransactItem } from '../../adapters/dynamodb/transactions';
import { runtimeAdapters } from '../../adapters/runtime/adapters';
import { CognitoHostIdentity } from '../../adapters/identity/cognito-host-identity';
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import { captureMoney } from '../../domain/booking-money';
import { generateBookingReference } from '../../domain/booking-reference';
import type { Booking, Experience, Host } from '../../domain/entities';
import { DomainError } from '../../domain/errors';
import type { HttpApiStructuredResult } from '../http/api-gateway';
import type { JsonBodyEvent } from '../http/json-body';
import { parseBody } from '../http/request';
import { json } from '../http/responses';
import { enableLocalPayoutAccount, localPaymentGateway } from './local-connect';
import { layersOf, syntheticBooking, syntheticExperience, type DayRange } from './bulk-seed-entities';

/** The most of each kind one call makes (a sane bound: a call must finish within the local route's time). */
export const BULK_SEED_MAX = 50_000;
/** Tour days reach at most this far from today either way (the payout horizon is ~90 days, history ~400). */
export const BULK_SEED_MAX_DAYS = 1_000;
/** The bulk host's temporary password (local data only): the first sign-in sets its own, as for admin-made hosts. */
export const BULK_HOST_PASSWORD = 'BulkSeed#2026';
/** Earnings whose payout fell due longer ago than this are written as paid (the daily payout job paid them). */
const SETTLED_AFTER_MS = 7 * 86_400_000;

const count = (name: string) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int({ error: `${name} must be a whole number` })
    .min(0, { error: `${name} must be 0 or more` })
    .max(BULK_SEED_MAX, { error: `${name} must be at most ${BULK_SEED_MAX}` });
const day = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of days` })
    .int({ error: `${name} must be a whole number of days` })
    .min(-BULK_SEED_MAX_DAYS, { error: `${name} must be at least -${BULK_SEED_MAX_DAYS}` })
    .max(BULK_SEED_MAX_DAYS, { error: `${name} must be at most ${BULK_SEED_MAX_DAYS}` });
const dayRange = (name: string) =>
  z
    .strictObject({
      count: count(`${name}.count`),
      fromDay: day(`${name}.fromDay`),
      toDay: day(`${name}.toDay`),
    })
    .refine((r) => r.fromDay <= r.toDay, {
      error: `${name}.fromDay must not be after ${name}.toDay`,
      path: ['fromDay'],
    });

export const bulkSeedSchema = z
  .strictObject({
    experiences: count('experiences').optional(),
    completedBookings: dayRange('completedBookings')
      .refine((r) => r.toDay <= -1, {
        error: 'completedBookings.toDay must be -1 or earlier: a completed tour has ended',
        path: ['toDay'],
      })
      .optional(),
    approvedBookings: dayRange('approvedBookings').optional(),
    tag: z.string({ error: 'tag is required' }).regex(/^[a-z0-9][a-z0-9-]{0,39}$/, {
      error: 'tag must be 1–40 lower-case letters, digits or hyphens (it names the guests’ e-mail addresses)',
    }),
  })
  .refine(
    (b) =>
      (b.experiences ?? 0) > 0 || (b.completedBookings?.count ?? 0) + (b.approvedBookings?.count ?? 0) === 0,
    { error: 'bookings need experiences to book: set experiences to 1 or more', path: ['experiences'] },
  );
export type BulkSeedRequest = z.infer<typeof bulkSeedSchema>;

export interface BulkSeedResult {
  hostId: string;
  experienceIds: string[];
  bookingIds: string[];
}

export async function bulkSeed(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const request = parseBody(event, bulkSeedSchema, 'The bulk seed request is not valid');
  return json(200, await seedInBulk(request));
}

export async function seedInBulk(request: BulkSeedRequest): Promise<BulkSeedResult> {
  const base = runtimeAdapters();
  // Clients of its own, without the functions' per-call time bounds: on a busy laptop a Cognito call or a batch of
  // 25 may wait its turn for seconds, and a retried AdminCreateUser would then find its own user "taken". A seed
  // being slow is not a dependency failing.
  const bulkDoc = createDocumentClient({
    region: base.env.AWS_REGION,
    ...(base.env.DYNAMODB_ENDPOINT ? { endpoint: base.env.DYNAMODB_ENDPOINT } : {}),
  });
  try {
    return await seedWith(request, bulkDoc);
  } finally {
    bulkDoc.destroy();
  }
}

async function seedWith(request: BulkSeedRequest, bulkDoc: DynamoDBDocumentClient): Promise<BulkSeedResult> {
  const base = runtimeAdapters();
  const tableName = base.env.TABLE_NAME;
  const { clock } = guestRuntime();
  const gateway = localPaymentGateway();
  const now = clock();
  const repositories = createDynamoRepositories({ doc: bulkDoc, tableName });
  const host = await createHost(request.tag, repositories, now);
  const accountId = await enableLocalPayoutAccount(host.id);

  // The repositories write into the recorder; what they would have sent is then sent in bulk.
  const recorder = recordingClient();
  const recorded = createDynamoRepositories({ doc: recorder.doc, tableName, maxTransactionItems: 1_000 });
  const items: TransactItem[] = [];

  const categories = await repositories.categories.listActive();
  const experienceCount = request.experiences ?? 0;
  const capacity = Math.max(
    1,
    layersOf(request.completedBookings, experienceCount) +
      layersOf(request.approvedBookings, experienceCount),
  );
  const experiences: Experience[] = [];
  for (let n = 1; n <= experienceCount; n++) {
    const experience = syntheticExperience({
      id: randomUUID(),
      hostId: host.id,
      tag: request.tag,
      n,
      capacity,
      now,
    });
    const category = categories[n % Math.max(1, categories.length)];
    await recorded.experiences.create(experience, category ? [category.id] : []);
    experiences.push(experience);
  }
  items.push(...recorder.take());

  const groups: { range: DayRange; status: 'completed' | 'approved' }[] = [
    ...(request.completedBookings
      ? [{ range: request.completedBookings, status: 'completed' as const }]
      : []),
    ...(request.approvedBookings ? [{ range: request.approvedBookings, status: 'approved' as const }] : []),
  ];
  const total = groups.reduce((s, g) => s + g.range.count, 0);
  const references = await freshReferences(bulkDoc, tableName, total);
  const bookings: Booking[] = [];
  for (const group of groups) {
    for (let index = 0; index < group.range.count; index++) {
      bookings.push(
        syntheticBooking({
          id: randomUUID(),
          reference: references[bookings.length] as string,
          index,
          range: group.range,
          status: group.status,
          experiences,
          n: bookings.length + 1,
          tag: request.tag,
          destinationAccountId: accountId,
          now,
        }),
      );
    }
  }

  let unpaidNet = 0;
  for (const booking of bookings) {
    await recorded.bookings.createWithSlotHold(booking, capacity);
    items.push(...recorder.take());
    items.push(...requestCounterBumps(tableName, booking));
    // Captured when approved (the week before the tour, or now for a sooner one).
    const money = captureMoney(booking, new Date(booking.decidedAt ?? booking.createdAt));
    const settled = Date.parse(money.after.payableAt) <= now.getTime() - SETTLED_AFTER_MS;
    if (!settled) unpaidNet += money.after.net;
    items.push(
      ...moneyTransactItems(tableName, {
        ...money,
        after: settled ? { ...money.after, status: 'paid' } : money.after,
      }),
    );
  }

  await writeInBulk(bulkDoc, items);
  // The host's share of the captures not yet paid out sits in its balance, as destination charges leave it.
  if (unpaidNet > 0) await gateway.fundAccount(accountId, unpaidNet);
  return {
    hostId: host.id,
    experienceIds: experiences.map((e) => e.id),
    bookingIds: bookings.map((b) => b.id),
  };
}

/** `count` references no booking has and none of them shares (drawn again where one is taken). */
async function freshReferences(
  doc: DynamoDBDocumentClient,
  tableName: string,
  count: number,
): Promise<string[]> {
  const chosen = new Set<string>();
  for (let round = 0; chosen.size < count; round++) {
    if (round >= 10) throw new DomainError('service_unavailable', 'Could not draw unused booking references');
    const fresh = new Set<string>();
    while (chosen.size + fresh.size < count) {
      const reference = generateBookingReference(randomInt);
      if (!chosen.has(reference)) fresh.add(reference);
    }
    const drawn = [...fresh];
    const taken = new Set(
      (
        await batchGetAll(
          doc,
          tableName,
          drawn.map((r) => keys.bookingReference(r)),
        )
      ).map((i) => String(i.reference)),
    );
    for (const r of drawn) if (!taken.has(r)) chosen.add(r);
  }
  return [...chosen];
}

/**
 * The host as an admin creates one (`admin-hosts.ts`): a Cognito user with a confirmed e-mail and the temporary
 * password, then the approved profile; 409 when the tag's host exists already.
 */
async function createHost(tag: string, repositories: DynamoRepositories, now: Date): Promise<Host> {
  const { env } = runtimeAdapters();
  if (!env.HOST_USER_POOL_ID) throw new DomainError('not_found', 'The host pool is not configured');
  const identity = new CognitoHostIdentity(env.HOST_USER_POOL_ID, {
    region: env.AWS_REGION,
    ...(env.COGNITO_ENDPOINT ? { endpoint: env.COGNITO_ENDPOINT } : {}),
  });
  const email = `${tag}.host@example.com`;
  if (await repositories.hosts.getByEmail(email)) {
    throw new DomainError('duplicate', `The bulk seed "${tag}" exists already: choose another tag`, {
      tag: 'Taken',
    });
  }
  const { userId } = await identity.createUser({ email, password: BULK_HOST_PASSWORD });
  const host: Host = {
    id: userId,
    email,
    businessName: `Bulk ${tag}`,
    introduction: null,
    businessDescription: null,
    businessHours: null,
    address: null,
    phone: null,
    website: null,
    locationLat: null,
    locationLng: null,
    languages: ['japanese', 'english'],
    cancellationPolicy: null,
    avatarUrl: null,
    createdAt: now.toISOString(),
    reviewStatus: 'approved',
  };
  await repositories.hosts.create(host);
  return host;
}
