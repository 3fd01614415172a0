/** Audit item 11: the home and /ehime loaders show on the first load of a visit only, not on every return. */
import { act, cleanup, screen } from '@testing-library/react';
import { EhimePage } from '../../../web/src/features/ehime/pages/ehime-page';
import { ehimeContent } from '../../../web/src/features/ehime/content';
import { HomePage } from '../../../web/src/features/home/pages/home-page';
import { renderWithApp, stubFetch } from './support/render';

const loader = () => screen.queryByRole('status', { name: /^Loading/ });

beforeEach(() => {
  stubFetch((url) =>
    url.pathname === '/api/experiences' || url.pathname === '/api/categories'
      ? { status: 200, body: { items: [] } }
      : undefined,
  );
});

// The route's loader brings the page's texts in before it renders; a page rendered on its own needs them loaded.
beforeAll(() => ehimeContent.load('en'));

describe('loaders of a visit', () => {
  it('the home loader shows on arrival, then not again when the guest comes back home', async () => {
    // In an awaited act: the Topics section suspends while its code loads, and React retries a suspended render
    // in an act scope only when the act is awaited.
    await act(async () => {
      renderWithApp(<HomePage />);
    });
    expect(loader()).not.toBeNull();
    await screen.findByRole('heading', { name: 'Dive Into Japanese Traditions' });
    await vi.waitFor(() => expect(loader()).toBeNull(), { timeout: 4000 });
    cleanup();

    // Back home later in the same visit.
    renderWithApp(<HomePage />);
    expect(screen.getByRole('heading', { name: 'Dive Into Japanese Traditions' })).toBeInTheDocument();
    expect(loader()).toBeNull();
  });

  it('the /ehime loader shows on its first load, and not when the guest comes Back to it', async () => {
    renderWithApp(<EhimePage />, { path: '/ehime', initialEntry: '/ehime' });
    expect(loader()).not.toBeNull();
    await screen.findByRole('heading', { name: 'Discover Ehime' }, { timeout: 4000 });
    cleanup();

    renderWithApp(<EhimePage />, { path: '/ehime', initialEntry: '/ehime' });
    expect(screen.getByRole('heading', { name: 'Discover Ehime' })).toBeInTheDocument();
    expect(loader()).toBeNull();
  });
});
