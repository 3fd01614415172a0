/**
 * Helpers of the guest-API tests: one local stack per test file (seeded, in a temporary folder, on free ports),
 * plain HTTP calls through the local server, the SES outbox, and experiences of the tests' own (published,
 * capacity 1, open every day) so each test books slots nobody else touches.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  createDocumentClient,
  createDynamoRepositories,
  type DynamoRepositories,
} from '../../../functions/adapters/dynamodb/repositories';
import type { Experience } from '../../../functions/domain/entities';
import type { LedgerEntry } from '../../../functions/domain/money';
import { LOCAL_CREDENTIALS } from '../../../scripts/local/dynamodb-local';
import {
  createMoneyRepositories,
  type MoneyRepositories,
} from '../../../functions/adapters/dynamodb/money-repositories';
import { RELAXED_BOOKING_LIMITS } from '../../../scripts/local/booking-limits';
import { startLocalStack, type LocalStack } from '../../../scripts/local/stack';
import { SEED_EXPERIENCES } from '../../../scripts/seed/experiences';
import { signInToPool } from '../../../scripts/local/cognito-sign-in';
import { tempWorkDir } from '../local/support';

export const GOOD_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
export const DECLINED_CARD = { number: '4000 0000 0000 0002', expMonth: 12, expYear: 2040, cvc: '123' };

export interface ApiWorld {
  stack: LocalStack;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  repo: DynamoRepositories & MoneyRepositories;
  doc: DynamoDBDocumentClient;
  stop(): Promise<void>;
}

/** A page template with an empty root, as the web build's `index.html` is (the renderer fills the root). */
const PAGE_TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>shell</title>
<script type="module" src="/assets/index-test.js"></script></head><body><div id="root"></div></body></html>`;

/**
 * `limits: 'product'` keeps `BOOKING_LIMITS` (the tests of the limits); by default they are relaxed, since the other
 * tests book dozens of times from 127.0.0.1 within minutes. `guestPages` starts the page renderer (issue 17): the
 * use cases' page events then re-render the pages they change (`stack.guestPages.idle()` waits for them).
 */
export async function startApiWorld(
  prefix: string,
  /** `originSecret`: the stack plays CloudFront (requests need the secret; the viewer header is the client). */
  options: {
    limits?: 'product' | 'relaxed';
    originSecret?: string;
    guestPages?: boolean;
    /** The handlers' DynamoDB per-call bound and the Lambda timeout (ms), for a crowd test on a busy machine. */
    dynamodbRequestTimeoutMs?: number;
    handlerTimeoutMs?: number;
  } = {},
): Promise<ApiWorld> {
  const work = tempWorkDir(prefix);
  if (options.guestPages) writeFileSync(join(work.webRoot, 'index.html'), PAGE_TEMPLATE);
  // The tests run the expiry job and the mail sender themselves; their timers would only add noise.
  const stack = await startLocalStack({
    dataDir: join(work.dir, 'data'),
    port: 0,
    webRoot: work.webRoot,
    expiryIntervalMs: 60 * 60_000,
    ...(options.limits === 'product' ? {} : { bookingLimits: RELAXED_BOOKING_LIMITS }),
    mailIntervalMs: 60 * 60_000,
    ...(options.originSecret ? { originSecret: options.originSecret } : {}),
    ...(options.guestPages ? { guestPages: true } : {}),
    ...(options.dynamodbRequestTimeoutMs
      ? { dynamodbRequestTimeoutMs: options.dynamodbRequestTimeoutMs }
      : {}),
    ...(options.handlerTimeoutMs ? { handlerTimeoutMs: options.handlerTimeoutMs } : {}),
  });
  const doc = createDocumentClient({
    endpoint: stack.config.dynamodbEndpoint,
    region: stack.config.region,
    credentials: LOCAL_CREDENTIALS,
  });
  return {
    stack,
    origin: `http://127.0.0.1:${stack.port}`,
    repo: {
      ...createDynamoRepositories({ doc, tableName: stack.config.tableName }),
      ...createMoneyRepositories({ doc, tableName: stack.config.tableName }),
    },
    doc,
    async stop() {
      doc.destroy();
      await stack.stop();
      rmSync(work.dir, { recursive: true, force: true });
    },
  };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** One request; the answer's body parsed as JSON when it is JSON. */
export async function call<T = unknown>(
  world: Pick<ApiWorld, 'origin'>,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiAnswer<T>> {
  const res = await fetch(`${world.origin}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return answerOf<T>(res.status, res.headers, await res.text());
}

function answerOf<T>(status: number, headers: Headers, text: string): ApiAnswer<T> {
  let parsed: unknown = undefined;
  if ((headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
  return { status, headers, body: parsed as T, text };
}

/**
 * `call` from another loopback address (`127.0.0.2`, `127.0.0.3`…; Linux routes all of 127/8 to the loopback): the
 * local server takes the socket's address as the client, so a test acts as several guests.
 */
export function callFrom<T = unknown>(
  from: string,
  world: Pick<ApiWorld, 'origin'>,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${world.origin}${path}`,
      {
        method,
        localAddress: from,
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          resolve(answerOf<T>(res.statusCode ?? 0, headers, Buffer.concat(chunks).toString('utf8')));
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Back-office tokens: real sign-ins against the local pools (USER_PASSWORD_AUTH, as the SPA does locally)

/**
 * An ID token of the pool. The admin pool asks for a TOTP code: the demo admin's secret is the one the stack
 * enrolled; another admin passes its own. An account with a temporary password sets `newPassword`.
 */
export async function signIn(
  world: ApiWorld,
  pool: 'host' | 'admin',
  email: string,
  password: string,
  { totpSecret, newPassword }: { totpSecret?: string; newPassword?: string } = {},
): Promise<string> {
  const { cognitoEndpoint, hostPool, adminPool, demo } = world.stack.config;
  const cognito = new CognitoIdentityProviderClient({
    endpoint: cognitoEndpoint,
    region: world.stack.config.region,
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    const tokens = await signInToPool(cognito, {
      clientId: (pool === 'host' ? hostPool : adminPool).clientId,
      email,
      password,
      totpSecret:
        totpSecret ?? (pool === 'admin' && email === demo.admin.email ? demo.admin.totpSecret : null),
      ...(newPassword ? { newPassword } : {}),
    });
    return tokens.IdToken!;
  } finally {
    cognito.destroy();
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

// ---------------------------------------------------------------------------------------------------------------
// Mail

export interface OutboxMail {
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  /** The local outbox keeps attachments with their file name and type (content in base64). */
  attachments?: { filename: string; contentType: string; content: string }[];
}

/** The iCalendar properties of a mail's `.ics` attachment, lines unfolded (RFC 5545 §3.1); null without one. */
export function icsOf(mail: OutboxMail | undefined): Map<string, string[]> | null {
  const file = mail?.attachments?.find((a) => a.filename.endsWith('.ics'));
  if (!file) return null;
  const out = new Map<string, string[]>();
  for (const line of Buffer.from(file.content, 'base64')
    .toString('utf8')
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter(Boolean)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0]!;
    out.set(name, [...(out.get(name) ?? []), line.slice(colon + 1)]);
  }
  return out;
}

/** An instant as an `.ics` writes it in UTC: `20261201T000000Z`. */
export const icsUtc = (d: Date): string =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export async function outbox(world: ApiWorld): Promise<OutboxMail[]> {
  const res = await fetch(`${world.stack.config.sesEndpoint}/store`);
  return ((await res.json()) as { emails: OutboxMail[] }).emails;
}

/** The mails about one booking (every subject carries the booking reference). */
export async function mailsAbout(world: ApiWorld, reference: string): Promise<OutboxMail[]> {
  return (await outbox(world)).filter((m) => m.subject.includes(reference));
}

/**
 * The code of the newest cancellation-code mail of a booking (issue 29), in any language: the mail's last line that
 * ends in a label, a colon and six digits (the reference line comes before it).
 */
export async function mailedCancelCode(world: ApiWorld, reference: string): Promise<string> {
  const mail = (await mailsAbout(world, reference))
    .filter((m) => /\d{6}$/m.test(m.body.text ?? '') && /code|コード|確認碼|코드/i.test(m.subject))
    .at(-1);
  const code = [...(mail?.body.text ?? '').matchAll(/[:：]\s*(\d{6})$/gm)].at(-1)?.[1];
  if (!code) throw new Error(`no cancellation code mailed for ${reference}`);
  return code;
}

/** `POST /api/bookings/cancel-code`, then `POST /api/bookings/cancel` with the mailed code: the guest's whole way. */
export async function guestCancelWithCode<T = unknown>(
  world: ApiWorld,
  pair: { email: string; reference: string },
  from = '127.0.0.1',
): Promise<ApiAnswer<T>> {
  const asked = await callFrom(from, world, 'POST', '/api/bookings/cancel-code', pair);
  if (asked.status !== 202) throw new Error(`cancel-code: ${asked.status} ${asked.text}`);
  const code = await mailedCancelCode(world, pair.reference);
  return callFrom<T>(from, world, 'POST', '/api/bookings/cancel', { ...pair, code });
}

// ---------------------------------------------------------------------------------------------------------------
// Bookings

/** A seeded experience with a capacity of 1 per slot (its booking tests use slots of their own dates). */
export const SEEDED = SEED_EXPERIENCES.find(
  (e) => e.availability.capacity === 1 && e.publicationStatus === 'public',
)!;

/** A published experience of the tests' own: an hour long, open 09:00–17:00 every day, one group at a time. */
export async function addExperience(
  world: ApiWorld,
  overrides: Partial<Experience> = {},
): Promise<Experience> {
  const seeded = await world.repo.experiences.get(SEEDED.id);
  if (!seeded) throw new Error('seeded experience missing');
  const now = new Date().toISOString();
  const experience: Experience = {
    ...seeded,
    id: randomUUID(),
    title: `Test experience ${randomUUID().slice(0, 8)}`,
    price: 8000,
    participantsMin: 1,
    participantsMax: 6,
    // An hour long, as every experience was before tours had a length: the tests' hourly starts 09:00–16:00.
    durationMinutes: 60,
    availability: {
      defaultHours: { start: '09:00', end: '17:00' },
      allDay: false,
      regularHolidays: [],
      capacity: 1,
    },
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
  await world.repo.experiences.create(experience, []);
  return experience;
}

/**
 * `POST /api/host/experiences` as a host. A form to be published without a photo of its own is created as a private
 * draft, given a stored photo and then published with `PATCH` (publishing needs a photo: issue 21 item 6).
 */
export async function createHostExperience<T extends { id: string; updatedAt: string; mainImages: string[] }>(
  world: ApiWorld,
  token: string,
  form: Record<string, unknown>,
): Promise<T> {
  const headers = bearer(token);
  // Publishing needs a payout account (DESIGN §4g): the host finishes the local onboarding first.
  if (form.publicationStatus === 'public') {
    const me = await call<{ id: string }>(world, 'GET', '/api/host/me', undefined, headers);
    if (me.status === 200) await enablePayouts(world, me.body.id);
  }
  const publishLater =
    form.publicationStatus === 'public' && ((form.mainImages as unknown[] | undefined) ?? []).length === 0;
  const body = publishLater ? { ...form, publicationStatus: 'private' } : form;
  const res = await call<T>(world, 'POST', '/api/host/experiences', body, headers);
  if (res.status !== 201) throw new Error(`create: ${res.status} ${res.text}`);
  if (!publishLater) return res.body;
  const stored = (await world.repo.experiences.get(res.body.id))!;
  await world.repo.experiences.update({ ...stored, mainImages: ['/images/seed/photo-of-the-orchard.jpg'] });
  const published = await call<T>(
    world,
    'PATCH',
    `/api/host/experiences/${res.body.id}`,
    { expectedUpdatedAt: res.body.updatedAt, publicationStatus: 'public' },
    headers,
  );
  if (published.status !== 200) throw new Error(`publish: ${published.status} ${published.text}`);
  return published.body;
}

/** Finishes the host's payout-account onboarding as the local onboarding page does (`failPayouts`: a bad bank). */
export async function enablePayouts(
  world: Pick<ApiWorld, 'origin'>,
  hostId: string,
  options: { failPayouts?: boolean } = {},
): Promise<void> {
  const res = await call(world, 'POST', `/api/local-payments/accounts/${hostId}/complete`, options);
  if (res.status !== 200) throw new Error(`payout account: ${res.status} ${res.text}`);
}

export interface Slot {
  date: string;
  time: string;
}

/** Every free slot the availability route offers for the experience (the whole bookable window). */
export async function freeSlots(world: ApiWorld, experienceId: string): Promise<Slot[]> {
  const res = await call<{ dates: Record<string, string[]> }>(
    world,
    'GET',
    `/api/experiences/${experienceId}/availability?from=2000-01-01&to=2100-12-31`,
  );
  if (res.status !== 200) throw new Error(`availability: ${res.status} ${res.text}`);
  return Object.entries(res.body.dates).flatMap(([date, times]) => times.map((time) => ({ date, time })));
}

export function bookingBody(experienceId: string, slot: Slot, overrides: Record<string, unknown> = {}) {
  return {
    experienceId,
    date: slot.date,
    time: slot.time,
    guests: 2,
    language: 'en',
    guest: {
      firstName: 'Emma',
      lastName: 'Stone',
      email: `emma.${randomUUID().slice(0, 8)}@example.com`,
      phone: '+44 20 7946 0000',
      nationality: 'United Kingdom',
      specialRequests: 'Vegetarian lunch, please',
    },
    ...overrides,
  };
}

export interface CreatedBooking {
  bookingId: string;
  reference: string;
  status: string;
  amount: number;
  currency: string;
  payment: { provider: string; clientSecret: string };
}

export async function createBooking(world: ApiWorld, body: unknown): Promise<CreatedBooking> {
  const res = await call<CreatedBooking>(world, 'POST', '/api/bookings', body);
  if (res.status !== 201) throw new Error(`create booking: ${res.status} ${res.text}`);
  return res.body;
}

export function payWithCard(world: ApiWorld, clientSecret: string, card = GOOD_CARD) {
  return call<{ status: string } | ErrorBody>(world, 'POST', '/api/local-payments/confirm', {
    clientSecret,
    card,
  });
}

/** Creates a booking, authorises the test card and confirms the payment: a `pending` request. */
export async function pendingBooking(world: ApiWorld, experienceId: string, slot: Slot, email?: string) {
  const body = bookingBody(experienceId, slot);
  if (email) body.guest.email = email;
  const created = await createBooking(world, body);
  await completePayment(world, created);
  return { created, body };
}

/** Authorises the test card for a created booking and confirms the payment: the hold becomes a `pending` request. */
export async function completePayment(world: ApiWorld, created: CreatedBooking): Promise<void> {
  const paid = await payWithCard(world, created.payment.clientSecret);
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${paid.text}`);
  const confirmed = await call<{ status: string }>(
    world,
    'POST',
    `/api/bookings/${created.bookingId}/payment-confirmed`,
  );
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${confirmed.text}`);
  await world.stack.events.idle();
}

/** Every ledger entry of the world's table (a test's own Scan; no route reads the ledger whole). */
export async function ledgerEntries(world: Pick<ApiWorld, 'doc' | 'stack'>): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await world.doc.send(
      new ScanCommand({
        TableName: world.stack.config.tableName,
        FilterExpression: '#type = :type',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'LedgerEntry' },
        ExclusiveStartKey: start,
      }),
    );
    entries.push(...((out.Items ?? []) as LedgerEntry[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return entries;
}

/** The demo admin's ID token. */
export const demoAdminToken = (world: ApiWorld): Promise<string> =>
  signIn(world, 'admin', world.stack.config.demo.admin.email, world.stack.config.demo.admin.password);

/**
 * A host of the calling test, created by the demo admin (`adminToken`) with a temporary password that the first
 * sign-in replaces: its id and an ID token.
 */
export async function adminMadeHost(
  world: ApiWorld,
  adminToken: string,
  businessName: string,
  emailPrefix: string,
): Promise<{ id: string; token: string }> {
  const email = `${emailPrefix}-${randomUUID().slice(0, 8)}@example.com`;
  const created = await call<{ id: string }>(
    world,
    'POST',
    '/api/admin/hosts',
    { email, password: 'Temporary#2025', businessName, languages: ['japanese'] },
    bearer(adminToken),
  );
  if (created.status !== 201) throw new Error(`host: ${created.status} ${created.text}`);
  const token = await signIn(world, 'host', email, 'Temporary#2025', { newPassword: 'Permanent#2025' });
  return { id: created.body.id, token };
}

/** The local stack's clock. */
export async function localNow(world: Pick<ApiWorld, 'origin'>): Promise<Date> {
  const res = await call<{ now: string }>(world, 'POST', '/api/local-clock/advance', { hours: 0 });
  return new Date(res.body.now);
}
