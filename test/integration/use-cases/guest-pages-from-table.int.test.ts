/**
 * The guest-page renderer reads the catalogue straight from the table (issue 33): the SPA's real server render fed
 * by `catalogueFetch` over DynamoDB Local, with no server at all and every network `fetch` refused, so a page that
 * still needed the public API over HTTP (or its WAF) could not render. Also the fan-out's paged reads.
 */
import { randomUUID } from 'node:crypto';
import {
  catalogueFetch,
  guestPageCatalogue,
  type CatalogueRepositories,
} from '../../../functions/adapters/pages/table-catalogue';
import { createDynamoRepositories } from '../../../functions/adapters/dynamodb/repositories';
import { SITEMAP_KEY, sitemapFileKey } from '../../../functions/domain/guest-pages';
import { makeRefreshGuestPages, type GuestPageStore } from '../../../functions/use-cases/refresh-guest-pages';
import { renderPage } from '../../../web/src/ssr/render-page';
import type { AppConfig } from '../../../web/src/lib/config';
import { createTestTable, type TestTable } from '../../support/test-table';
import { makeExperience, makeHost } from '../dynamodb/support';

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>shell</title>
<script type="module" src="/assets/index-test.js"></script></head><body><div id="root"></div></body></html>`;
const BASE = 'https://ehime.example';

const config: AppConfig = {
  stage: 'dev',
  apiBaseUrl: '/api',
  region: 'ap-northeast-1',
  siteName: 'Ehime Experiences',
  baseUrl: BASE,
  cognito: {
    endpoint: null,
    hostPool: { userPoolId: 'pool-host', clientId: 'host-client' },
    adminPool: { userPoolId: 'pool-admin', clientId: 'admin-client' },
  },
  payments: { provider: 'stripe', publishableKey: null },
  mapsApiKey: null,
  links: { messenger: null, contactForm: null, companySite: null, instagram: null, facebook: null },
  ehimeVideoUrl: null,
  analytics: { enabled: false, gtmContainerId: null },
};

let table: TestTable;
let repositories: CatalogueRepositories;
const hostId = `host-${randomUUID()}`;
const shownTitles = ['Dogo onsen walk', 'Shimanami cycling day', 'Uchiko candle workshop'];
const shown: string[] = [];
let hidden: string;

function memoryStore(): GuestPageStore & { objects: Map<string, string> } {
  const objects = new Map<string, string>();
  const keys = (prefix: string) => [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
  return {
    objects,
    put: async (key, body) => void objects.set(key, body),
    delete: async (key) => void objects.delete(key),
    list: async (prefix) => keys(prefix),
    listPage: async (prefix) => ({ keys: keys(prefix) }),
  };
}

beforeAll(async () => {
  table = await createTestTable();
  const repos = createDynamoRepositories({ doc: table.doc, tableName: table.tableName });
  repositories = repos;
  await repos.hosts.create(makeHost({ id: hostId, businessName: 'Matsuyama Guides' }));
  for (const [i, title] of shownTitles.entries()) {
    const experience = makeExperience({
      hostId,
      title,
      createdAt: `2025-04-0${i + 1}T00:00:00.000Z`,
      updatedAt: `2025-04-0${i + 1}T00:00:00.000Z`,
    });
    await repos.experiences.create(experience, []);
    shown.push(experience.id);
  }
  const draft = makeExperience({ hostId, title: 'Private draft', publicationStatus: 'private' });
  await repos.experiences.create(draft, []);
  hidden = draft.id;
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await table?.drop();
});

describe('the renderer on DynamoDB Local, without the public API', () => {
  it('renders every published experience, home and the sitemap index from the table, with the network refused', async () => {
    const network: string[] = [];
    vi.stubGlobal('fetch', async (input: unknown) => {
      network.push(String(input));
      throw new Error('The renderer must not call the network');
    });
    const store = memoryStore();
    const refresh = makeRefreshGuestPages({
      renderer: {
        render: (path) =>
          renderPage({
            path,
            config,
            template: TEMPLATE,
            apiBaseUrl: `${BASE}/api`,
            fetchImpl: catalogueFetch(repositories),
          }),
      },
      store,
      catalogue: guestPageCatalogue(repositories),
      baseUrl: BASE,
      // 12 URLs a file: three pages a file, so 8 static pages and 3 experiences make four files.
      sitemapUrlLimit: 12,
      pageSize: 2,
    });
    await refresh([{ kind: 'all' }]);
    expect(network).toEqual([]);
    for (const [i, id] of shown.entries()) {
      const html = store.objects.get(`pages/experience/${id}.html`);
      expect(html, id).toContain(`<title>${shownTitles[i]}`);
      expect(html, id).toContain('Matsuyama Guides');
      expect(store.objects.get(`pages/ja/experience/${id}.html`), id).toContain('<html lang="ja">');
    }
    expect(store.objects.has(`pages/experience/${hidden}.html`)).toBe(false);
    expect(store.objects.get('pages/index.html')).toContain(shownTitles[2]);
    const index = store.objects.get(SITEMAP_KEY)!;
    expect(index.match(/<sitemap>/g)).toHaveLength(4);
    const files = [1, 2, 3, 4].map((n) => store.objects.get(sitemapFileKey(n))!).join('');
    for (const id of shown) expect(files).toContain(`<loc>${BASE}/experience/${id}</loc>`);
    expect(files).not.toContain(hidden);
    vi.unstubAllGlobals();
  });

  it('answers an unpublished experience as the API does (404), and pages the published catalogue', async () => {
    const fetchFromTable = catalogueFetch(repositories);
    expect((await fetchFromTable(`${BASE}/api/experiences/${hidden}`)).status).toBe(404);
    const found = (await (await fetchFromTable(`${BASE}/api/experiences/${shown[0]}`)).json()) as {
      host: { businessName: string };
    };
    expect(found.host.businessName).toBe('Matsuyama Guides');
    await expect(fetchFromTable(`${BASE}/api/bookings/lookup`, { method: 'POST' })).rejects.toThrow();
    const catalogue = guestPageCatalogue(repositories);
    const first = await catalogue.publishedPage(undefined, 2);
    const second = await catalogue.publishedPage(first.cursor, 2);
    expect([...first.ids, ...second.ids].sort()).toEqual([...shown].sort());
    expect(second.cursor).toBeUndefined();
    expect([...(await catalogue.publicIds([...shown, hidden, 'never']))].sort()).toEqual([...shown].sort());
    const mine = await catalogue.hostExperiencePage(hostId, undefined, 10);
    expect(mine.ids.sort()).toEqual([...shown, hidden].sort());
  });
});
