/**
 * The browser's router starts with English's pages and the first page's language only, and adds another language's
 * pages when the guest goes to one (issue 34: ranking four languages' route tables was part of the app's start).
 * A Korean address reached from an English page is the Korean page, never the not-found page.
 */
import { createAppRouter } from '../../../web/src/app/router';
import { stubFetch } from './support/render';

/** The path patterns of the pages the router's current match rendered, outermost first. */
const matched = (router: ReturnType<typeof createAppRouter>) =>
  router.state.matches.map((m) => m.route.path ?? (m.route.index ? '(index)' : '(layout)'));

/** The language prefixes (top-level children of the guest layout) the router knows. */
const prefixes = (router: ReturnType<typeof createAppRouter>) =>
  (router.routes[0]!.children ?? []).filter((r) => r.children).map((r) => r.path);

beforeAll(() => {
  stubFetch(() => ({ status: 200, body: { items: [] } }));
});
afterAll(() => vi.unstubAllGlobals());

describe("the router's languages", () => {
  it('on an English page knows English only, and finds a Korean page when the guest goes to one', async () => {
    window.history.replaceState(null, '', '/about');
    const router = createAppRouter();
    expect(prefixes(router)).toEqual([]);

    await router.navigate('/ko/about');
    await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/ko/about');
    expect(matched(router)).toEqual(['(layout)', 'ko', 'about']);
    expect(prefixes(router)).toEqual(['ko']);

    // Added once: a second Korean page, and English again.
    await router.navigate('/ko/faq');
    await vi.waitFor(() => expect(matched(router)).toEqual(['(layout)', 'ko', 'faq']));
    await router.navigate('/faq');
    await vi.waitFor(() => expect(matched(router)).toEqual(['(layout)', 'faq']));
    expect(prefixes(router)).toEqual(['ko']);
    router.dispose();
  });

  it('on a Japanese page knows English and Japanese from the start; an unknown path is still not found', async () => {
    window.history.replaceState(null, '', '/ja/about');
    const router = createAppRouter();
    expect(prefixes(router)).toEqual(['ja']);
    await router.navigate('/zh-hant/no-such-page');
    await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(matched(router)).toEqual(['(layout)', 'zh-hant', '*']);
    router.dispose();
  });
});
