/**
 * Shared set-up of the DynamoDB integration tests: a fresh table per test file, the repositories over it, and a
 * record of every command the document client sent (to prove no repository method ever scans the table).
 */
import { randomUUID } from 'node:crypto';
import type { Booking, Category, Experience, Host } from '../../../functions/domain/entities';
import {
  createDynamoRepositories,
  type DynamoRepositories,
} from '../../../functions/adapters/dynamodb/repositories';
import { createTestTable, type TestTable } from '../../support/test-table';
import { tourReleaseItems } from '../../../functions/adapters/dynamodb/tour-hold-items';
import { transactWrite } from '../../../functions/adapters/dynamodb/transactions';

export interface RepositoryContext extends TestTable {
  repos: DynamoRepositories;
  /** Names of the low-level commands sent so far (`QueryCommand`, `TransactWriteItemsCommand`, …). */
  sent: string[];
}

/**
 * A booking as the guest flow makes one: the slot hold, then the authorised payment turns it into a request,
 * which is when it enters the lists and the counters.
 */
export async function requestBooking(
  repos: DynamoRepositories,
  booking: Booking,
  ruleCapacity = 1,
): Promise<Booking> {
  await repos.bookings.createWithSlotHold(booking, ruleCapacity);
  return repos.bookings.transition(booking.id, 'awaiting_payment', 'pending', {
    deadline: null,
    now: new Date(booking.createdAt),
  });
}

export async function setUpRepositories(): Promise<RepositoryContext> {
  const table = await createTestTable();
  const sent: string[] = [];
  table.doc.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push(context.commandName ?? 'unknown');
      return next(args);
    },
    { step: 'initialize', name: 'recordCommandNames' },
  );
  return { ...table, repos: createDynamoRepositories({ doc: table.doc, tableName: table.tableName }), sent };
}

/** The last test of every file: no repository method sent a Scan while the file ran (and the record worked). */
export function itNeverScanned(ctx: () => RepositoryContext) {
  it('never sent a Scan (every access pattern is a Get, Query, BatchGet or transaction)', () => {
    const { sent } = ctx();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.some((name) => name.startsWith('Query'))).toBe(true);
    expect(sent.filter((name) => /scan/i.test(name))).toEqual([]);
  });
}

export const id = (prefix: string) => `${prefix}-${randomUUID()}`;

/**
 * Gives one tour's time back outside any booking transition (what a release of another booking would have done):
 * the start's counter and the quarters of an hour-long tour without buffer at `date` `time`.
 */
export async function releaseHour(ctx: RepositoryContext, experienceId: string, date: string, time: string) {
  await transactWrite(ctx.doc, () =>
    tourReleaseItems(ctx.tableName, {
      experienceId,
      date,
      time,
      durationMinutes: 60,
      bufferMinutes: 0,
      quarters: true,
    }),
  );
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const reference = () =>
  Array.from({ length: 6 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('');

export function makeExperience(overrides: Partial<Experience> = {}): Experience {
  return {
    id: id('exp'),
    hostId: 'host-1',
    title: 'Sake brewery tour',
    description: 'Taste the local sake.',
    price: 5000,
    mainImages: ['/images/a.jpg', '/images/b.jpg'],
    movie: null,
    detailHeading1: null,
    detailText1: null,
    detailImage1: null,
    detailHeading2: null,
    detailText2: null,
    detailImage2: null,
    postalCode: '790-0001',
    prefecture: 'Ehime',
    city: 'Matsuyama',
    district: 'Ichibancho',
    streetAddress: '1-1',
    building: null,
    mapLat: 33.84,
    mapLng: 132.77,
    cancellationPolicy: null,
    tags: ['sake', 'food'],
    thingsToKnowPrice: null,
    thingsToKnowItinerary: null,
    thingsToKnowClothes: null,
    thingsToKnowNote: null,
    participantsMin: 1,
    participantsMax: 6,
    publicationStatus: 'public',
    durationMinutes: 60,
    availability: {
      defaultHours: { start: '09:00', end: '17:00' },
      allDay: false,
      regularHolidays: ['monday'],
      capacity: 1,
    },
    createdAt: '2025-04-01T00:00:00.000Z',
    updatedAt: '2025-04-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeHost(overrides: Partial<Host> = {}): Host {
  const hostId = overrides.id ?? id('host');
  return {
    id: hostId,
    email: `${hostId}@example.com`,
    businessName: 'Dogo Tours',
    introduction: null,
    businessDescription: null,
    businessHours: null,
    address: null,
    phone: null,
    website: null,
    locationLat: null,
    locationLng: null,
    languages: ['japanese', 'english'],
    cancellationPolicy: { days: 3, refundPercentage: 50 },
    avatarUrl: null,
    createdAt: '2025-04-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeCategory(overrides: Partial<Category> = {}): Category {
  return { id: id('cat'), name: 'Food', isActive: true, ...overrides };
}

export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: id('bkg'),
    reference: reference(),
    experienceId: 'exp-1',
    hostId: 'host-1',
    date: '2025-06-10',
    time: '10:00',
    durationMinutes: 60,
    bufferMinutes: 0,
    guests: 2,
    language: 'en',
    firstName: 'Hanako',
    lastName: 'Yamada',
    email: 'hanako@example.com',
    phone: '+81 90 0000 0000',
    nationality: 'JP',
    specialRequests: null,
    unitPrice: 5000,
    amount: 10000,
    currency: 'JPY',
    status: 'awaiting_payment',
    paymentProvider: null,
    paymentIntentId: null,
    deadline: '2025-05-01T00:15:00.000Z',
    deniedMessage: null,
    guestLocale: 'en',
    experienceTitle: 'Dogo onsen walk',
    decidedBy: null,
    decidedAt: null,
    reminderSentAt: null,
    createdAt: '2025-05-01T00:00:00.000Z',
    updatedAt: '2025-05-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An ISO instant `minutes` after a base instant (distinct createdAt values order the lists). */
export const minutesAfter = (base: string, minutes: number) =>
  new Date(Date.parse(base) + minutes * 60_000).toISOString();
