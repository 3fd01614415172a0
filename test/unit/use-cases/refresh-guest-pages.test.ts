/**
 * Incremental guest pages (issue 33, DESIGN §4i "Pages"): a change re-renders only the pages it touches, a full
 * render is a fan-out of bounded jobs, and the sitemap is an index of files of at most the URL limit. The renderer,
 * the store and the catalogue are fakes implementing the ports; the planning and the jobs are the real ones.
 */
import { cardDataChanged, planGuestPageJobs } from '../../../functions/domain/guest-page-jobs';
import { SITEMAP_KEY, sitemapFileKey, STATIC_GUEST_PATHS } from '../../../functions/domain/guest-pages';
import type { GuestPageCatalogue } from '../../../functions/use-cases/guest-page-ports';
import { makeRefreshGuestPages, type GuestPageStore } from '../../../functions/use-cases/refresh-guest-pages';
import { processPageRecords } from '../../../functions/events/render-guest-pages';
import { makeExperience } from '../../support/fakes/fixtures';

interface World {
  published: string[];
  hosts: Map<string, string[]>;
  rendered: string[];
  objects: Map<string, string>;
  /** Every write and delete, in order. */
  writes: string[];
}

function world(published: string[], hosts: Record<string, string[]> = {}): World {
  return { published, hosts: new Map(Object.entries(hosts)), rendered: [], objects: new Map(), writes: [] };
}

const store = (w: World): GuestPageStore => ({
  put: async (key, body) => {
    w.objects.set(key, body);
    w.writes.push(`put ${key}`);
  },
  delete: async (key) => {
    w.objects.delete(key);
    w.writes.push(`delete ${key}`);
  },
  list: async (prefix) => [...w.objects.keys()].filter((k) => k.startsWith(prefix)).sort(),
  // Two keys a page, so a sweep takes several jobs.
  listPage: async (prefix, cursor) => {
    const keys = [...w.objects.keys()].filter((k) => k.startsWith(prefix)).sort();
    const from = Number(cursor ?? 0);
    return {
      keys: keys.slice(from, from + 2),
      ...(from + 2 < keys.length ? { cursor: String(from + 2) } : {}),
    };
  },
});

const paged = (ids: string[], cursor: string | undefined, limit: number) => {
  const from = Number(cursor ?? 0);
  return {
    ids: ids.slice(from, from + limit),
    ...(from + limit < ids.length ? { cursor: String(from + limit) } : {}),
  };
};

const catalogue = (w: World): GuestPageCatalogue => ({
  publishedPage: async (cursor, limit) => paged(w.published, cursor, limit),
  hostExperiencePage: async (hostId, cursor, limit) => paged(w.hosts.get(hostId) ?? [], cursor, limit),
  publicIds: async (ids) => new Set(ids.filter((id) => w.published.includes(id))),
});

function refresh(w: World, options: { sitemapUrlLimit?: number } = {}) {
  return makeRefreshGuestPages({
    renderer: {
      async render(path) {
        w.rendered.push(path);
        const id = /\/experience\/([^/]+)$/.exec(path)?.[1];
        const missing = id !== undefined && !w.published.includes(id);
        return { status: missing ? 404 : 200, html: `<html>${path}</html>` };
      },
    },
    store: store(w),
    catalogue: catalogue(w),
    baseUrl: 'https://example.com',
    pageSize: 2,
    ...options,
  });
}

const experiencePaths = (id: string) => [
  `/experience/${id}`,
  `/ja/experience/${id}`,
  `/zh-hant/experience/${id}`,
  `/ko/experience/${id}`,
];

describe('a change re-renders only the pages it touches', () => {
  it("an edit that changes no card data re-renders exactly that experience's four languages", async () => {
    const w = world(['a', 'b', 'c']);
    const result = await refresh(w)([{ kind: 'experience', experienceId: 'b', cardChanged: false }]);
    expect(w.rendered.sort()).toEqual(experiencePaths('b').sort());
    expect([...w.objects.keys()].sort()).toEqual([
      'pages/experience/b.html',
      'pages/ja/experience/b.html',
      'pages/ko/experience/b.html',
      'pages/zh-hant/experience/b.html',
    ]);
    expect(result).toEqual({ rendered: 4, jobs: 1 });
    // The English page last: its page-key entry stands for every language's.
    expect(w.writes.at(-1)).toBe('put pages/experience/b.html');
  });

  it('an edit of card data also refreshes home, the list and the sitemap, in every language', async () => {
    const w = world(['a', 'b']);
    await refresh(w)([{ kind: 'experience', experienceId: 'a', cardChanged: true }]);
    expect(w.rendered.sort()).toEqual(
      [
        ...experiencePaths('a'),
        ...[
          '/',
          '/ja',
          '/zh-hant',
          '/ko',
          '/experiences',
          '/ja/experiences',
          '/zh-hant/experiences',
          '/ko/experiences',
        ],
      ].sort(),
    );
    expect(w.objects.has(SITEMAP_KEY)).toBe(true);
    expect(w.rendered.some((p) => p.includes('/experience/b'))).toBe(false);
    // An event of before issue 33 (no `cardChanged`) is taken as a card change.
    expect(planGuestPageJobs([{ kind: 'experience', experienceId: 'a' }])).toContainEqual({
      kind: 'sitemap',
    });
  });

  it("an unpublished experience's pages are removed, English first (its entry goes before the others)", async () => {
    const w = world(['a']);
    await refresh(w)([{ kind: 'experience', experienceId: 'b', cardChanged: false }]);
    w.published = ['a', 'b'];
    await refresh(w)([{ kind: 'experience', experienceId: 'b', cardChanged: false }]);
    w.published = ['a'];
    w.writes = [];
    await refresh(w)([{ kind: 'experience', experienceId: 'b', cardChanged: true }]);
    const deletes = w.writes.filter((x) => x.startsWith('delete'));
    expect(deletes[0]).toBe('delete pages/experience/b.html');
    expect(deletes).toHaveLength(4);
    expect([...w.objects.keys()].some((k) => k.includes('experience/b'))).toBe(false);
  });

  it("a host's suspension re-renders that host's experiences (page by page), not the others", async () => {
    const w = world(['a', 'b', 'c', 'd'], { h1: ['a', 'b', 'c'] });
    await refresh(w)([{ kind: 'host', hostId: 'h1' }]);
    const experiences = new Set(w.rendered.flatMap((p) => /\/experience\/([^/]+)$/.exec(p)?.[1] ?? []));
    expect([...experiences].sort()).toEqual(['a', 'b', 'c']);
    expect(w.rendered).toContain('/');
  });

  it('tells whether an edit changed card data', () => {
    const before = makeExperience();
    expect(cardDataChanged(before, { ...before, detailText1: 'A new paragraph' })).toBe(false);
    expect(cardDataChanged(before, { ...before, price: before.price + 1000 })).toBe(true);
    expect(cardDataChanged(before, { ...before, mainImages: ['/images/new.jpg'] })).toBe(true);
    expect(cardDataChanged(before, { ...before, publicationStatus: 'private' })).toBe(true);
  });
});

describe('a full render', () => {
  it('renders every published experience through paged catalogue jobs and sweeps pages no longer public', async () => {
    const ids = ['e1', 'e2', 'e3', 'e4', 'e5'];
    const w = world(ids);
    // A page left from an experience unpublished while no event reached the renderer.
    w.objects.set('pages/experience/stale.html', 'old');
    w.objects.set('pages/ja/experience/stale.html', 'old');
    const { jobs } = await refresh(w)([{ kind: 'all' }]);
    for (const id of ids) expect(w.objects.has(`pages/ko/experience/${id}.html`)).toBe(true);
    for (const path of STATIC_GUEST_PATHS) expect(w.rendered).toContain(path);
    expect(w.objects.has('pages/404.html')).toBe(true);
    expect(w.objects.has('pages/robots.txt')).toBe(true);
    expect([...w.objects.keys()].some((k) => k.includes('stale'))).toBe(false);
    // Five experiences at two a page: three catalogue jobs handed on one after another, five experience jobs.
    expect(jobs).toBeGreaterThanOrEqual(3 + 5 + STATIC_GUEST_PATHS.length);
  });
});

describe('the sitemap index', () => {
  it('splits at the URL limit, keeps an experience in one file, and removes files beyond the new count', async () => {
    const w = world(['e1', 'e2', 'e3', 'e4', 'e5']);
    w.objects.set(sitemapFileKey(9), 'left from a larger catalogue');
    // 12 URLs a file: three pages (four languages each) per file.
    await refresh(w, { sitemapUrlLimit: 12 })([
      { kind: 'experience', experienceId: 'e1', cardChanged: true },
    ]);
    const index = w.objects.get(SITEMAP_KEY)!;
    const files = [...index.matchAll(/<loc>https:\/\/example\.com\/sitemaps\/(\d+)\.xml<\/loc>/g)].map((m) =>
      Number(m[1]),
    );
    // 8 static pages + 5 experiences = 13 pages → 5 files.
    expect(files).toEqual([1, 2, 3, 4, 5]);
    expect(index).toContain('<sitemapindex');
    const all = files.map((n) => w.objects.get(sitemapFileKey(n))!).join('\n');
    for (const n of files) {
      const urls = w.objects.get(sitemapFileKey(n))!.match(/<url>/g)!.length;
      expect(urls).toBeLessThanOrEqual(12);
    }
    for (const id of ['e1', 'e2', 'e3', 'e4', 'e5']) {
      expect(all).toContain(`<loc>https://example.com/ko/experience/${id}</loc>`);
      // The hreflang alternates as before.
      expect(all).toContain(`hreflang="x-default" href="https://example.com/experience/${id}"`);
    }
    expect(w.objects.has(sitemapFileKey(9))).toBe(false);
  });
});

describe('the renderer in AWS: one SQS message per job, failures reported one by one', () => {
  it('plans a change into queued jobs, runs a job and queues what it hands on, and reports only the failed', async () => {
    const queued: unknown[] = [];
    const runs: unknown[] = [];
    const answer = await processPageRecords(
      [
        {
          messageId: 'm1',
          body: JSON.stringify({
            'detail-type': 'GuestPageChanged',
            detail: { kind: 'experience', experienceId: 'x', cardChanged: false },
          }),
        },
        { messageId: 'm2', body: JSON.stringify({ job: { kind: 'catalogue' } }) },
        { messageId: 'm3', body: JSON.stringify({ job: { kind: 'experience', id: 'boom' } }) },
        { messageId: 'm4', body: 'not json' },
      ],
      {
        run: async (job) => {
          runs.push(job);
          if (job.kind === 'experience') throw new Error('render failed');
          return { rendered: 0, next: [{ kind: 'experience', id: 'y' }] };
        },
        queue: { send: async (jobs) => void queued.push(...jobs) },
        logger: { error: () => {}, info: () => {} },
      },
    );
    expect(answer.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['m3', 'm4']);
    expect(queued).toContainEqual({ kind: 'experience', id: 'x' });
    expect(queued).toContainEqual({ kind: 'experience', id: 'y' });
    expect(queued).not.toContainEqual({ kind: 'sitemap' });
    expect(runs).toHaveLength(2);
  });
});
