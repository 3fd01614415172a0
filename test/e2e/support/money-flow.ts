/**
 * What the money tests of the browser suite (payouts, documents) set up over HTTP and in the table: a host made by
 * the admin API with a permanent password, that host's API, an experience of theirs with a captured charge, and
 * earnings made due. The shared stack's clock only moves forward (moving it days ahead would lapse the seeded
 * requests other files use), so earnings are made due by writing their payable time into the past, as the reviews
 * test writes a completed tour; everything else goes through the API.
 */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createMoneyRepositories } from '../../../functions/adapters/dynamodb/money-repositories';
import {
  createDocumentClient,
  createDynamoRepositories,
} from '../../../functions/adapters/dynamodb/repositories';
import { LOCAL_CREDENTIALS } from '../../../scripts/local/dynamodb-local';
import { adminApiToken, poolIdToken } from './admin-flow';
import { GOOD_CARD_FORM, postJson } from './guest-flow';

export interface MoneyHost {
  email: string;
  password: string;
  businessName: string;
  id: string;
}

/** The table's repositories, and `close()` when the file is done. */
export function moneyRepositories() {
  const table = inject('dynamodb');
  const doc = createDocumentClient({ ...table, credentials: LOCAL_CREDENTIALS });
  return {
    ...createDynamoRepositories({ doc, tableName: table.tableName }),
    ...createMoneyRepositories({ doc, tableName: table.tableName }),
    close: () => doc.destroy(),
  };
}
export type MoneyRepositories = ReturnType<typeof moneyRepositories>;

/** An admin-made host whose temporary password is replaced once over the API (the sign-in screens have their tests). */
export async function adminMadeHost(baseUrl: string, host: MoneyHost): Promise<void> {
  const res = await fetch(`${baseUrl}/api/admin/hosts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminApiToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: host.email,
      password: 'Temporary#2027',
      businessName: host.businessName,
      languages: ['japanese', 'english'],
    }),
  });
  host.id = ((await res.json()) as { id: string }).id;
  await poolIdToken('hostPool', host.email, 'Temporary#2027', null, host.password);
}

/** A call of the host API as `host`; its JSON answer. */
export async function hostApi<T>(
  baseUrl: string,
  host: MoneyHost,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const token = await poolIdToken('hostPool', host.email, host.password);
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A public experience of the host written straight to the table, as a copy of a seeded one of the demo host
 * (photos included) with a unique title: no page event is sent, so the stored guest pages do not show it yet.
 */
export async function publishedExperienceOf(
  repos: MoneyRepositories,
  hostId: string,
  title: string,
  price: number,
): Promise<{ id: string; title: string }> {
  const demoHost = (await repos.hosts.getByEmail(inject('demoHost').email))!;
  const seeded = (await repos.experiences.listByHost(demoHost.id)).items[0]!;
  const now = new Date().toISOString();
  const experience = {
    ...seeded,
    id: randomUUID(),
    hostId,
    title: `${title} ${randomUUID().slice(0, 6)}`,
    price,
    participantsMin: 1,
    participantsMax: 4,
    publicationStatus: 'public' as const,
    availability: {
      defaultHours: { start: '08:00', end: '18:00' },
      allDay: false,
      regularHolidays: [],
      capacity: 3,
    },
    createdAt: now,
    updatedAt: now,
  };
  await repos.experiences.create(experience, []);
  return experience;
}

/**
 * A new experience of `host` at `price` (a copy of a seeded one), booked for its first free slot by two guests,
 * paid with the test card and approved by the host: a captured charge of 2 × `price`.
 */
export async function approvedBooking(
  baseUrl: string,
  repos: MoneyRepositories,
  host: MoneyHost,
  options: {
    title: string;
    price: number;
    guest: { firstName: string; lastName: string; email: string; phone: string; nationality: string };
    guestLocale?: 'en' | 'ja' | 'zh-Hant' | 'ko';
  },
): Promise<{ bookingId: string; reference: string }> {
  const experience = await publishedExperienceOf(repos, host.id, options.title, options.price);
  const availability = (await (
    await fetch(`${baseUrl}/api/experiences/${experience.id}/availability?from=2000-01-01&to=2100-12-31`)
  ).json()) as { dates: Record<string, string[]> };
  const [date, times] = Object.entries(availability.dates)[0]!;
  const created = await postJson<{ bookingId: string; reference: string; payment: { clientSecret: string } }>(
    baseUrl,
    '/api/bookings',
    {
      experienceId: experience.id,
      date,
      time: times[0],
      guests: 2,
      language: 'en',
      ...(options.guestLocale ? { guestLocale: options.guestLocale } : {}),
      guest: options.guest,
    },
  );
  if (created.status !== 201) throw new Error(`booking: ${created.status}`);
  await postJson(baseUrl, '/api/local-payments/confirm', {
    clientSecret: created.body.payment.clientSecret,
    card: GOOD_CARD_FORM,
  });
  await postJson(baseUrl, `/api/bookings/${created.body.bookingId}/payment-confirmed`, {});
  await hostApi(baseUrl, host, 'POST', `/api/host/bookings/${created.body.bookingId}/approve`, {});
  return { bookingId: created.body.bookingId, reference: created.body.reference };
}

/** The tour has been over for 48 hours (see the note above): the booking's earnings are payable now. */
export async function makePayable(repos: MoneyRepositories, bookingId: string): Promise<void> {
  const earnings = (await repos.money.earningsOf(bookingId))!;
  await repos.money.applyMoney({
    before: earnings,
    after: { ...earnings, payableAt: new Date(Date.now() - 60_000).toISOString() },
    entry: null,
  });
}
