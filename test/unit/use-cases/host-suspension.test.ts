/**
 * What a suspension does beyond the admin screens: the host's experiences leave every guest path (lists, detail,
 * availability, booking) and the host's public profile, the host API refuses the host, and reinstating puts back
 * exactly the experiences that were public.
 */
import { HOST_ACCOUNT_SUSPENDED_MESSAGE } from '../../../functions/domain/repository-messages';
import type { DomainError } from '../../../functions/domain/errors';
import { createBookingRequestSchema } from '../../../functions/domain/schemas/booking';
import { listExperiencesQuery } from '../../../functions/domain/schemas/catalogue';
import { makeRequireHost } from '../../../functions/use-cases/back-office/host-account';
import { BOOKABLE_DATE, BOOKABLE_TIME, NOW, makeExperience, makeHost } from '../../support/fakes/fixtures';
import { createGuestHarness, type GuestHarness } from '../../support/fakes/guest-harness';

let h: GuestHarness;
beforeEach(async () => {
  h = createGuestHarness();
  await h.repos.hosts.create(makeHost({ id: 'suspended', email: 'a@example.com' }));
  await h.repos.hosts.create(makeHost({ id: 'active', email: 'b@example.com' }));
  await h.repos.experiences.create(
    makeExperience({ id: 'theirs', hostId: 'suspended', prefecture: 'Ehime' }),
    ['c'],
  );
  await h.repos.experiences.create(
    makeExperience({ id: 'their-private', hostId: 'suspended', publicationStatus: 'private' }),
    [],
  );
  await h.repos.experiences.create(makeExperience({ id: 'others', hostId: 'active', prefecture: 'Ehime' }), [
    'c',
  ]);
  await h.repos.hosts.suspend('suspended', {
    suspendedAt: NOW.toISOString(),
    suspendedBy: 'admin',
    reason: null,
  });
});

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('expected a rejection'),
    (e: unknown) => e as DomainError,
  );

const listed = async (query: Record<string, string> = {}) =>
  (await h.listExperiences(listExperiencesQuery.parse(query))).items.map((c) => c.id);

const booking = (experienceId: string) =>
  createBookingRequestSchema.parse({
    experienceId,
    date: BOOKABLE_DATE,
    time: BOOKABLE_TIME,
    guests: 2,
    language: 'en',
    guest: {
      firstName: 'Emma',
      lastName: 'Stone',
      email: 'emma@example.com',
      phone: '+44 20 7946 0000',
      nationality: 'United Kingdom',
    },
  });

describe('a suspended host', () => {
  it('is in no guest list: all, by prefecture, by category, by text, by price', async () => {
    expect(await listed()).toEqual(['others']);
    expect(await listed({ prefecture: 'Ehime' })).toEqual(['others']);
    expect(await listed({ categories: 'c' })).toEqual(['others']);
    expect(await listed({ q: 'sake' })).toEqual(['others']);
    expect(await listed({ sort: 'lowest_price', limit: '1' })).toEqual(['others']);
  });

  it('has no detail page, no availability, no booking, no public profile: 404 as if missing', async () => {
    for (const p of [
      h.getExperience('theirs'),
      h.getAvailability('theirs', { from: BOOKABLE_DATE, to: BOOKABLE_DATE }),
      h.createBooking(booking('theirs')),
      h.getHostProfile('suspended'),
    ]) {
      expect((await rejection(p)).code).toBe('not_found');
    }
    expect((await h.createBooking(booking('others'))).status).toBe('awaiting_payment');
  });

  it('is refused by the host API with what happened and whom to ask (issue 21 item 10)', async () => {
    const requireHost = makeRequireHost(h.repos);
    expect(await rejection(requireHost('suspended'))).toMatchObject({
      code: 'not_a_host',
      message: HOST_ACCOUNT_SUSPENDED_MESSAGE,
    });
    expect(await rejection(requireHost('nobody'))).toMatchObject({
      code: 'not_a_host',
      message: 'このアカウントはホスト権限を持っていません。',
    });
    expect((await requireHost('active')).id).toBe('active');
  });

  it('is back with exactly the public experiences once reinstated', async () => {
    await h.repos.hosts.reinstate('suspended');
    expect((await listed()).sort()).toEqual(['others', 'theirs']);
    expect((await h.getExperience('theirs')).id).toBe('theirs');
    expect((await rejection(h.getExperience('their-private'))).code).toBe('not_found');
  });
});
