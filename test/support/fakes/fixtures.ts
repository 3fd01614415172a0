/**
 * Entities for use-case tests, valid by their zod schemas. The instant `NOW` is a Tuesday morning in Tokyo, so the
 * bookable window is 2025-05-09 … 2025-11-30 and `BOOKABLE_DATE` (a Wednesday) lies well inside it.
 */
import type { Booking, Category, Experience, Host } from '../../../functions/domain/entities';

/** 2025-05-06 10:00 in Tokyo. */
export const NOW = new Date('2025-05-06T01:00:00.000Z');
/** A Wednesday inside the window (opening 09:00–17:00 in `makeExperience`). */
export const BOOKABLE_DATE = '2025-06-11';
export const BOOKABLE_TIME = '10:00';

let sequence = 0;
export const nextId = (prefix: string) => `${prefix}-${++sequence}`;

export function makeExperience(overrides: Partial<Experience> = {}): Experience {
  return {
    id: nextId('exp'),
    hostId: 'host-1',
    title: 'Sake brewery tour',
    description: 'Taste the local sake in Saijo.',
    price: 5000,
    mainImages: ['/images/a.jpg'],
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
    cancellationPolicy: 'Free cancellation up to 7 days before.',
    tags: ['sake'],
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
  const id = overrides.id ?? 'host-1';
  return {
    id,
    email: `${id}@hosts.example.com`,
    businessName: 'Dogo Tours',
    introduction: 'Local guides since 1999.',
    businessDescription: 'Private tours.',
    businessHours: '9:00-17:00',
    address: 'Matsuyama',
    phone: '+81-89-000-0000',
    website: null,
    locationLat: null,
    locationLng: null,
    languages: ['japanese', 'english'],
    cancellationPolicy: { days: 7, refundPercentage: 100 },
    avatarUrl: '/images/hosts/host-1.jpg',
    createdAt: '2025-04-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeCategory(overrides: Partial<Category> = {}): Category {
  return { id: nextId('cat'), name: 'Food', isActive: true, ...overrides };
}

export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: nextId('bkg'),
    reference: 'ABC123',
    experienceId: 'exp-1',
    hostId: 'host-1',
    date: BOOKABLE_DATE,
    time: BOOKABLE_TIME,
    durationMinutes: 60,
    bufferMinutes: 0,
    guests: 2,
    language: 'en',
    firstName: 'Hanako',
    lastName: 'Yamada',
    email: 'Hanako@Example.com',
    phone: '+819000000000',
    nationality: 'Japan',
    specialRequests: null,
    unitPrice: 5000,
    amount: 10000,
    currency: 'JPY',
    status: 'awaiting_payment',
    paymentProvider: null,
    paymentIntentId: null,
    deadline: new Date(NOW.getTime() + 15 * 60_000).toISOString(),
    deniedMessage: null,
    guestLocale: 'en',
    experienceTitle: 'Dogo onsen walk',
    decidedBy: null,
    decidedAt: null,
    reminderSentAt: null,
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    ...overrides,
  };
}
