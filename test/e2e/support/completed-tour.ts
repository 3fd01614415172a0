/**
 * A completed tour of yesterday written straight into the shared stack's table, as the completion job leaves it
 * (the way `scripts/seed/reviews.ts` writes its tours): the review tests start from it instead of booking,
 * approving and moving the shared clock days forward.
 */
import { randomUUID } from 'node:crypto';
import type { DynamoRepositories } from '../../../functions/adapters/dynamodb/repositories';
import { addDays, todayInTokyo } from '../../../functions/domain/calendar';
import type { Booking, Experience } from '../../../functions/domain/entities';

export async function writeCompletedTour(
  repos: DynamoRepositories,
  experience: Experience,
  guest: Pick<Booking, 'firstName' | 'lastName' | 'email' | 'guestLocale' | 'nationality'> & {
    guests?: number;
  },
  referencePrefix: string,
): Promise<Booking> {
  const now = new Date();
  const at = `${addDays(todayInTokyo(now), -3)}T01:00:00.000Z`;
  const guests = guest.guests ?? 2;
  const booking: Booking = {
    id: randomUUID(),
    reference: `${referencePrefix}${randomUUID()
      .slice(0, 6 - referencePrefix.length)
      .toUpperCase()}`,
    experienceId: experience.id,
    hostId: experience.hostId,
    date: addDays(todayInTokyo(now), -1),
    time: '10:00',
    guests,
    language: guest.guestLocale === 'ja' ? 'ja' : 'en',
    firstName: guest.firstName,
    lastName: guest.lastName,
    email: guest.email,
    phone: '+81 90 0000 0000',
    nationality: guest.nationality,
    specialRequests: null,
    unitPrice: experience.price,
    amount: experience.price * guests,
    currency: 'JPY',
    status: 'completed',
    paymentProvider: null,
    paymentIntentId: null,
    deadline: null,
    deniedMessage: null,
    guestLocale: guest.guestLocale,
    experienceTitle: experience.title,
    decidedBy: null,
    decidedAt: null,
    reminderSentAt: null,
    createdAt: at,
    updatedAt: at,
  };
  await repos.bookings.createWithSlotHold(booking, experience.availability.capacity);
  return booking;
}
