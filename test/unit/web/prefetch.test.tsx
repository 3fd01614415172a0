/**
 * The guest pages' route loaders start the page's API requests while the page's code downloads (app/prefetch.ts):
 * the answers must land under the keys the pages' hooks read, and the largest image must start loading early.
 */
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { adoptServerState, hydrationStarting, SSR_STATE_ID } from '../../../web/src/app/hydration';
import { providePrefetchContext } from '../../../web/src/app/prefetch';
import { createAppRouter } from '../../../web/src/app/router';
import { createApiClient } from '../../../web/src/lib/api-client';
import { galleryMainSizes } from '../../../web/src/lib/image-sizes';
import { stubFetch } from './support/render';

const PHOTO = '/images/p/0b7c1b7e-2f0e-4c55-8d5b-0d2b6d0f9a11/2048x1536';
const experience = {
  id: 'exp-1',
  title: 'Shimanami cycling',
  mainImages: [`${PHOTO}/1280.webp`, '/images/exp-1/main-2.jpg'],
};
// A card whose image is not a published photo (an older drawing): preloaded as it is.
const card = { id: 'exp-1', title: 'Shimanami cycling', image: '/images/exp-1/card.jpg' };

const router = createAppRouter();
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
let calls: URL[];

beforeAll(() => {
  calls = stubFetch((url) => {
    if (url.pathname === '/api/experiences/exp-1') return { status: 200, body: experience };
    if (url.pathname === '/api/experiences') return { status: 200, body: { items: [card] } };
    if (url.pathname === '/api/categories') return { status: 200, body: { items: [] } };
    return undefined;
  });
  // As main.tsx does once /config.json has loaded; the loaders that ran before wait for it.
  providePrefetchContext({ queryClient, api: createApiClient('/api') });
});

afterAll(() => vi.unstubAllGlobals());

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((l) =>
    l.getAttribute('href'),
  );

describe('route prefetching', () => {
  it('asks for the experience of /experience/{id} and preloads its main photo, before the page renders', async () => {
    void router.navigate('/experience/exp-1');
    await vi.waitFor(() => expect(queryClient.getQueryData(['experience', 'exp-1'])).toEqual(experience));
    expect(calls.map((u) => u.pathname)).toContain('/api/experiences/exp-1');
    await vi.waitFor(() => expect(preloads()).toContain(`${PHOTO}/1280.webp`));
    // The variants and the gallery slot's sizes, so the browser fetches the variant the <img> will show.
    const link = document.head.querySelector<HTMLLinkElement>(`link[href="${PHOTO}/1280.webp"]`)!;
    expect(link.getAttribute('imagesrcset')).toBe(
      [320, 480, 640, 800, 960, 1280, 1600, 2048].map((w) => `${PHOTO}/${w}.webp ${w}w`).join(', '),
    );
    expect(link.getAttribute('imagesizes')).toBe(galleryMainSizes(2));
    expect(link.getAttribute('fetchpriority')).toBe('high');
    // Only the image that will be painted first: the rest of the gallery loads with the page.
    expect(preloads()).not.toContain('/images/exp-1/main-2.jpg');
  });

  it('asks for the list with the filters of the query string, and for the categories, under the page keys', async () => {
    void router.navigate('/experiences?prefecture=ehime&sort=lowest_price');
    // The list is paged: its first page lands under the key of the page's infinite query.
    await vi.waitFor(() =>
      expect(
        queryClient.getQueryData(['experiences', '?prefecture=Ehime&sort=lowest_price&limit=24', 'pages']),
      ).toEqual({ pages: [{ items: [card] }], pageParams: [null] }),
    );
    expect(queryClient.getQueryData(['categories'])).toEqual([]);
    await vi.waitFor(() => expect(preloads()).toContain('/images/exp-1/card.jpg'));
  });

  it('preloads an image once, however often the page is opened', async () => {
    void router.navigate('/');
    void router.navigate('/experience/exp-1');
    // The page's code is imported on the first visit: on a busy machine that alone can take over a second.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/experience/exp-1'), {
      timeout: 10_000,
    });
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(preloads().filter((h) => h === `${PHOTO}/1280.webp`)).toHaveLength(1);
  });

  // Last: adopting a server page's state marks this document as server-rendered for the rest of the file.
  it("fetches nothing for a server page's data until its hydration starts, then prefetches as before", async () => {
    const container = document.createElement('div');
    container.innerHTML = '<main>server markup</main>';
    const state = document.createElement('script');
    state.id = SSR_STATE_ID;
    state.type = 'application/json';
    state.textContent = JSON.stringify(dehydrate(new QueryClient()));
    document.body.append(state);
    expect(adoptServerState(queryClient, container)).toBe(true);

    // A page older than its data must hydrate with the data it was rendered with (#418 otherwise).
    await router.navigate('/experience/exp-2');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((u) => u.pathname)).not.toContain('/api/experiences/exp-2');

    hydrationStarting();
    await router.navigate('/experience/exp-3');
    await vi.waitFor(() => expect(calls.map((u) => u.pathname)).toContain('/api/experiences/exp-3'));
  });
});
