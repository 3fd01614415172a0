import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HostDashboardView } from '@domain/back-office-views';
import { weekdayLabelsJa } from '@domain/availability';
import { weekdays } from '@domain/entities';
import { timeLeftJa, WEEKDAY_LABELS_JA } from '../../../../web/src/lib/back-office/format';
import { bookingFixture, DEMO_HOST_VIEW, renderHost, signedInHost, stubHostApi } from './support';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

function dashboard(overrides: Partial<HostDashboardView> = {}): HostDashboardView {
  return {
    email: 'host@example.com',
    latestBookings: [],
    counts: { thisMonth: 0, pending: 0, upcoming: 0 },
    nearestDeadline: null,
    ...overrides,
  };
}

describe('host dashboard (back-office spec §2)', () => {
  it('welcomes the host by e-mail, shows the counts and the nearest deadline', async () => {
    const deadline = new Date(Date.now() + 5 * 3_600_000 + 20 * 60_000).toISOString();
    const latest = [
      bookingFixture({
        id: 'b-new',
        experienceTitle: 'Shimanami cycling',
        date: '2026-12-06',
        time: '09:00',
      }),
      bookingFixture({ status: 'approved', firstName: 'John', lastName: 'Smith' }),
    ];
    stubHostApi((method, path) =>
      path === '/host/dashboard'
        ? {
            status: 200,
            body: dashboard({
              latestBookings: latest,
              counts: { thisMonth: 7, pending: 2, upcoming: 3 },
              nearestDeadline: { bookingId: 'b-new', reference: 'ABC123', deadline },
            }),
          }
        : undefined,
    );
    const { router } = renderHost('/host/dashboard', signedInHost());
    expect(await screen.findByText('ようこそ、host@example.com さん')).toBeInTheDocument();
    expect(screen.getByTestId('nearest-deadline')).toHaveTextContent('あと 5 時間');
    expect(screen.getByText(/予約番号 ABC123/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /承認待ち\s*2\s*件/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /今月のリクエスト\s*7\s*件/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /今後の確定予約\s*3\s*件/ })).toBeInTheDocument();

    const list = screen.getByRole('list', { name: '最新の予約' });
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Shimanami cycling');
    expect(rows[0]).toHaveTextContent('Hanako Tester 様');
    expect(rows[0]).toHaveTextContent('2026/12/06（日） 09:00');
    expect(rows[0]).toHaveTextContent('承認待ち');
    expect(rows[1]).toHaveTextContent('承認済み');

    await userEvent.setup({ delay: null }).click(rows[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/bookings'));
    expect(router.state.location.search).toBe('?booking=b-new');
  });

  it('says 現在、表示する予約はありません。 when there is none, and no deadline', async () => {
    stubHostApi((method, path) =>
      path === '/host/dashboard' ? { status: 200, body: dashboard() } : undefined,
    );
    renderHost('/host/dashboard', signedInHost());
    expect(await screen.findByText('現在、表示する予約はありません。')).toBeInTheDocument();
    expect(screen.queryByTestId('nearest-deadline')).not.toBeInTheDocument();
  });
});

describe('back-office formats', () => {
  it('counts a deadline down in hours, minutes and days', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
    expect(timeLeftJa(at(5 * 60 + 59), now)).toBe('あと 5 時間');
    expect(timeLeftJa(at(35), now)).toBe('あと 35 分');
    expect(timeLeftJa(at(26 * 60), now)).toBe('あと 1 日 2 時間');
    expect(timeLeftJa(at(48 * 60), now)).toBe('あと 2 日');
    expect(timeLeftJa(at(-1), now)).toBe('期限切れ');
  });

  it('keeps its weekday labels equal to the domain’s', () => {
    expect([...WEEKDAY_LABELS_JA]).toEqual(weekdays.map((d) => weekdayLabelsJa[d]));
  });
});

describe('a host under review (DESIGN §4d)', () => {
  it('is told in Japanese that they can prepare experiences but publish only after the review', async () => {
    stubHostApi((method, path) => {
      if (path === '/host/dashboard') return { status: 200, body: dashboard() };
      if (path === '/host/me')
        return { status: 200, body: { ...DEMO_HOST_VIEW, reviewStatus: 'underReview' } };
      return undefined;
    });
    renderHost('/host/dashboard', signedInHost());
    expect(await screen.findByText('アカウントは審査中です')).toBeInTheDocument();
    expect(screen.getByText(/公開できるのは審査の完了後です/)).toBeInTheDocument();
  });

  it('says nothing of it to an approved host', async () => {
    stubHostApi((method, path) =>
      path === '/host/dashboard' ? { status: 200, body: dashboard() } : undefined,
    );
    renderHost('/host/dashboard', signedInHost());
    await screen.findByText('ようこそ、host@example.com さん');
    expect(screen.queryByText('アカウントは審査中です')).not.toBeInTheDocument();
  });
});

describe('first steps of a new host (issue 21)', () => {
  const withExperiences = (items: unknown[]) =>
    stubHostApi((method, path) => {
      if (path === '/host/dashboard') return { status: 200, body: dashboard() };
      if (path === '/host/experiences') return { status: 200, body: { items } };
      return undefined;
    });

  it('shows the steps with their links while the host has no experience', async () => {
    withExperiences([]);
    const { router } = renderHost('/host/dashboard', signedInHost());
    const panel = await screen.findByRole('region', { name: 'はじめての方へ' });
    const steps = within(panel).getAllByTestId('first-step');
    expect(steps.map((s) => within(s).getByRole('link').getAttribute('href'))).toEqual([
      '/host/profile',
      '/host/experience/create',
      '/host/experiences',
      '/host/experiences',
    ]);
    expect(steps[0]).toHaveTextContent('プロフィールを設定する');
    expect(steps[3]).toHaveTextContent('体験を公開する');
    await userEvent.setup({ delay: null }).click(within(panel).getByRole('link', { name: '体験を作成' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/experience/create'));
  });

  it('is gone once the host has an experience', async () => {
    const calls = withExperiences([
      {
        id: 'e1',
        title: 'Dogo walk',
        image: '',
        publicationStatus: 'private',
        price: 5000,
        createdAt: '2026-11-01T00:00:00.000Z',
      },
    ]);
    renderHost('/host/dashboard', signedInHost());
    await screen.findByText('ようこそ、host@example.com さん');
    await waitFor(() => expect(calls.some((c) => c.path === '/host/experiences')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'はじめての方へ' })).toBeNull();
  });
});
