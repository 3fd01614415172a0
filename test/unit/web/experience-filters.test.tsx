import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { experienceSorts } from '@domain/schemas/catalogue';
import { ExperienceListPage } from '../../../web/src/features/experiences/pages/experience-list-page';
import {
  filtersToSearchParams,
  parseFilters,
  SORT_OPTIONS,
} from '../../../web/src/features/experiences/hooks/experience-filters';
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

// Typing whole forms through MUI in jsdom takes seconds on a busy 2-core machine; 5 s is too tight.
vi.setConfig({ testTimeout: 30_000 });

describe('filters ↔ query string (guest spec §2)', () => {
  it('reads prefecture, categories and sort, normalising and dropping what it does not know', () => {
    expect(parseFilters(new URLSearchParams('prefecture=ehime&categories=a,,b,a&sort=lowest_price'))).toEqual(
      {
        prefecture: 'Ehime',
        categories: ['a', 'b'],
        sort: 'lowest_price',
      },
    );
    expect(parseFilters(new URLSearchParams('prefecture=Atlantis&sort=random'))).toEqual({
      prefecture: null,
      categories: [],
      sort: 'newest',
    });
  });

  it('writes only what differs from the defaults (sort omitted when newest)', () => {
    expect(
      filtersToSearchParams({ prefecture: 'Ehime', categories: ['a', 'b'], sort: 'newest' }).toString(),
    ).toBe('prefecture=Ehime&categories=a%2Cb');
    expect(filtersToSearchParams({ prefecture: null, categories: [], sort: 'lowest_price' }).toString()).toBe(
      'sort=lowest_price',
    );
  });

  it('offers exactly the domain sorts', () => {
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual([...experienceSorts]);
  });
});

describe('experience list page', () => {
  function setup(items: unknown[] = [CARD]) {
    const calls = stubFetch((url) => {
      if (url.pathname === '/api/experiences') return { status: 200, body: { items } };
      if (url.pathname === '/api/categories') {
        return {
          status: 200,
          body: {
            items: [
              { id: 'cat-1', name: 'Nature' },
              { id: 'cat-2', name: 'Wellness' },
            ],
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    const view = renderWithApp(<ExperienceListPage />, {
      path: '/experiences',
      initialEntry: '/experiences?sort=lowest_price',
    });
    return { user, calls, ...view };
  }

  it('puts the chosen prefecture and categories in the URL and the API query, and clears them with Clear all', async () => {
    const { user, calls, router } = setup();
    await screen.findByText('from ¥12,000');
    expect(screen.queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Location' }));
    // The popover's code loads when it is opened (issue 34).
    const search = await screen.findByRole('combobox', { name: 'Search prefectures' }, { timeout: 10_000 });
    await user.type(search, 'hi');
    // Hiroshima is the first match in the official order; ↓ moves to the next, Enter chooses it.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(router.state.location.search).toMatch(/prefecture=/);
    const chosen = new URLSearchParams(router.state.location.search).get('prefecture')!;
    expect(screen.getByRole('button', { name: chosen })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Categories' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Wellness' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Categories (1)' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('categories')).toBe('cat-2');
    const last = calls.filter((u) => u.pathname === '/api/experiences').at(-1)!;
    expect(last.searchParams.get('categories')).toBe('cat-2');
    expect(last.searchParams.get('prefecture')).toBe(chosen);
    expect(last.searchParams.get('sort')).toBe('lowest_price');

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(router.state.location.search).toBe('?sort=lowest_price');
  });

  it('clears the prefecture when the selected one is chosen again', async () => {
    const { user, router } = setup();
    await user.click(await screen.findByRole('button', { name: 'Location' }));
    await user.click(
      within(await screen.findByRole('listbox', { name: 'Prefectures' }, { timeout: 10_000 })).getByRole(
        'option',
        { name: /^Ehime/ },
      ),
    );
    expect(new URLSearchParams(router.state.location.search).get('prefecture')).toBe('Ehime');
    await user.click(screen.getByRole('button', { name: 'Ehime' }));
    await user.click(
      within(await screen.findByRole('listbox', { name: 'Prefectures' }, { timeout: 10_000 })).getByRole(
        'option',
        { name: /^Ehime/ },
      ),
    );
    expect(new URLSearchParams(router.state.location.search).get('prefecture')).toBeNull();
  });

  it('shows the empty state with Reload, and the error message', async () => {
    const { user, calls } = setup([]);
    expect(await screen.findByText('No experiences available at the moment.')).toBeInTheDocument();
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });
});
