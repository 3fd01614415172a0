/**
 * The synthetic marketplace of the local bulk seed (`POST /api/local-seed/bulk`, issue 33): experiences of one new
 * host and their bookings, as entities, before anything is written. Pure: the clock, ids and references are
 * arguments.
 *
 * Placement: booking `i` of a group goes to experience `i mod E`, then walks the group's days, then the two start
 * times, so that a group of N bookings over D days and E experiences stacks at most ⌈N / (2·D·E)⌉ tours on one
 * start; the experiences' capacity is that many (for both groups together), so no start is ever overbooked.
 */
import type { Booking, Experience } from '../../domain/entities';
import { addDays, todayInTokyo } from '../../domain/calendar';
import { DEFAULT_COMMISSION_PERCENT, platformFeeOf } from '../../domain/money';
import { DEFAULT_REFUND_RULE } from '../../domain/refund-rule';
import { tourStart } from '../../domain/tour-schedule';

export interface DayRange {
  count: number;
  fromDay: number;
  toDay: number;
}

export const BULK_START_TIMES = ['09:00', '14:00'] as const;
export const BULK_DURATION_MINUTES = 120;
const PREFECTURES = ['Ehime', 'Kagawa', 'Kochi', 'Tokushima', 'Hiroshima'] as const;
const PRICES = [4000, 6500, 8000, 12000, 15000, 22000] as const;
const DAY_MS = 86_400_000;

/** The tours one start must take for `range` spread over `experiences` experiences. */
export function layersOf(range: DayRange | undefined, experiences: number): number {
  if (!range || range.count === 0 || experiences === 0) return 0;
  const days = range.toDay - range.fromDay + 1;
  return Math.ceil(range.count / (experiences * days * BULK_START_TIMES.length));
}

export interface SyntheticExperienceInput {
  id: string;
  hostId: string;
  tag: string;
  /** 1-based number within the seed. */
  n: number;
  capacity: number;
  now: Date;
}

/** A published experience: the n-th of the seed, newest first in the order made (created a millisecond apart). */
export function syntheticExperience(input: SyntheticExperienceInput): Experience {
  const { n, tag } = input;
  const prefecture = PREFECTURES[n % PREFECTURES.length] as string;
  const at = new Date(input.now.getTime() - n).toISOString();
  return {
    id: input.id,
    hostId: input.hostId,
    title: `${tag} tour ${n}: ${prefecture} by bicycle`,
    description: `Synthetic experience ${n} of the bulk seed "${tag}": a two-hour ride with a local guide.`,
    price: PRICES[n % PRICES.length] as number,
    mainImages: [],
    movie: null,
    detailHeading1: null,
    detailText1: null,
    detailImage1: null,
    detailHeading2: null,
    detailText2: null,
    detailImage2: null,
    postalCode: '790-0001',
    prefecture,
    city: 'Matsuyama',
    district: 'Ichibancho',
    streetAddress: `${n}-1`,
    building: null,
    mapLat: null,
    mapLng: null,
    cancellationPolicy: null,
    refundRule: DEFAULT_REFUND_RULE,
    tags: ['bulk', tag],
    thingsToKnowPrice: null,
    thingsToKnowItinerary: null,
    thingsToKnowClothes: null,
    thingsToKnowNote: null,
    participantsMin: 1,
    participantsMax: 6,
    publicationStatus: 'public',
    durationMinutes: BULK_DURATION_MINUTES,
    availability: {
      defaultHours: { start: '09:00', end: '18:00' },
      allDay: false,
      regularHolidays: [],
      capacity: Math.max(1, input.capacity),
      startTimes: [...BULK_START_TIMES],
      bufferMinutes: 0,
    },
    createdAt: at,
    updatedAt: at,
  };
}

export interface SyntheticBookingInput {
  id: string;
  reference: string;
  /** Index within its group (placement). */
  index: number;
  range: DayRange;
  status: 'approved' | 'completed';
  experiences: readonly Experience[];
  /** The guest's number in the seed: its e-mail is `<tag>.<n>@example.com`. */
  n: number;
  tag: string;
  destinationAccountId: string;
  now: Date;
}

/**
 * A booking as the use cases leave it once approved (and, for `completed`, once its tour ended): the request's
 * copies of the title, price, length, refund rule and commission, decided by its host. It was requested a week
 * before its tour (or just now, for a tour sooner than that).
 */
export function syntheticBooking(input: SyntheticBookingInput): Booking {
  const { index, range, experiences } = input;
  // Days first, so that even a small group spreads over its whole range (then experiences, then start times): every
  // (experience, day, start) is used once before any is used twice.
  const days = range.toDay - range.fromDay + 1;
  const date = addDays(todayInTokyo(input.now), range.fromDay + (index % days));
  const k = Math.floor(index / days);
  const experience = experiences[k % experiences.length] as Experience;
  const time = BULK_START_TIMES[Math.floor(k / experiences.length) % BULK_START_TIMES.length] as string;
  const start = tourStart({ date, time, durationMinutes: BULK_DURATION_MINUTES });
  const requested = new Date(Math.min(input.now.getTime(), start.getTime() - 7 * DAY_MS) - index);
  const guests = 2;
  const amount = experience.price * guests;
  const at = requested.toISOString();
  return {
    id: input.id,
    reference: input.reference,
    experienceId: experience.id,
    hostId: experience.hostId,
    date,
    time,
    durationMinutes: experience.durationMinutes,
    bufferMinutes: experience.availability.bufferMinutes ?? 0,
    guests,
    language: 'en',
    firstName: 'Guest',
    lastName: `${input.tag} ${input.n}`,
    email: `${input.tag}.${input.n}@example.com`,
    phone: '+81 90 0000 0000',
    nationality: 'Japan',
    specialRequests: null,
    unitPrice: experience.price,
    amount,
    currency: 'JPY',
    status: input.status,
    paymentProvider: 'local',
    paymentIntentId: null,
    deadline: null,
    deniedMessage: null,
    guestLocale: 'en',
    experienceTitle: experience.title,
    decidedBy: { role: 'host', userId: experience.hostId },
    decidedAt: at,
    reminderSentAt: null,
    refundRule: experience.refundRule ?? DEFAULT_REFUND_RULE,
    commissionPercent: DEFAULT_COMMISSION_PERCENT,
    platformFee: platformFeeOf(amount, DEFAULT_COMMISSION_PERCENT),
    destinationAccountId: input.destinationAccountId,
    createdAt: at,
    updatedAt: at,
  };
}
