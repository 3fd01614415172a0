import { DomainError } from '../../../functions/domain/errors';
import {
  itNeverScanned,
  makeExperience,
  minutesAfter,
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

describe('DynamoExperienceRepository: experiences', () => {
  it('stores an experience and reads it back unchanged, empty strings included', async () => {
    const experience = makeExperience({ description: '', district: '', building: null, tags: ['', 'onsen'] });
    await ctx.repos.experiences.create(experience, []);
    expect(await ctx.repos.experiences.get(experience.id)).toEqual(experience);
  });

  it('answers null for an unknown id', async () => {
    expect(await ctx.repos.experiences.get('exp-missing')).toBeNull();
  });

  it('refuses a second experience with the same id and keeps the first', async () => {
    const first = makeExperience({ title: 'First' });
    await ctx.repos.experiences.create(first, ['cat-a']);
    const error = await ctx.repos.experiences
      .create({ ...first, title: 'Second' }, ['cat-b'])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('duplicate');
    expect((await ctx.repos.experiences.get(first.id))?.title).toBe('First');
    expect(await ctx.repos.experiences.categoryIdsOf(first.id)).toEqual(['cat-a']);
  });

  it('records each category once, even when given twice', async () => {
    const experience = makeExperience();
    await ctx.repos.experiences.create(experience, ['cat-b', 'cat-a', 'cat-b']);
    expect(await ctx.repos.experiences.categoryIdsOf(experience.id)).toEqual(['cat-a', 'cat-b']);
  });

  it('keeps every category of an experience with more links than one local transaction holds', async () => {
    const experience = makeExperience();
    const many = Array.from({ length: 12 }, (_, i) => `cat-${String(i).padStart(2, '0')}`);
    await ctx.repos.experiences.create(experience, many);
    expect(await ctx.repos.experiences.categoryIdsOf(experience.id)).toEqual(many);
    await ctx.repos.experiences.update(experience, many.slice(0, 2));
    expect(await ctx.repos.experiences.categoryIdsOf(experience.id)).toEqual(many.slice(0, 2));
    await ctx.repos.experiences.update(experience, many);
    await ctx.repos.experiences.delete(experience.id);
    expect(await ctx.repos.experiences.categoryIdsOf(experience.id)).toEqual([]);
    expect(await ctx.repos.experiences.get(experience.id)).toBeNull();
  });

  it('updates an existing experience and answers not_found for a missing one', async () => {
    const experience = makeExperience();
    await ctx.repos.experiences.create(experience, []);
    const changed = { ...experience, title: 'Evening sake tour', updatedAt: '2025-04-02T00:00:00.000Z' };
    await ctx.repos.experiences.update(changed);
    expect(await ctx.repos.experiences.get(experience.id)).toEqual(changed);

    const ghost = makeExperience();
    const error = await ctx.repos.experiences.update(ghost).catch((e: unknown) => e);
    expect((error as DomainError).code).toBe('not_found');
    expect(await ctx.repos.experiences.get(ghost.id)).toBeNull();
  });

  it('refuses an update over a newer save as stale, and changes nothing', async () => {
    const experience = makeExperience();
    await ctx.repos.experiences.create(experience, []);
    const first = { ...experience, title: 'First save', updatedAt: '2025-04-02T00:00:00.000Z' };
    await ctx.repos.experiences.update(first, undefined, experience.updatedAt);
    const late = { ...experience, title: 'Late save', updatedAt: '2025-04-03T00:00:00.000Z' };
    const error = await ctx.repos.experiences
      .update(late, ['cat-x'], experience.updatedAt)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'stale' });
    expect(await ctx.repos.experiences.get(experience.id)).toEqual(first);
    expect(await ctx.repos.experiences.categoryIdsOf(experience.id)).toEqual([]);
    const missing = await ctx.repos.experiences
      .update(makeExperience(), undefined, experience.updatedAt)
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: 'not_found' });
  });

  it('deletes the experience with its links, and answers not_found the second time', async () => {
    const experience = makeExperience();
    await ctx.repos.experiences.create(experience, ['cat-a']);
    await ctx.repos.experiences.delete(experience.id);
    expect(await ctx.repos.experiences.get(experience.id)).toBeNull();
    expect(await ctx.repos.experiences.categoryIdsOf(experience.id)).toEqual([]);
    const error = await ctx.repos.experiences.delete(experience.id).catch((e: unknown) => e);
    expect((error as DomainError).code).toBe('not_found');
  });
});

describe("DynamoExperienceRepository: a host's experiences", () => {
  const hostId = 'host-paging';
  const base = '2025-04-01T00:00:00.000Z';
  // Created out of order, public and private alike: the host sees all of them, newest first.
  const created = [3, 1, 4, 0, 2].map((minute) =>
    makeExperience({
      id: `exp-host-${minute}`,
      hostId,
      createdAt: minutesAfter(base, minute),
      publicationStatus: minute % 2 === 0 ? 'public' : 'private',
    }),
  );

  beforeAll(async () => {
    for (const e of created) await ctx.repos.experiences.create(e, []);
    await ctx.repos.experiences.create(makeExperience({ hostId: 'someone-else' }), []);
  });

  it('lists them newest first, page by page, with no cursor on the last page', async () => {
    const first = await ctx.repos.experiences.listByHost(hostId, { limit: 2 });
    expect(first.items.map((e) => e.id)).toEqual(['exp-host-4', 'exp-host-3']);
    expect(first.cursor).toEqual(expect.any(String));
    const second = await ctx.repos.experiences.listByHost(hostId, { limit: 2, cursor: first.cursor });
    expect(second.items.map((e) => e.id)).toEqual(['exp-host-2', 'exp-host-1']);
    const third = await ctx.repos.experiences.listByHost(hostId, { limit: 2, cursor: second.cursor });
    expect(third.items.map((e) => e.id)).toEqual(['exp-host-0']);
    expect(third.cursor).toBeUndefined();
  });

  it('gives no cursor when the page is exactly the rest', async () => {
    const page = await ctx.repos.experiences.listByHost(hostId, { limit: 5 });
    expect(page.items).toHaveLength(5);
    expect(page.cursor).toBeUndefined();
  });

  it('returns whole experiences, without storage attributes', async () => {
    const page = await ctx.repos.experiences.listByHost(hostId, { limit: 1 });
    expect(page.items[0]).toEqual(created.find((e) => e.id === 'exp-host-4'));
  });

  it('counts them', async () => {
    expect(await ctx.repos.experiences.countByHost(hostId)).toBe(5);
    expect(await ctx.repos.experiences.countByHost('host-without-experiences')).toBe(0);
  });

  it("refuses a forged cursor, or another host's cursor, as a validation error", async () => {
    const foreign = await ctx.repos.experiences.listByHost('someone-else', { limit: 1 });
    const mine = await ctx.repos.experiences.listByHost(hostId, { limit: 1 });
    for (const cursor of ['not-a-cursor', Buffer.from('{"PK":1}').toString('base64url'), mine.cursor]) {
      const error = await ctx.repos.experiences
        .listByHost('someone-else', { limit: 1, cursor })
        .catch((e: unknown) => e);
      expect((error as DomainError).code).toBe('validation_failed');
    }
    expect(foreign.items).toHaveLength(1);
  });
});

itNeverScanned(() => ctx);
