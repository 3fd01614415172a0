/**
 * Booking requests made over HTTP for the back-office browser tests, as a guest makes them (booking, local test
 * card, payment confirmation): each on a seeded experience picked by title, on its last free slot, so tests that
 * share the stack never take each other's slots.
 */
import { inject } from 'vitest';
import { SEED_EXPERIENCES } from '../../../scripts/seed/experiences';
import { postJson, uniqueEmail } from './guest-flow';

export interface MadeRequest {
  id: string;
  reference: string;
  email: string;
  amount: number;
  date: string;
  time: string;
}

export interface RequestGuest {
  firstName: string;
  lastName: string;
  phone: string;
  nationality: string;
  guestLocale: 'en' | 'ja' | 'zh-Hant' | 'ko';
}

/**
 * A guest's request (`pending`) on the seeded experience titled `title`, on its last bookable day (months ahead,
 * so the default rule, 7 days / 100 %, still returns everything), paid with the local test card.
 */
export async function requestOn(
  title: string,
  label: string,
  guest: Partial<RequestGuest> = {},
): Promise<MadeRequest> {
  const base = inject('baseUrl');
  const seeded = SEED_EXPERIENCES.find((e) => e.title === title);
  if (!seeded) throw new Error(`No seeded experience "${title}"`);
  const availability = (await (
    await fetch(`${base}/api/experiences/${seeded.id}/availability?from=2000-01-01&to=2100-12-31`)
  ).json()) as { dates: Record<string, string[]> };
  const [date, times] = Object.entries(availability.dates).at(-1)!;
  const time = times.at(-1)!;
  const email = uniqueEmail(label);
  const { guestLocale = 'en', ...details } = guest;
  const created = await postJson<{
    bookingId: string;
    reference: string;
    amount: number;
    payment: { clientSecret: string };
  }>(base, '/api/bookings', {
    experienceId: seeded.id,
    date,
    time,
    guests: seeded.participantsMin,
    language: 'en',
    guestLocale,
    guest: {
      firstName: 'Grace',
      lastName: 'Cancelled',
      email,
      phone: '+44 20 7946 0000',
      nationality: 'United Kingdom',
      specialRequests: null,
      ...details,
    },
  });
  if (created.status !== 201) throw new Error(`booking: ${created.status} ${JSON.stringify(created.body)}`);
  const paid = await postJson(base, '/api/local-payments/confirm', {
    clientSecret: created.body.payment.clientSecret,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' },
  });
  if (paid.status !== 200) throw new Error(`payment: ${paid.status}`);
  const confirmed = await postJson<{ status: string }>(
    base,
    `/api/bookings/${created.body.bookingId}/payment-confirmed`,
    {},
  );
  if (confirmed.body.status !== 'pending') throw new Error(`confirm: ${JSON.stringify(confirmed.body)}`);
  return {
    id: created.body.bookingId,
    reference: created.body.reference,
    email,
    amount: created.body.amount,
    date,
    time,
  };
}
