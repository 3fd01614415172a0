/** Audit item 13: a filter with no results says so and offers Clear all; unknown category ids are dropped. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExperienceListPage } from '../../../web/src/features/experiences/pages/experience-list-page';
import { renderWithApp, stubFetch } from './support/render';

const CARD = {
  id: 'e1',
  hostId: 'h1',
  title: 'Dogo Onsen Morning Bath',
  description: '',
  price: 12000,
  image: '/images/e1.svg',
  prefecture: 'Ehime',
  city: 'Matsuyama',
  tags: [],
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** The catalogue has one Ehime experience, in no category. */
function setup(initialEntry: string) {
  const calls = stubFetch((url) => {
    if (url.pathname === '/api/experiences') {
      const filtered = url.searchParams.has('categories') || url.searchParams.get('prefecture') === 'Kyoto';
      return { status: 200, body: { items: filtered ? [] : [CARD] } };
    }
    if (url.pathname === '/api/categories') {
      return { status: 200, body: { items: [{ id: 'cat-1', name: 'Nature' }] } };
    }
    return undefined;
  });
  const user = userEvent.setup({ delay: null });
  const view = renderWithApp(<ExperienceListPage />, { path: '/experiences', initialEntry });
  return { user, calls, ...view };
}

vi.setConfig({ testTimeout: 30_000 });

describe('experience list: filters without results', () => {
  it('says that nothing matches the filters and offers Clear all, which brings the list back', async () => {
    const { user, router } = setup('/experiences?prefecture=Kyoto&sort=lowest_price');
    const empty = await screen.findByText('No experiences match these filters.');
    expect(screen.queryByText('No experiences available at the moment.')).toBeNull();
    const region = empty.closest('div')!;
    await user.click(within(region).getByRole('button', { name: 'Clear all' }));
    expect(router.state.location.search).toBe('?sort=lowest_price');
    expect(await screen.findByText('Dogo Onsen Morning Bath')).toBeInTheDocument();
  });

  it('drops a category id that names no category, instead of counting it with nothing ticked', async () => {
    const { router, calls } = setup('/experiences?categories=not-a-category');
    expect(await screen.findByText('Dogo Onsen Morning Bath')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'Categories' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Categories \(/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear all' })).toBeNull();
    expect(
      calls
        .filter((u) => u.pathname === '/api/experiences')
        .at(-1)!
        .searchParams.has('categories'),
    ).toBe(false);
  });

  it('keeps a known category and drops only the unknown one', async () => {
    const { router } = setup('/experiences?categories=cat-1,not-a-category');
    await screen.findByText('No experiences match these filters.');
    expect(new URLSearchParams(router.state.location.search).get('categories')).toBe('cat-1');
    expect(screen.getByRole('button', { name: 'Categories (1)' })).toBeInTheDocument();
  });
});
