import { inject } from 'vitest';
import { DomainError } from '../../../functions/domain/errors';
import {
  createDocumentClient,
  createDynamoRepositories,
} from '../../../functions/adapters/dynamodb/repositories';
import type { Host } from '../../../functions/domain/entities';
import {
  itNeverScanned,
  makeCategory,
  makeHost,
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

const codeOf = (e: unknown) => (e instanceof DomainError ? e.code : e);

describe('DynamoCategoryRepository', () => {
  it('lists active categories by name, whatever their case, and leaves inactive ones out', async () => {
    await ctx.repos.categories.put(makeCategory({ id: 'c1', name: 'Nature' }));
    await ctx.repos.categories.put(makeCategory({ id: 'c2', name: 'culture' }));
    await ctx.repos.categories.put(makeCategory({ id: 'c3', name: 'Food' }));
    await ctx.repos.categories.put(makeCategory({ id: 'c4', name: 'Archery', isActive: false }));
    expect((await ctx.repos.categories.listActive()).map((c) => c.name)).toEqual([
      'culture',
      'Food',
      'Nature',
    ]);
  });

  it('reads a category by id, active or not', async () => {
    expect(await ctx.repos.categories.get('c4')).toEqual({ id: 'c4', name: 'Archery', isActive: false });
    expect(await ctx.repos.categories.get('nope')).toBeNull();
  });

  it('deactivating drops a category from the list; renaming moves it', async () => {
    await ctx.repos.categories.put(makeCategory({ id: 'c3', name: 'Food', isActive: false }));
    await ctx.repos.categories.put(makeCategory({ id: 'c1', name: 'Adventure' }));
    expect((await ctx.repos.categories.listActive()).map((c) => c.id)).toEqual(['c1', 'c2']);
  });
});

describe('DynamoHostRepository', () => {
  it('creates a host, readable by id and by e-mail in any case, and counts it', async () => {
    const before = await ctx.repos.counters.read('HOSTS');
    const host = makeHost({ email: 'Owner@Dogo-Tours.example' });
    await ctx.repos.hosts.create(host);
    expect(await ctx.repos.hosts.get(host.id)).toEqual(host);
    expect(await ctx.repos.hosts.getByEmail('owner@dogo-tours.example')).toEqual(host);
    expect(await ctx.repos.hosts.getByEmail('  OWNER@DOGO-TOURS.EXAMPLE ')).toEqual(host);
    expect(await ctx.repos.hosts.getByEmail('someone@else.example')).toBeNull();
    expect(await ctx.repos.counters.read('HOSTS')).toBe(before + 1);
  });

  it('refuses a taken e-mail, in any case, writing nothing', async () => {
    await ctx.repos.hosts.create(makeHost({ email: 'taken@example.com' }));
    const before = await ctx.repos.counters.read('HOSTS');
    const second = makeHost({ email: 'TAKEN@example.com' });
    const error = await ctx.repos.hosts.create(second).catch((e: unknown) => e);
    expect(codeOf(error)).toBe('duplicate');
    expect((error as DomainError).fields).toEqual({ email: expect.any(String) });
    expect(await ctx.repos.hosts.get(second.id)).toBeNull();
    expect(await ctx.repos.counters.read('HOSTS')).toBe(before);
  });

  it('refuses a second host with the same id', async () => {
    const host = makeHost();
    await ctx.repos.hosts.create(host);
    const error = await ctx.repos.hosts
      .create({ ...host, email: 'other@example.com' })
      .catch((e: unknown) => e);
    expect(codeOf(error)).toBe('duplicate');
    expect(await ctx.repos.hosts.getByEmail('other@example.com')).toBeNull();
  });

  it('updates a host and moves its e-mail: the old address is free, the new one is taken', async () => {
    const host = makeHost({ email: 'before@example.com' });
    await ctx.repos.hosts.create(host);
    const moved = { ...host, email: 'after@example.com', businessName: 'Renamed' };
    await ctx.repos.hosts.update(moved);
    expect(await ctx.repos.hosts.get(host.id)).toEqual(moved);
    expect(await ctx.repos.hosts.getByEmail('after@example.com')).toEqual(moved);
    expect(await ctx.repos.hosts.getByEmail('before@example.com')).toBeNull();
    const newcomer = makeHost({ email: 'before@example.com' });
    await ctx.repos.hosts.create(newcomer);
    expect((await ctx.repos.hosts.getByEmail('before@example.com'))?.id).toBe(newcomer.id);
  });

  it('keeps the e-mail item when only the case of the address changes', async () => {
    const host = makeHost({ email: 'case@example.com' });
    await ctx.repos.hosts.create(host);
    await ctx.repos.hosts.update({ ...host, email: 'Case@Example.com' });
    expect((await ctx.repos.hosts.getByEmail('case@example.com'))?.email).toBe('Case@Example.com');
  });

  it("refuses to move to another host's e-mail, changing nothing", async () => {
    const a = makeHost({ email: 'a-owner@example.com' });
    const b = makeHost({ email: 'b-owner@example.com' });
    await ctx.repos.hosts.create(a);
    await ctx.repos.hosts.create(b);
    const error = await ctx.repos.hosts
      .update({ ...b, email: 'A-OWNER@example.com' })
      .catch((e: unknown) => e);
    expect(codeOf(error)).toBe('duplicate');
    expect(await ctx.repos.hosts.get(b.id)).toEqual(b);
    expect((await ctx.repos.hosts.getByEmail('b-owner@example.com'))?.id).toBe(b.id);
    expect((await ctx.repos.hosts.getByEmail('a-owner@example.com'))?.id).toBe(a.id);
  });

  it('answers not_found when updating a missing host', async () => {
    const error = await ctx.repos.hosts.update(makeHost()).catch((e: unknown) => e);
    expect(codeOf(error)).toBe('not_found');
  });

  it('lists hosts newest first, page by page', async () => {
    const base = '2030-01-01T00:00:00.000Z';
    const newest = [
      makeHost({ createdAt: minutesAfter(base, 1) }),
      makeHost({ createdAt: minutesAfter(base, 2) }),
    ];
    for (const h of newest) await ctx.repos.hosts.create(h);
    const first = await ctx.repos.hosts.list({ limit: 1 });
    expect(first.items).toEqual([newest[1]]);
    const second = await ctx.repos.hosts.list({ limit: 1, cursor: first.cursor });
    expect(second.items).toEqual([newest[0]]);
    const all = await ctx.repos.hosts.list({ limit: 100 });
    expect(all.cursor).toBeUndefined();
    expect(all.items).toHaveLength(await ctx.repos.counters.read('HOSTS'));
  });
});

describe('createDocumentClient', () => {
  it('builds a client the repositories work with, leaving undefined attributes out', async () => {
    const doc = createDocumentClient({
      endpoint: inject('dynamoEndpoint'),
      region: 'ap-northeast-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      const repos = createDynamoRepositories({ doc, tableName: ctx.tableName });
      const host = makeHost();
      // A caller that builds the host from a partial form may leave a field undefined.
      await repos.hosts.create({ ...host, website: undefined } as unknown as Host);
      const stored = await repos.hosts.get(host.id);
      expect(stored).not.toHaveProperty('website');
      expect(stored).toMatchObject({ id: host.id, email: host.email });
    } finally {
      doc.destroy();
    }
  });
});

itNeverScanned(() => ctx);
