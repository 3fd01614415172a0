/** Audit item 6: the search box is where guests look for it (the header on every page, and the list page). */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@testing-library/jest-dom/vitest';
import { AppLayout } from '../../../web/src/app/layout';
import { AppProviders } from '../../../web/src/app/providers';
import { ExperienceListPage } from '../../../web/src/features/experiences/pages/experience-list-page';
import { stubFetch, testConfig } from './support/render';

function setup(initial = '/', page = <p>Page</p>) {
  stubFetch((url) =>
    url.pathname === '/api/experiences' || url.pathname === '/api/categories'
      ? { status: 200, body: { items: [] } }
      : undefined,
  );
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/', element: page },
          { path: '/experiences', element: page },
          { path: '/search', element: <p>Search results</p> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(
    <AppProviders config={testConfig}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user: userEvent.setup({ delay: null }) };
}

/** A desktop window at least 1200 px wide (jsdom has no layout, so the media queries are answered here). */
function wideWindow() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width:1200px'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('searching from anywhere', () => {
  it('the header has a search box: Enter with text goes to /search?q=, Enter with blank text does nothing', async () => {
    wideWindow();
    const { router, user } = setup('/');
    const header = await screen.findByRole('banner');
    const box = within(header).getByRole('searchbox', { name: 'Search experiences' });
    await user.type(box, '   {Enter}');
    expect(router.state.location.pathname).toBe('/');
    await user.type(box, ' sake brewery {Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('sake brewery');
    expect(await screen.findByText('Search results')).toBeInTheDocument();
  });

  it('the experience list has its own search box with the same Enter behaviour', async () => {
    const { router, user } = setup('/experiences', <ExperienceListPage />);
    await screen.findByRole('heading', { name: 'Experiences', level: 1 });
    const main = screen.getByRole('main');
    const box = within(main).getByRole('searchbox', { name: 'Search experiences' });
    await user.type(box, 'onsen{Enter}');
    expect(router.state.location.search).toBe('?q=onsen');
    expect(router.state.location.pathname).toBe('/search');
  });

  it('the home hero has a search box on every width', async () => {
    const { Hero } = await import('../../../web/src/features/home/components/hero');
    const { router, user } = setup('/', <Hero />);
    const hero = await screen.findByRole('region', { name: 'Dive Into Japanese Traditions' });
    await user.type(within(hero).getByRole('searchbox', { name: 'Search experiences' }), 'tea{Enter}');
    expect(router.state.location.pathname).toBe('/search');
  });
});
