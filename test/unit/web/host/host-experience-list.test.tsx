import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HostExperienceListItem } from '@domain/back-office-views';
import { experienceFixture, renderHost, signedInHost, stubHostApi } from './support';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const items: HostExperienceListItem[] = [
  {
    id: 'exp-1',
    title: 'Dogo Onsen evening walk',
    image: '/images/a.webp',
    publicationStatus: 'public',
    price: 9800,
    createdAt: '2026-10-01T15:30:00.000Z',
  },
  {
    id: 'exp-2',
    title: 'Uchiko washi workshop',
    image: '/placeholder.svg',
    publicationStatus: 'private',
    price: 4500,
    createdAt: '2026-09-01T01:00:00.000Z',
  },
];

const user = () => userEvent.setup({ delay: null });

describe('host experience list (back-office spec §2)', () => {
  it('shows title, badges, price, creation date (Tokyo) and opens a row', async () => {
    stubHostApi((method, path) =>
      path === '/host/experiences' ? { status: 200, body: { items } } : undefined,
    );
    const { router } = renderHost('/host/experiences', signedInHost());
    expect(await screen.findByRole('heading', { name: '体験一覧' })).toBeInTheDocument();
    expect(screen.getByText('現在提供している体験の一覧です')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('experience-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Dogo Onsen evening walk');
    expect(rows[0]).toHaveTextContent('公開中');
    expect(rows[0]).toHaveTextContent('¥9,800');
    // 15:30 UTC is already the next day in Tokyo.
    expect(rows[0]).toHaveTextContent('2026/10/02');
    expect(rows[1]).toHaveTextContent('非公開');
    await user().click(within(rows[1]!).getByText('2026/09/01'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/experience/exp-2'));
  });

  it('deletes after the confirmation dialog and says so', async () => {
    const calls = stubHostApi((method, path) => {
      if (path === '/host/experiences') return { status: 200, body: { items } };
      if (method === 'DELETE' && path === '/host/experiences/exp-2') return { status: 204 };
      return undefined;
    });
    renderHost('/host/experiences', signedInHost());
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Uchiko washi workshop の操作' }));
    await u.click(screen.getByRole('menuitem', { name: '削除' }));
    const dialog = screen.getByRole('dialog', { name: 'この体験を削除しますか？' });
    expect(dialog).toHaveTextContent('この操作は取り消せません。本当に削除してもよろしいですか？');
    await u.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await u.click(screen.getByRole('button', { name: 'Uchiko washi workshop の操作' }));
    await u.click(screen.getByRole('menuitem', { name: '削除' }));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: '削除する' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('体験を削除しました');
    await waitFor(() => expect(screen.getAllByTestId('experience-row')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/host/experiences/exp-2',
    ]);
  });

  it('explains a refusal because of open bookings and offers to unpublish instead', async () => {
    stubHostApi((method, path) => {
      if (path === '/host/experiences') return { status: 200, body: { items } };
      if (method === 'DELETE') {
        return {
          status: 409,
          body: { error: { code: 'state_conflict', message: 'The experience has open bookings' } },
        };
      }
      return undefined;
    });
    const { router } = renderHost('/host/experiences', signedInHost());
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Dogo Onsen evening walk の操作' }));
    await u.click(screen.getByRole('menuitem', { name: '削除' }));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: '削除する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '承認待ちのリクエストまたは今後の確定予約があるため、この体験は削除できません',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('「非公開」に設定してください');
    expect(screen.getAllByTestId('experience-row')).toHaveLength(2);
    await u.click(screen.getByRole('button', { name: '非公開に設定する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/experience/exp-1'));
  });

  it('duplicates an experience as a private copy and opens the copy to edit', async () => {
    const calls = stubHostApi((method, path) => {
      if (path === '/host/experiences') return { status: 200, body: { items } };
      if (method === 'POST' && path === '/host/experiences/exp-1/duplicate') {
        return {
          status: 201,
          body: experienceFixture({
            id: 'exp-copy',
            title: 'Dogo Onsen evening walk（コピー）',
            publicationStatus: 'private',
          }),
        };
      }
      if (path === '/host/experiences/exp-copy/slots') {
        return { status: 200, body: { timeZone: 'Asia/Tokyo', days: {} } };
      }
      return undefined;
    });
    const { router } = renderHost('/host/experiences', signedInHost());
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Dogo Onsen evening walk の操作' }));
    await u.click(screen.getByRole('menuitem', { name: '複製（非公開のコピーを作成）' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('体験を複製しました');
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/experience/exp-copy'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/host/experiences/exp-1/duplicate',
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Dogo Onsen evening walk（コピー）' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  it('offers to create the first experience when there is none', async () => {
    stubHostApi((method, path) =>
      path === '/host/experiences' ? { status: 200, body: { items: [] } } : undefined,
    );
    renderHost('/host/experiences', signedInHost());
    expect(await screen.findByText('まだ体験が登録されていません。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '最初の体験を作成する' })).toHaveAttribute(
      'href',
      '/host/experience/create',
    );
  });
});
