/**
 * Requests for the demo host, so that `npm start` opens a back office with work in it: two waiting for an answer,
 * two approved and one denied. They are made the way guests make them (booking, test card, payment confirmation)
 * and decided through the host's own use cases, so the card authorisations, slot counters, counters and mails are
 * all real. Only `npm start` seeds them (tests make the requests they need themselves).
 */
import { guestRuntime } from '../../functions/adapters/runtime/guest-runtime';
import { hostRuntime } from '../../functions/adapters/runtime/host-runtime';
import {
  LOCAL_TEST_CARDS,
  paymentIntentIdFromClientSecret,
  type LocalPaymentGateway,
} from '../../functions/adapters/payments/local-payment-gateway';
import type { DynamoRepositories } from '../../functions/adapters/dynamodb/repositories';

interface DemoGuest {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  nationality: string;
  specialRequests: string | null;
  guests: number;
  decision: 'pending' | 'approve' | 'deny';
}

const DEMO_GUESTS: DemoGuest[] = [
  {
    firstName: 'Emma',
    lastName: 'Wilson',
    email: 'emma.wilson@example.com',
    phone: '+44 20 7946 0958',
    nationality: 'United Kingdom',
    specialRequests: 'We are celebrating our anniversary.',
    guests: 2,
    decision: 'pending',
  },
  {
    firstName: 'Lucas',
    lastName: 'Martin',
    email: 'lucas.martin@example.com',
    phone: '+33 1 23 45 67 89',
    nationality: 'France',
    specialRequests: null,
    guests: 1,
    decision: 'pending',
  },
  {
    firstName: 'Mei',
    lastName: 'Chen',
    email: 'mei.chen@example.com',
    phone: '+886 2 2345 6789',
    nationality: 'Taiwan',
    specialRequests: 'One of us is vegetarian.',
    guests: 2,
    decision: 'approve',
  },
  {
    firstName: 'Jack',
    lastName: 'Taylor',
    email: 'jack.taylor@example.com',
    phone: '+61 2 9876 5432',
    nationality: 'Australia',
    specialRequests: null,
    guests: 1,
    decision: 'approve',
  },
  {
    firstName: 'Anna',
    lastName: 'Schmidt',
    email: 'anna.schmidt@example.com',
    phone: '+49 30 1234567',
    nationality: 'Germany',
    specialRequests: null,
    guests: 2,
    decision: 'deny',
  },
];

export const DEMO_DENIAL_REASON =
  'Sorry, our guide is away on that day. We would be glad to welcome you on another date.';

/** Seeds the demo host's requests; answers how many it made. */
export async function seedDemoBookings(repositories: DynamoRepositories, hostId: string): Promise<number> {
  const guest = guestRuntime();
  const host = hostRuntime();
  const payments = guest.payments as LocalPaymentGateway;
  const experiences = (await repositories.experiences.listByHost(hostId)).items.filter(
    (e) => e.publicationStatus === 'public',
  );
  let made = 0;
  for (const [i, demo] of DEMO_GUESTS.entries()) {
    const experience = experiences[i % experiences.length];
    if (!experience) break;
    const now = guest.clock();
    const availability = await guest.useCases.getAvailability(experience.id, {
      from: '2000-01-01',
      to: '2100-12-31',
    });
    // A spread of dates: the first free slot a week later per demo guest.
    const dates = Object.keys(availability.dates).sort();
    const date = dates[Math.min(dates.length - 1, i * 5)];
    const time = date ? availability.dates[date]?.[0] : undefined;
    if (!date || !time) continue;
    const guests = Math.min(Math.max(demo.guests, experience.participantsMin), experience.participantsMax);
    const created = await guest.useCases.createBooking({
      experienceId: experience.id,
      date,
      time,
      guests,
      language: 'en',
      guestLocale: 'en',
      guest: {
        firstName: demo.firstName,
        lastName: demo.lastName,
        email: demo.email,
        phone: demo.phone,
        nationality: demo.nationality,
        specialRequests: demo.specialRequests,
      },
    });
    const intentId = paymentIntentIdFromClientSecret(created.payment.clientSecret);
    if (!intentId) continue;
    await payments.confirmWithTestCard(intentId, {
      number: LOCAL_TEST_CARDS.success,
      expMonth: 12,
      expYear: now.getUTCFullYear() + 3,
      cvc: '123',
    });
    await guest.useCases.confirmPayment(created.bookingId);
    const asHost = { role: 'host' as const, userId: hostId };
    if (demo.decision === 'approve') await host.useCases.decisions.approve(created.bookingId, asHost);
    if (demo.decision === 'deny') {
      await host.useCases.decisions.deny(created.bookingId, DEMO_DENIAL_REASON, asHost);
    }
    made++;
  }
  return made;
}
