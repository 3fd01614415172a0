/**
 * Completed tours with reviews and host replies, so that `npm start` shows ratings on several experiences (cards,
 * detail pages, the host's and the admin's 口コミ screens). The bookings are written as completed tours of past
 * dates (no payment: they only stand behind the reviews); the reviews go through the review repository, so the
 * counters are the real ones. Only `npm start` seeds them.
 */
import { randomUUID } from 'node:crypto';
import type { DynamoRepositories } from '../../functions/adapters/dynamodb/repositories';
import { addDays, todayInTokyo } from '../../functions/domain/calendar';
import type { Booking } from '../../functions/domain/entities';
import { reviewAuthorName, type Review } from '../../functions/domain/reviews';

interface SeedReview {
  firstName: string;
  lastName: string;
  guestLocale: 'en' | 'ja';
  rating: number;
  text: string;
  reply?: string;
}

/** Per experience (newest published first), its reviews. */
const SEED_REVIEWS: SeedReview[][] = [
  [
    {
      firstName: 'Olivia',
      lastName: 'Brown',
      guestLocale: 'en',
      rating: 5,
      text: 'A perfect morning. Our guide knew every corner and the tea at the end was unforgettable.',
      reply: 'Thank you, Olivia! We hope to welcome you again in the autumn.',
    },
    {
      firstName: '陽子',
      lastName: '佐藤',
      guestLocale: 'ja',
      rating: 4,
      text: '少人数でゆっくり見て回れました。説明もわかりやすかったです。',
    },
    {
      firstName: 'Daniel',
      lastName: 'Meyer',
      guestLocale: 'en',
      rating: 5,
      text: 'Worth every yen. Book it!',
    },
  ],
  [
    {
      firstName: 'Sophie',
      lastName: 'Dubois',
      guestLocale: 'en',
      rating: 4,
      text: 'Beautiful scenery and a relaxed pace. Bring good shoes.',
      reply: 'Merci, Sophie! Good shoes indeed — thank you for the tip for other guests.',
    },
    {
      firstName: 'Ken',
      lastName: 'Ito',
      guestLocale: 'ja',
      rating: 3,
      text: '天気が悪く残念でしたが、ガイドさんは親切でした。',
    },
  ],
  [
    {
      firstName: 'Grace',
      lastName: 'Lee',
      guestLocale: 'en',
      rating: 5,
      text: 'The highlight of our trip to Shikoku.',
    },
  ],
];

/** Seeds the reviews; answers how many it wrote. */
export async function seedDemoReviews(
  repositories: DynamoRepositories,
  demoHostId: string,
  now: Date,
): Promise<number> {
  // The demo host's newest experience first (its back office then has reviews to answer), then two others.
  const all = await repositories.experiences.listCards({ sort: 'newest', limit: 20 });
  const demo = all.find((c) => c.hostId === demoHostId);
  const cards = [...(demo ? [demo] : []), ...all.filter((c) => c !== demo)].slice(0, SEED_REVIEWS.length);
  let made = 0;
  for (const [i, card] of cards.entries()) {
    for (const [j, seed] of (SEED_REVIEWS[i] ?? []).entries()) {
      const date = addDays(todayInTokyo(now), -(10 + 7 * j + i));
      const at = new Date(now.getTime() - (9 - j) * 86_400_000).toISOString();
      const booking: Booking = {
        id: randomUUID(),
        reference: `RV${String(i)}${String(j)}${randomUUID()
          .slice(0, 2)
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, 'X')}`,
        experienceId: card.id,
        hostId: card.hostId,
        date,
        time: '10:00',
        durationMinutes: card.durationMinutes,
        bufferMinutes: 0,
        guests: 2,
        language: seed.guestLocale,
        firstName: seed.firstName,
        lastName: seed.lastName,
        email: `${randomUUID().slice(0, 8)}@example.com`,
        phone: '+81 90 0000 0000',
        nationality: seed.guestLocale === 'ja' ? 'Japan' : 'United Kingdom',
        specialRequests: null,
        unitPrice: card.price,
        amount: card.price * 2,
        currency: 'JPY',
        status: 'completed',
        paymentProvider: null,
        paymentIntentId: null,
        deadline: null,
        deniedMessage: null,
        guestLocale: seed.guestLocale,
        experienceTitle: card.title,
        decidedBy: null,
        decidedAt: null,
        reminderSentAt: null,
        createdAt: at,
        updatedAt: at,
      };
      await repositories.bookings.createWithSlotHold(booking, 10);
      const review: Review = {
        id: randomUUID(),
        bookingId: booking.id,
        experienceId: card.id,
        experienceTitle: card.title,
        hostId: card.hostId,
        rating: seed.rating,
        text: seed.text,
        authorName: reviewAuthorName(seed),
        language: seed.guestLocale,
        tourDate: date,
        status: 'visible',
        hiddenReason: null,
        hiddenAt: null,
        reply: null,
        createdAt: at,
        updatedAt: at,
      };
      await repositories.reviews.create(review);
      if (seed.reply) await repositories.reviews.setReply(review.id, card.hostId, seed.reply, now);
      made++;
    }
  }
  return made;
}
