/**
 * The admin's booking screens (back-office spec §2 "Booking list", "Booking detail"; issue 10 item 5): search,
 * filter, paging, the CSV export, and approve or deny on a host's behalf.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBookingPage } from '@domain/back-office-views';
import {
  ADMIN,
  bookingView,
  HOST_SUMMARY,
  listItem,
  renderAdmin,
  signedInAdmin,
  stubAdminApi,
  type ApiRoute,
} from './support';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const user = () => userEvent.setup({ delay: null });

async function openList(route: ApiRoute, path = '/admin/bookings') {
  const calls = stubAdminApi(route);
  const view = renderAdmin(path, signedInAdmin());
  await screen.findByRole('heading', { name: '予約一覧', level: 1 }, { timeout: 15_000 });
  return { calls, ...view };
}

const listCalls = (calls: ReturnType<typeof stubAdminApi>) =>
  calls.filter((c) => c.path === '/admin/bookings');
const rows = () => screen.queryAllByTestId('admin-booking-row');

describe('booking list', () => {
  it('shows the specification’s facts of each booking; empty says 予約がありません', async () => {
    const booking = listItem({
      reference: 'K7Q2ZP',
      experienceTitle: 'Dogo Onsen evening walk',
      firstName: 'Hanako',
      lastName: 'Tester',
      email: 'hanako@example.com',
      guests: 2,
      amount: 19600,
      date: '2026-12-05',
      time: '10:00',
      createdAt: '2026-11-20T03:00:00.000Z',
      host: { ...HOST_SUMMARY, suspended: true },
    });
    let page: AdminBookingPage = { items: [booking], search: 'list' };
    const { router } = await openList((method, path) =>
      path === '/admin/bookings' ? { status: 200, body: page } : undefined,
    );
    const [row] = await screen.findAllByTestId('admin-booking-row');
    for (const text of [
      'Dogo Onsen evening walk',
      'K7Q2ZP',
      'Setouchi Local Guides',
      'host@example.com',
      '停止中',
      'Hanako Tester',
      'hanako@example.com',
      '承認待ち',
      '2026/11/20 12:00',
      '2 名',
      '¥19,600',
      '2026/12/05（土） 10:00',
    ]) {
      expect(row).toHaveTextContent(text);
    }
    await user().click(within(row!).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/booking/${booking.id}`));

    page = { items: [], search: 'list' };
    renderAdmin('/admin/bookings?status=denied', signedInAdmin());
    expect(await screen.findByText('予約がありません')).toBeInTheDocument();
  });

  it('searches and filters through the address; a new search starts again from the newest booking', async () => {
    const { calls, router } = await openList((method, path, body, { url }) => {
      if (path !== '/admin/bookings') return undefined;
      const q = url.searchParams.get('q');
      if (!q) return { status: 200, body: { items: [listItem()], cursor: 'page-2', search: 'list' } };
      if (q === 'K7Q2ZP') return { status: 200, body: { items: [listItem()], search: 'reference' } };
      return { status: 200, body: { items: [listItem()], search: 'email' } };
    });
    await screen.findAllByTestId('admin-booking-row');
    await user().click(screen.getByRole('button', { name: 'さらに表示' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.search.get('cursor')).toBe('page-2'));

    const u = user();
    await u.type(screen.getByRole('textbox', { name: '予約を検索' }), ' K7Q2ZP {Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=K7Q2ZP'));
    expect(await screen.findByTestId('search-description')).toHaveTextContent('予約番号「K7Q2ZP」の予約');
    const search = listCalls(calls).at(-1)!;
    expect(search.search.get('q')).toBe('K7Q2ZP');
    expect(search.search.has('cursor')).toBe(false);
    expect(search.authorization).toBe(`Bearer token-${ADMIN.userId}`);

    // The status filter (all, pending, approved, denied first, then the other states) combines with the search.
    await u.click(screen.getByRole('combobox', { name: 'ステータス' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'すべて',
      '承認待ち',
      '承認済み',
      '否認',
      '完了',
      '期限切れ',
      'キャンセル済み',
    ]);
    await u.click(within(screen.getByRole('listbox')).getByRole('option', { name: '否認' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.search.get('status')).toBe('denied'));
    expect(listCalls(calls).at(-1)!.search.get('q')).toBe('K7Q2ZP');
    expect(router.state.location.search).toBe('?q=K7Q2ZP&status=denied');
  });

  it('says how far a text search looked when a page holds no match yet, and looks further back on request', async () => {
    const { calls } = await openList((method, path, body, { url }) => {
      if (path !== '/admin/bookings') return undefined;
      if (!url.searchParams.get('cursor')) {
        return { status: 200, body: { items: [], cursor: 'c1', search: 'text', scanned: 1000 } };
      }
      return {
        status: 200,
        body: { items: [listItem({ lastName: 'Yamamoto' })], search: 'text', scanned: 420 },
      };
    }, '/admin/bookings?q=yamamoto');
    expect(
      await screen.findByText(
        '新しい予約から 1,000 件を確認しましたが、一致する予約はまだ見つかっていません。',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('search-description')).toHaveTextContent('「yamamoto」を含む予約');
    expect(screen.queryByText('予約がありません')).not.toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'さらに古い予約を検索' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(listCalls(calls).at(-1)!.search.get('cursor')).toBe('c1');
    expect(screen.queryByRole('button', { name: 'さらに古い予約を検索' })).not.toBeInTheDocument();
  });

  it('exports the current filter as the CSV file the API made, BOM and all, with the session’s token', async () => {
    const csv = '\uFEFF予約番号,ステータス\r\nK7Q2ZP,否認\r\n';
    const saved: string[] = [];
    let lastBlob: Blob | null = null;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          lastBlob = blob;
          return 'blob:csv';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { calls } = await openList((method, path) => {
      if (path === '/admin/bookings') {
        return { status: 200, body: { items: [listItem({ status: 'denied' })], search: 'list' } };
      }
      if (path === '/admin/bookings.csv') {
        return {
          status: 200,
          text: csv,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="bookings-denied-20261123.csv"',
            'x-row-count': '1',
          },
        };
      }
      return undefined;
    }, '/admin/bookings?status=denied&q=tester');
    await screen.findAllByTestId('admin-booking-row');
    await user().click(screen.getByRole('button', { name: 'CSV 出力' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('1 件の予約を CSV に書き出しました');
    const request = calls.find((c) => c.path === '/admin/bookings.csv')!;
    expect(request.authorization).toBe(`Bearer token-${ADMIN.userId}`);
    expect(request.search.get('status')).toBe('denied');
    expect(request.search.get('q')).toBe('tester');
    expect(request.search.has('cursor')).toBe(false);
    expect(saved).toEqual(['bookings-denied-20261123.csv']);
    const bytes = new Uint8Array(await lastBlob!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(csv);
    click.mockRestore();
  });

  it('shows the API’s message when the export is too large to make', async () => {
    await openList((method, path) => {
      if (path === '/admin/bookings') return { status: 200, body: { items: [listItem()], search: 'list' } };
      if (path === '/admin/bookings.csv') {
        return {
          status: 400,
          body: {
            error: {
              code: 'validation_failed',
              message: 'CSVに出力できるのは10,000件までです。ステータスや検索語で絞り込んでください。',
            },
          },
        };
      }
      return undefined;
    });
    await screen.findAllByTestId('admin-booking-row');
    await user().click(screen.getByRole('button', { name: 'CSV 出力' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('CSVに出力できるのは10,000件までです');
  });
});

describe('booking detail', () => {
  async function openDetail(route: ApiRoute) {
    const calls = stubAdminApi(route);
    const view = renderAdmin('/admin/booking/booking-x', signedInAdmin());
    await screen.findByRole('heading', { name: '予約詳細', level: 1 }, { timeout: 15_000 });
    return { calls, ...view };
  }

  it('says 予約が見つかりませんでした。 for an unknown booking', async () => {
    await openDetail(() => undefined);
    expect(await screen.findByText('予約が見つかりませんでした。')).toBeInTheDocument();
  });

  it('shows the booking with its host and experience; decisions are offered only while it is pending', async () => {
    await openDetail((method, path) =>
      path === '/admin/bookings/booking-x'
        ? {
            status: 200,
            body: bookingView({
              id: 'booking-x',
              reference: 'K7Q2ZP',
              status: 'denied',
              deniedMessage: 'Our guide is ill that day.',
              decidedBy: { role: 'admin', userId: ADMIN.userId },
              decidedAt: '2026-11-21T01:30:00.000Z',
            }),
          }
        : undefined,
    );
    const booking = await screen.findByRole('region', { name: '予約内容' });
    expect(booking).toHaveTextContent('K7Q2ZP');
    expect(booking).toHaveTextContent('否認');
    expect(booking).toHaveTextContent('Our guide is ill that day.');
    expect(booking).toHaveTextContent('管理者（ホストに代わって）・2026/11/21 10:30');
    expect(screen.getByRole('region', { name: '予約者' })).toHaveTextContent('Hanako Tester 様');
    expect(screen.getByRole('region', { name: 'ホスト' })).toHaveTextContent('Setouchi Local Guides');
    expect(screen.getByRole('link', { name: 'Setouchi Local Guides' })).toHaveAttribute(
      'href',
      '/admin/hosts/host-1',
    );
    expect(screen.queryByRole('button', { name: 'ホストに代わって承認' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ホストに代わって否認' })).not.toBeInTheDocument();
  });

  it('approves on the host’s behalf after a confirmation that names the amount', async () => {
    let booking = bookingView({ id: 'booking-x', amount: 19600 });
    const { calls } = await openDetail((method, path) => {
      if (path === '/admin/bookings/booking-x') return { status: 200, body: booking };
      if (method === 'POST' && path === '/admin/bookings/booking-x/approve') {
        booking = { ...booking, status: 'approved', decidedBy: { role: 'admin', userId: ADMIN.userId } };
        return { status: 200, body: booking };
      }
      return undefined;
    });
    expect(await screen.findByText('ホストの回答待ちです')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'ホストに代わって承認' }));
    const dialog = await screen.findByRole('dialog', { name: 'ホストに代わって承認しますか？' });
    expect(dialog).toHaveTextContent('¥19,600');
    expect(dialog).toHaveTextContent('管理者による回答として記録されます');
    await user().click(within(dialog).getByRole('button', { name: '承認する' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('予約を承認しました');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/bookings/booking-x/approve',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Decided: nothing left to approve or deny (issue 32 item 11).
    expect(screen.queryByRole('button', { name: 'ホストに代わって承認', hidden: true })).toBeNull();
    expect(screen.getByRole('region', { name: '予約内容' })).toHaveTextContent('承認済み');
  });

  it('denies only with a reason, which is sent trimmed', async () => {
    const { calls } = await openDetail((method, path, body) => {
      if (path === '/admin/bookings/booking-x')
        return { status: 200, body: bookingView({ id: 'booking-x' }) };
      if (method === 'POST' && path === '/admin/bookings/booking-x/deny') {
        return {
          status: 200,
          body: bookingView({
            id: 'booking-x',
            status: 'denied',
            deniedMessage: (body as { reason: string }).reason,
          }),
        };
      }
      return undefined;
    });
    await user().click(await screen.findByRole('button', { name: 'ホストに代わって否認' }));
    const dialog = await screen.findByRole('dialog', { name: 'ホストに代わって否認しますか？' });
    await user().click(within(dialog).getByRole('button', { name: '否認する' }));
    expect(
      await within(dialog).findByText('お客様にお送りする否認理由を入力してください'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user().type(
      within(dialog).getByRole('textbox', { name: /否認理由/ }),
      '  Fully booked that week.  ',
    );
    await user().click(within(dialog).getByRole('button', { name: '否認する' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('予約を否認しました');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'Fully booked that week.' });
  });

  it('a request someone else answered meanwhile (409) shows the booking as it is now', async () => {
    let status: 'pending' | 'expired' = 'pending';
    await openDetail((method, path) => {
      if (path === '/admin/bookings/booking-x') {
        return { status: 200, body: bookingView({ id: 'booking-x', status }) };
      }
      if (method === 'POST') {
        status = 'expired';
        return { status: 409, body: { error: { code: 'state_conflict', message: 'Not pending' } } };
      }
      return undefined;
    });
    await user().click(await screen.findByRole('button', { name: 'ホストに代わって承認' }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: '承認する' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('この予約は既に処理されています');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: '予約内容' })).toHaveTextContent('期限切れ'),
    );
  });

  it('a failed capture (502) keeps the dialog open with the payment message', async () => {
    await openDetail((method, path) => {
      if (path === '/admin/bookings/booking-x')
        return { status: 200, body: bookingView({ id: 'booking-x' }) };
      if (method === 'POST') {
        return { status: 502, body: { error: { code: 'payment_failed', message: 'capture failed' } } };
      }
      return undefined;
    });
    await user().click(await screen.findByRole('button', { name: 'ホストに代わって承認' }));
    const dialog = await screen.findByRole('dialog');
    await user().click(within(dialog).getByRole('button', { name: '承認する' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('お支払いの確定に失敗しました');
  });
});
