/**
 * The admin's dashboard and host screens (back-office spec §2 "Dashboard", "Host list", "Host detail"; issue 10
 * item 5: suspension and reinstatement).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminHostView } from '@domain/back-office-views';
import { bookingFixture } from '../host/support';
import { ADMIN, hostView, renderAdmin, signedInAdmin, stubAdminApi, type ApiRoute } from './support';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const user = () => userEvent.setup({ delay: null });

async function open(path: string, heading: string, route: ApiRoute) {
  const calls = stubAdminApi(route);
  const view = renderAdmin(path, signedInAdmin());
  await screen.findByRole('heading', { name: heading, level: 1 }, { timeout: 15_000 });
  return { calls, ...view };
}

describe('dashboard', () => {
  it('shows the three counters and names the Tokyo month of the second', async () => {
    await open('/admin/dashboard', 'ダッシュボード', (method, path) =>
      path === '/admin/dashboard'
        ? {
            status: 200,
            body: {
              totalBookings: 12345,
              bookingsThisMonth: 67,
              totalHosts: 8,
              month: '2026-11',
              pendingRequests: 0,
              nextDeadlines: [],
            },
          }
        : undefined,
    );
    const counters = await screen.findAllByTestId('admin-counter');
    expect(counters.map((c) => c.textContent)).toEqual([
      '総予約数12,345件',
      '今月の予約数67件2026年11月（日本時間）',
      '登録ホスト数8件',
    ]);
    expect(counters[2]).toHaveAttribute('href', '/admin/hosts');
    expect(screen.getByText('回答を待っているリクエストはありません。')).toBeInTheDocument();
  });

  it('shows the pending requests and the nearest deadlines, each a link to its booking (issue 21)', async () => {
    const soon = new Date(Date.now() + 3 * 3_600_000 + 60_000).toISOString();
    const later = new Date(Date.now() + 40 * 3_600_000 + 60_000).toISOString();
    await open('/admin/dashboard', 'ダッシュボード', (method, path) =>
      path === '/admin/dashboard'
        ? {
            status: 200,
            body: {
              totalBookings: 20,
              bookingsThisMonth: 4,
              totalHosts: 3,
              month: '2026-11',
              pendingRequests: 7,
              nextDeadlines: [
                { bookingId: 'b-1', reference: 'K7Q2ZP', deadline: soon },
                { bookingId: 'b-2', reference: 'M4X9TA', deadline: later },
              ],
            },
          }
        : undefined,
    );
    const section = await screen.findByRole('region', { name: '回答待ちのリクエスト' });
    expect(within(section).getByTestId('admin-pending-count')).toHaveTextContent('7 件');
    expect(within(section).getByTestId('admin-pending-count')).toHaveAttribute(
      'href',
      '/admin/bookings?status=pending',
    );
    const items = within(section).getAllByTestId('admin-next-deadline');
    expect(items.map((i) => within(i).getByRole('link').textContent)).toEqual(['K7Q2ZP', 'M4X9TA']);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/admin/booking/b-1');
    expect(items[0]).toHaveTextContent('回答期限');
    expect(items[0]).toHaveTextContent('あと 3 時間');
  });
});

describe('host list', () => {
  it('lists business name, e-mail, experience count, registered date and a suspended badge', async () => {
    const { router } = await open('/admin/hosts', 'ホスト一覧', (method, path) =>
      path === '/admin/hosts'
        ? {
            status: 200,
            body: {
              items: [
                {
                  id: 'host-2',
                  email: 'candles@example.com',
                  businessName: 'Uchiko Candle Works',
                  experienceCount: 3,
                  createdAt: '2026-11-20T16:00:00.000Z',
                  suspended: true,
                  reviewStatus: 'approved',
                },
              ],
            },
          }
        : undefined,
    );
    const [row] = await screen.findAllByTestId('admin-host-row');
    for (const text of ['Uchiko Candle Works', 'candles@example.com', '体験 3 件', '2026/11/21', '停止中']) {
      expect(row).toHaveTextContent(text);
    }
    expect(screen.getByRole('link', { name: 'ホストを作成' })).toHaveAttribute('href', '/admin/hosts/create');
    await user().click(within(row!).getByRole('link', { name: 'Uchiko Candle Works' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/hosts/host-2'));
  });

  it('searches by part of the business name or e-mail through ?q, and says when nothing matches', async () => {
    const host = {
      id: 'host-3',
      email: 'towels@example.com',
      businessName: 'Imabari Towel Studio',
      experienceCount: 1,
      createdAt: '2026-11-20T16:00:00.000Z',
      suspended: false,
      reviewStatus: 'approved',
    };
    const { calls, router } = await open('/admin/hosts', 'ホスト一覧', (method, path, _body, request) => {
      if (path !== '/admin/hosts') return undefined;
      const q = request.url.searchParams.get('q');
      return { status: 200, body: { items: !q || q === 'towel' ? [host] : [] } };
    });
    await screen.findAllByTestId('admin-host-row');
    const u = user();
    await u.type(screen.getByRole('textbox', { name: 'ホストを検索' }), ' towel {Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=towel'));
    expect(await screen.findByText('Imabari Towel Studio')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/hosts' && c.search.get('q') === 'towel')).toBe(true);
    await u.clear(screen.getByRole('textbox', { name: 'ホストを検索' }));
    await u.type(screen.getByRole('textbox', { name: 'ホストを検索' }), 'nobody');
    await u.click(screen.getByRole('button', { name: '検索' }));
    expect(await screen.findByText('検索語に一致するホストはいません')).toBeInTheDocument();
  });

  it('says ホストが登録されていません when there is none', async () => {
    await open('/admin/hosts', 'ホスト一覧', (method, path) =>
      path === '/admin/hosts' ? { status: 200, body: { items: [] } } : undefined,
    );
    expect(await screen.findByText('ホストが登録されていません')).toBeInTheDocument();
  });
});

describe('host detail', () => {
  it('says ホストが見つかりません for an unknown host', async () => {
    await open('/admin/hosts/nobody', 'ホスト詳細', () => undefined);
    expect(await screen.findByText('ホストが見つかりません')).toBeInTheDocument();
  });

  it('shows the profile, language badges and the experiences with their badges and details buttons', async () => {
    stubAdminApi((method, path) =>
      path === '/admin/hosts/host-1' ? { status: 200, body: hostView() } : undefined,
    );
    renderAdmin('/admin/hosts/host-1', signedInAdmin());
    await screen.findByRole('heading', { name: 'Setouchi Local Guides', level: 1 }, { timeout: 15_000 });
    const profile = screen.getByRole('region', { name: 'プロフィール' });
    for (const text of [
      'We guide small groups around Matsuyama.',
      'Walking tours and onsen evenings.',
      '日本語',
      '英語',
      '2026/01/05',
      '7日前まで 100% 返金',
    ]) {
      expect(profile).toHaveTextContent(text);
    }
    const rows = screen.getAllByTestId('host-experience-row');
    expect(rows[0]).toHaveTextContent('公開中');
    expect(rows[0]).toHaveTextContent('¥9,800');
    expect(rows[1]).toHaveTextContent('非公開');
    expect(within(rows[0]!).getByRole('link', { name: /詳細/ })).toHaveAttribute('href', '/experience/exp-1');
    expect(screen.getByText('回答待ちのリクエストはありません。')).toBeInTheDocument();
  });

  it('shows the host’s invoice registration number and downloads a month’s 支払通知書 (issue 28)', async () => {
    const calls = stubAdminApi((method, path) => {
      if (path === '/admin/hosts/host-1') {
        return {
          status: 200,
          body: hostView({ invoiceRegistrationNumber: 'T7000012050002', invoiceRegistrant: 'corporation' }),
        };
      }
      if (path === '/admin/hosts/host-1/statements') {
        const month = { month: '2026-10', bookings: 1, gross: 16_000, platformFee: 2_400 };
        return {
          status: 200,
          body: { items: [{ ...month, refunded: 0, net: 13_600, paidOut: 0, payouts: 0 }] },
        };
      }
      if (path === '/admin/hosts/host-1/statements/2026-10') return { status: 200, body: '%PDF-1.3' };
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:statement');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderAdmin('/admin/hosts/host-1', signedInAdmin());
    expect(await screen.findByTestId('host-invoice-number', {}, { timeout: 15_000 })).toHaveTextContent(
      'T7000012050002（法人（法人番号））',
    );
    const row = await screen.findByTestId('statement-row');
    expect(row).toHaveTextContent('¥13,600');
    await user().click(within(row).getByRole('button', { name: '2026年10月の支払通知書をダウンロード' }));
    await waitFor(() => expect(saved).toEqual(['支払通知書_2026-10.pdf']));
    expect(calls.some((c) => c.path === '/admin/hosts/host-1/statements/2026-10')).toBe(true);
    click.mockRestore();
  });

  it('suspends after a confirmation (with a note for admins), then reinstates', async () => {
    const pending = bookingFixture({ id: 'b-pending', reference: 'PEND01', hostId: 'host-1' });
    let host: AdminHostView = hostView({ pendingBookings: [pending] });
    const { calls } = await open('/admin/hosts/host-1', 'Setouchi Local Guides', (method, path, body) => {
      if (path === '/admin/hosts/host-1') return { status: 200, body: host };
      if (method === 'POST' && path === '/admin/hosts/host-1/suspend') {
        host = {
          ...host,
          suspension: {
            suspendedAt: '2026-11-23T01:00:00.000Z',
            suspendedBy: ADMIN.userId,
            reason: (body as { reason: string | null }).reason,
          },
          experiences: host.experiences.map((e) => ({ ...e, listed: false })),
        };
        return { status: 200, body: host };
      }
      if (method === 'POST' && path === '/admin/hosts/host-1/reinstate') {
        host = hostView({ pendingBookings: [pending] });
        return { status: 200, body: host };
      }
      return undefined;
    });
    // Open requests come first: while the host is away, an admin answers them.
    const requests = screen.getByRole('region', { name: '回答待ちのリクエスト（1 件）' });
    expect(within(requests).getByRole('link')).toHaveAttribute('href', '/admin/booking/b-pending');

    await user().click(screen.getByRole('button', { name: '停止する' }));
    const dialog = await screen.findByRole('dialog', { name: '「Setouchi Local Guides」を停止しますか？' });
    expect(dialog).toHaveTextContent('ホストはログインできなくなります');
    expect(dialog).toHaveTextContent('回答待ちのリクエスト 1 件');
    await user().type(within(dialog).getByRole('textbox'), ' Complaints from three guests ');
    await user().click(within(dialog).getByRole('button', { name: '停止する' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('ホストを停止しました');
    expect(await screen.findByTestId('suspension-notice')).toHaveTextContent(
      '停止の理由（管理者用メモ）: Complaints from three guests',
    );
    expect(screen.getAllByTestId('host-experience-row')[0]).toHaveTextContent('ゲストに非表示');
    expect(calls.find((c) => c.path.endsWith('/suspend'))!.body).toEqual({
      reason: 'Complaints from three guests',
    });

    await user().click(screen.getByRole('button', { name: '再開する' }));
    const again = await screen.findByRole('dialog', { name: '「Setouchi Local Guides」を再開しますか？' });
    await user().click(within(again).getByRole('button', { name: '再開する' }));
    await waitFor(() => expect(screen.queryByTestId('suspension-notice')).not.toBeInTheDocument());
    // The page is hidden from assistive technology until the dialog has closed.
    expect(await screen.findByRole('button', { name: '停止する' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/hosts/host-1/suspend',
      '/admin/hosts/host-1/reinstate',
    ]);
  });

  it('keeps the dialog open with the API’s message when Cognito could not be changed (503)', async () => {
    await open('/admin/hosts/host-1', 'Setouchi Local Guides', (method, path) => {
      if (path === '/admin/hosts/host-1') return { status: 200, body: hostView() };
      if (method === 'POST') {
        return {
          status: 503,
          body: {
            error: {
              code: 'service_unavailable',
              message: 'ホストの停止に失敗しました。もう一度お試しください。',
            },
          },
        };
      }
      return undefined;
    });
    await user().click(screen.getByRole('button', { name: '停止する' }));
    const dialog = await screen.findByRole('dialog');
    await user().click(within(dialog).getByRole('button', { name: '停止する' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'ホストの停止に失敗しました。もう一度お試しください。',
    );
  });
});

describe('hosts under review (DESIGN §4d)', () => {
  const waiting = {
    id: 'host-9',
    email: 'boats@example.jp',
    businessName: 'Kurushima Boats',
    experienceCount: 1,
    createdAt: '2026-11-24T01:00:00.000Z',
    suspended: false,
    reviewStatus: 'underReview',
  };

  it('shows 審査中 with an approve button behind a confirmation, filters to hosts under review, and approves', async () => {
    let approved = false;
    const { calls, router } = await open('/admin/hosts', 'ホスト一覧', (method, path, _body, { url }) => {
      if (method === 'GET' && path === '/admin/hosts') {
        const onlyWaiting = url.searchParams.get('reviewStatus') === 'underReview';
        const row = { ...waiting, reviewStatus: approved ? 'approved' : 'underReview' };
        return { status: 200, body: { items: onlyWaiting && approved ? [] : [row] } };
      }
      if (method === 'POST' && path === '/admin/hosts/host-9/approve') {
        approved = true;
        return { status: 200, body: hostView({ id: 'host-9', reviewStatus: 'approved' }) };
      }
      return undefined;
    });
    const row = await screen.findByTestId('admin-host-row');
    expect(within(row).getByText('審査中')).toBeInTheDocument();

    const u = user();
    await u.click(screen.getByRole('button', { name: '審査中' }));
    await waitFor(() => expect(router.state.location.search).toBe('?review=underReview'));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/admin/hosts' && c.search.get('reviewStatus') === 'underReview'),
      ).toBe(true),
    );

    await u.click(within(await screen.findByTestId('admin-host-row')).getByRole('button', { name: '承認' }));
    const dialog = await screen.findByRole('dialog', { name: '「Kurushima Boats」を承認しますか？' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await u.click(within(dialog).getByRole('button', { name: '承認する' }));
    expect(await screen.findByText('ホストを承認しました')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/hosts/host-9/approve',
    ]);
    expect(await screen.findByText('審査中のホストはいません')).toBeInTheDocument();
    // Approving opened nothing else: still the list.
    expect(router.state.location.pathname).toBe('/admin/hosts');
  });
});
