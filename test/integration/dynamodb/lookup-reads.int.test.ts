/**
 * A lookup costs the same reads whether or not the reference exists (DESIGN §4d): a guesser learns nothing from the
 * bill or the timing, and a flood of guesses costs what a flood of real lookups costs.
 */
import { DynamoRateLimiter } from '../../../functions/adapters/dynamodb/rate-limiter';
import { lookupRequestSchema } from '../../../functions/domain/schemas/lookup';
import { makeLookupBooking } from '../../../functions/use-cases/lookup-booking';
import {
  id,
  makeBooking,
  makeExperience,
  makeHost,
  reference,
  requestBooking,
  setUpRepositories,
  type RepositoryContext,
} from './support';

let ctx: RepositoryContext;
beforeAll(async () => {
  ctx = await setUpRepositories();
});
afterAll(async () => {
  await ctx.drop();
});

it('reads the same items for a real reference, a wrong e-mail and a reference that does not exist', async () => {
  const host = makeHost({ id: id('host') });
  await ctx.repos.hosts.create(host);
  const experience = makeExperience({ id: id('exp'), hostId: host.id });
  await ctx.repos.experiences.create(experience, []);
  const booking = makeBooking({
    id: id('bkg'),
    reference: reference(),
    experienceId: experience.id,
    hostId: host.id,
  });
  await requestBooking(ctx.repos, booking);

  const lookup = makeLookupBooking({
    ...ctx.repos,
    rateLimiter: new DynamoRateLimiter(ctx.doc, ctx.tableName),
    clock: () => new Date(),
  });
  const readsOf = async (email: string, ref: string, client: string) => {
    const before = ctx.sent.length;
    await lookup(lookupRequestSchema.parse({ email, reference: ref }), client).catch(() => undefined);
    return ctx.sent.slice(before).filter((name) => name.startsWith('Get') || name.startsWith('BatchGet'));
  };

  const real = await readsOf(booking.email, booking.reference, '192.0.2.1');
  const wrongEmail = await readsOf('someone@example.com', booking.reference, '192.0.2.2');
  const unknown = await readsOf(
    booking.email,
    booking.reference === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ',
    '192.0.2.3',
  );
  expect(real.length).toBeGreaterThanOrEqual(4);
  expect(wrongEmail).toEqual(real);
  expect(unknown).toEqual(real);
});
