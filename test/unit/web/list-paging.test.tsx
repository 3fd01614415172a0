/** Audit item 18: the list pages beyond its first answer instead of stopping at a fixed number of cards. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExperienceListPage } from '../../../web/src/features/experiences/pages/experience-list-page';
import { renderWithApp, stubFetch } from './support/render';

const card = (i: number) => ({
  id: `e${i}`,
  hostId: 'h1',
  title: `Experience number ${i}`,
  description: '',
  price: 1000 + i,
  image: `/images/e${i}.svg`,
  prefecture: 'Ehime',
  city: 'Matsuyama',
  tags: [],
  createdAt: '2025-01-01T00:00:00.000Z',
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => card(from + k));

vi.setConfig({ testTimeout: 30_000 });

describe('experience list: more than one page', () => {
  it('shows the first page, then the next ones on "Load more", each card once', async () => {
    const calls = stubFetch((url) => {
      if (url.pathname === '/api/categories') return { status: 200, body: { items: [] } };
      if (url.pathname !== '/api/experiences') return undefined;
      const cursor = url.searchParams.get('cursor');
      if (!cursor) return { status: 200, body: { items: range(1, 24), cursor: 'page-2' } };
      if (cursor === 'page-2') return { status: 200, body: { items: range(25, 48), cursor: 'page-3' } };
      return { status: 200, body: { items: range(49, 55) } };
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<ExperienceListPage />, { path: '/experiences', initialEntry: '/experiences' });
    const list = await screen.findByRole('list', { name: 'Experiences' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(24);

    await user.click(screen.getByRole('button', { name: 'Load more experiences' }));
    // Rendering 24 more cards through MUI takes a while in jsdom on a busy machine.
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(48), {
      timeout: 10_000,
    });
    await user.click(screen.getByRole('button', { name: 'Load more experiences' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(55), {
      timeout: 10_000,
    });
    expect(screen.queryByRole('button', { name: 'Load more experiences' })).toBeNull();
    expect(within(list).getByText('Experience number 55')).toBeInTheDocument();

    const asked = calls.filter((u) => u.pathname === '/api/experiences');
    expect(asked.map((u) => u.searchParams.get('cursor'))).toEqual([null, 'page-2', 'page-3']);
    expect(new Set(asked.map((u) => u.searchParams.get('limit')))).toEqual(new Set(['24']));
  });
});
