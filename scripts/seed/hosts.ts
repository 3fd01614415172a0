/**
 * The seeded hosts and back-office users. Each host is a real user of the local host pool (its profile id is the
 * user's `sub`), so the demo host can sign in to the host dashboard and see its own experiences and bookings.
 * Passwords are for the local stack only and are printed by `npm start`.
 */
import type { Host } from '../../functions/domain/entities';

export type SeedHostKey = 'setouchiGuides' | 'uchikoWorkshop' | 'japanJourneys';

export interface SeedHost extends Omit<Host, 'id' | 'email' | 'avatarUrl' | 'createdAt'> {
  key: SeedHostKey;
  email: string;
  avatarColor: string;
}

export const DEMO_HOST = { email: 'host@example.com', password: 'DemoHost#2025' } as const;
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'DemoAdmin#2025' } as const;
/** The other seeded hosts share one password; only the demo host is advertised. */
export const SEED_HOST_PASSWORD = 'SeedHost#2025';

export const SEED_HOSTS: SeedHost[] = [
  {
    key: 'setouchiGuides',
    email: DEMO_HOST.email,
    businessName: 'Setouchi Local Guides',
    introduction:
      'Born and raised in Matsuyama, our guides know every hot spring, castle path and island ferry of Ehime. We run small private tours so that you can travel at your own pace.',
    businessDescription:
      'Licensed travel agency (Ehime Governor Registered Travel Agency No. 3-000) offering private walking tours, cycling trips along the Shimanami Kaido and food experiences in central and eastern Ehime.',
    businessHours: '9:00–18:00 (closed on New Year holidays)',
    address: '1-1 Ichibancho, Matsuyama, Ehime 790-0001',
    phone: '+81 89-000-0001',
    website: 'https://example.com/setouchi-local-guides',
    locationLat: 33.8392,
    locationLng: 132.7657,
    languages: ['japanese', 'english'],
    cancellationPolicy: { days: 7, refundPercentage: 100 },
    avatarColor: '#1f6f8b',
  },
  {
    key: 'uchikoWorkshop',
    email: 'uchiko@example.com',
    businessName: 'Uchiko & Southern Ehime Heritage Workshop',
    introduction:
      'A group of craftspeople and farmers from Uchiko, Ozu and Uwajima who open their workshops, kitchens and orchards to visitors.',
    businessDescription:
      'Hands-on craft and food experiences in the historic towns of southern Ehime: washi paper, Tobe porcelain, citrus farming and local cooking.',
    businessHours: '10:00–17:00 (closed on Wednesdays)',
    address: '2020 Uchiko, Kita District, Ehime 791-3301',
    phone: '+81 893-00-0002',
    website: 'https://example.com/uchiko-heritage',
    locationLat: 33.5456,
    locationLng: 132.6588,
    languages: ['japanese', 'english', 'chinese'],
    cancellationPolicy: { days: 3, refundPercentage: 50 },
    avatarColor: '#a0522d',
  },
  {
    key: 'japanJourneys',
    email: 'journeys@example.com',
    businessName: 'Japan Journeys Concierge',
    introduction:
      'Our concierge team designs private days in Kyoto, Tokyo, Hiroshima and Kagawa for travellers who want to meet the people behind the traditions.',
    businessDescription:
      'Private cultural experiences with licensed guides and partner artisans across Japan, arranged and supported by one concierge desk.',
    businessHours: '10:30–18:00 (Monday to Saturday)',
    address: '3-5 Nihonbashi, Chuo City, Tokyo 103-0027',
    phone: '+81 3-0000-0003',
    website: 'https://example.com/japan-journeys',
    locationLat: 35.6828,
    locationLng: 139.7745,
    languages: ['japanese', 'english', 'korean'],
    cancellationPolicy: { days: 7, refundPercentage: 100 },
    avatarColor: '#6b4c9a',
  },
];
