/**
 * The concierge's offers (DESIGN §4h, issue 31): the form (prefilled from an inquiry, free starts from the public
 * availability, the total and fee defaults with the host's net, `adminOfferSchema`'s Japanese messages, the body
 * sent exactly as DESIGN §6 says, the API's 400 fields and 409 messages kept on the form, the guest's link once
 * made), the list of every status with withdraw behind a confirmation (and a 409 when the guest booked meanwhile),
 * and the dashboard's inquiry counts.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hostView, renderAdmin, signedInAdmin, stubAdminApi, type ApiAnswer, type ApiRoute } from './support';
import { inquiryDetail, offerFixture } from './concierge-fixtures';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const user = () => userEvent.setup({ delay: null });

const CARDS = [
  {
    id: 'exp-1',
    hostId: 'host-1',
    title: 'Dogo Onsen evening walk',
    description: '',
    price: 9000,
    image: '/placeholder.jpg',
    prefecture: 'Ehime',
    city: 'Matsuyama',
    tags: [],
    durationMinutes: 90,
    createdAt: '2026-10-01T00:00:00.000Z',
  },
  {
    id: 'exp-2',
    hostId: 'host-2',
    title: 'Citrus picking',
    description: '',
    price: 12000,
    image: '/placeholder.jpg',
    prefecture: 'Ehime',
    city: 'Yawatahama',
    tags: [],
    durationMinutes: 120,
    createdAt: '2026-10-02T00:00:00.000Z',
  },
];

const detail = (card: (typeof CARDS)[number]) => ({
  ...card,
  mainImages: [],
  participantsMin: 1,
  participantsMax: 6,
  publicationStatus: 'public',
});

const AVAILABILITY: Record<string, Record<string, string[]>> = {
  'exp-1': { '2026-12-10': ['10:00', '14:00'], '2026-12-11': ['10:00'] },
  'exp-2': { '2026-12-12': ['09:00'] },
};

/** The catalogue and hosts the form reads, then `route` for the rest. */
function formApi(route: ApiRoute = () => undefined): ApiRoute {
  return (method, path, body, request) => {
    const answer = route(method, path, body, request);
    if (answer) return answer;
    if (method !== 'GET') return undefined;
    if (path === '/experiences') return { status: 200, body: { items: CARDS } };
    const availability = /^\/experiences\/([^/]+)\/availability$/.exec(path);
    if (availability) {
      return { status: 200, body: { timeZone: 'Asia/Tokyo', dates: AVAILABILITY[availability[1]!] ?? {} } };
    }
    const one = /^\/experiences\/([^/]+)$/.exec(path);
    const card = one && CARDS.find((c) => c.id === one[1]);
    if (card) return { status: 200, body: detail(card) };
    if (path === '/admin/hosts/host-1') return { status: 200, body: hostView({ commissionPercent: 15 }) };
    if (path === '/admin/hosts/host-2') {
      return {
        status: 200,
        body: hostView({
          id: 'host-2',
          businessName: 'Orange Farm',
          commissionPercent: 10,
          suspension: { reason: 'complaints', since: '2026-11-01T00:00:00.000Z', by: 'admin' } as never,
        }),
      };
    }
    if (path === '/admin/inquiries/inq-1') return { status: 200, body: inquiryDetail() };
    return undefined;
  };
}

async function openForm(path: string, route?: ApiRoute) {
  const calls = stubAdminApi(formApi(route));
  const view = renderAdmin(path, signedInAdmin());
  await screen.findByRole('heading', { name: 'オファーを作成', level: 1 }, { timeout: 15_000 });
  await screen.findByRole('form', { name: 'オファー作成' }, { timeout: 15_000 });
  return { calls, ...view };
}

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input, textarea, select' });
const submit = () => user().click(screen.getByRole('button', { name: 'オファーを送信' }));
const created = (overrides = {}): ApiAnswer => ({
  status: 201,
  body: {
    id: 'off-9',
    token: 'tok9',
    url: 'http://localhost:3000/ko/offer/tok9',
    status: 'sent',
    expiresAt: '2026-11-23T03:00:00.000Z',
    ...overrides,
  },
});

async function pickSlot(date = '2026-12-10', time = '14:00') {
  await waitFor(() =>
    expect(within(field(/^日付/)).getByRole('option', { name: /2026\/12\/10/ })).toBeInTheDocument(),
  );
  await user().selectOptions(field(/^日付/), date);
  await user().selectOptions(field(/^開始時刻/), time);
}

describe('offer form (from an inquiry)', () => {
  it('prefills from the inquiry, offers only free starts, defaults total and fee, and sends §6’s body', async () => {
    const { calls } = await openForm('/admin/offers/new?inquiry=inq-1', (method, path) =>
      method === 'POST' && path === '/admin/offers' ? created() : undefined,
    );
    await waitFor(() => expect(field(/^体験/)).toHaveValue('exp-1'));
    expect(field(/^人数/)).toHaveValue('3');
    expect(field(/^お名前/)).toHaveValue('Kim Minji');
    expect(field(/^メールアドレス/)).toHaveValue('minji@example.com');
    expect(field(/^言語/)).toHaveValue('ko');
    // The normal price (¥9,000 × 3) and the host's 15 %, rounded down, with what the host keeps.
    await waitFor(() => expect(field(/^合計金額/)).toHaveValue('27000'));
    await waitFor(() => expect(field(/^プラットフォーム手数料/)).toHaveValue('4050'));
    expect(screen.getByTestId('offer-host-net')).toHaveTextContent('ホストの受取額：¥22,950');

    await pickSlot();
    expect(
      within(field(/^開始時刻/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['選択してください', '10:00', '14:00']);
    await user().type(field(/^お客様へのメッセージ/), 'A private walk for your family.');
    await user().click(screen.getByRole('checkbox', { name: 'ホストの承諾済み' }));
    await submit();

    const panel = await screen.findByRole('region', { name: '作成したオファー' });
    expect(within(panel).getByLabelText('お客様用リンク')).toHaveValue('http://localhost:3000/ko/offer/tok9');
    expect(within(panel).getByRole('button', { name: 'リンクをコピー' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: '問い合わせに戻る' })).toHaveAttribute(
      'href',
      '/admin/inquiries/inq-1',
    );
    expect(within(panel).getByRole('link', { name: 'オファー一覧へ' })).toHaveAttribute(
      'href',
      '/admin/offers',
    );
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    // The fee was left as proposed: the server applies the same commission itself.
    expect(posts[0]!.body).toEqual({
      inquiryId: 'inq-1',
      experienceId: 'exp-1',
      date: '2026-12-10',
      time: '14:00',
      guests: 3,
      totalAmount: 27000,
      message: 'A private walk for your family.',
      expiresInHours: 48,
      preApproved: true,
      guest: { name: 'Kim Minji', email: 'minji@example.com', locale: 'ko' },
    });
  });

  it('sends the concierge’s own total and fee, and follows the party size until the total is typed', async () => {
    const { calls } = await openForm('/admin/offers/new?inquiry=inq-1', (method, path) =>
      method === 'POST' && path === '/admin/offers' ? created() : undefined,
    );
    await waitFor(() => expect(field(/^合計金額/)).toHaveValue('27000'));
    await user().clear(field(/^人数/));
    await user().type(field(/^人数/), '4');
    await waitFor(() => expect(field(/^合計金額/)).toHaveValue('36000'));
    await waitFor(() => expect(field(/^プラットフォーム手数料/)).toHaveValue('5400'));
    await user().clear(field(/^合計金額/));
    await user().type(field(/^合計金額/), '30000');
    await waitFor(() => expect(field(/^プラットフォーム手数料/)).toHaveValue('4500'));
    await user().clear(field(/^プラットフォーム手数料/));
    await user().type(field(/^プラットフォーム手数料/), '3000');
    expect(screen.getByTestId('offer-host-net')).toHaveTextContent('¥27,000');
    await pickSlot('2026-12-11', '10:00');
    await user().type(field(/^お客様へのメッセージ/), 'Special price for four.');
    await user().clear(field(/^有効期限/));
    await user().type(field(/^有効期限/), '24');
    await submit();
    await screen.findByRole('region', { name: '作成したオファー' });
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      guests: 4,
      totalAmount: 30000,
      platformFee: 3000,
      expiresInHours: 24,
      preApproved: false,
      date: '2026-12-11',
      time: '10:00',
    });
  });
});

describe('offer form rules', () => {
  it('shows the Japanese message of every rule and sends nothing', async () => {
    const { calls } = await openForm('/admin/offers/new');
    await submit();
    expect(await screen.findByText('体験を選択してください')).toBeInTheDocument();
    expect(screen.getByText('日付を選択してください')).toBeInTheDocument();
    expect(screen.getByText('開始時刻を選択してください')).toBeInTheDocument();
    expect(screen.getByText('人数は1〜50の整数で入力してください')).toBeInTheDocument();
    expect(screen.getByText('合計金額は100円〜10,000,000円の整数で入力してください')).toBeInTheDocument();
    expect(screen.getByText('お客様へのメッセージを入力してください')).toBeInTheDocument();
    expect(screen.getByText('お客様のお名前を入力してください')).toBeInTheDocument();
    expect(screen.getByText('有効なメールアドレスを入力してください')).toBeInTheDocument();
    expect(screen.getByText('お客様の言語を選択してください')).toBeInTheDocument();

    for (const [hours, refused] of [
      ['0', true],
      ['100', true],
      ['1.5', true],
      ['72', false],
    ] as const) {
      fireEvent.change(field(/^有効期限/), { target: { value: hours } });
      fireEvent.blur(field(/^有効期限/));
      await waitFor(() =>
        expect(screen.queryByText('有効期限は1〜72時間の整数で入力してください') !== null).toBe(refused),
      );
    }
    fireEvent.change(field(/^合計金額/), { target: { value: '-500' } });
    fireEvent.change(field(/^プラットフォーム手数料/), { target: { value: '100' } });
    await submit();
    expect(
      await screen.findByText('合計金額は100円〜10,000,000円の整数で入力してください'),
    ).toBeInTheDocument();
    fireEvent.change(field(/^合計金額/), { target: { value: '5000' } });
    fireEvent.change(field(/^プラットフォーム手数料/), { target: { value: '6000' } });
    await submit();
    expect(
      await screen.findByText('プラットフォーム手数料は0円以上、合計金額以下の整数で入力してください'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('refuses a party larger than the experience takes', async () => {
    const { calls } = await openForm('/admin/offers/new?inquiry=inq-1');
    await waitFor(() => expect(field(/^合計金額/)).toHaveValue('27000'));
    await user().clear(field(/^人数/));
    await user().type(field(/^人数/), '9');
    await pickSlot();
    await user().type(field(/^お客様へのメッセージ/), 'Hi');
    await submit();
    expect(await screen.findByText('この体験の人数は1〜6名です')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('keeps everything typed and shows a 409’s message when the slot was taken meanwhile', async () => {
    await openForm('/admin/offers/new?inquiry=inq-1', (method, path) =>
      method === 'POST' && path === '/admin/offers'
        ? {
            status: 409,
            body: {
              error: {
                code: 'slot_unavailable',
                message: 'この日時は予約枠が埋まっているため、オファーを作成できません。',
              },
            },
          }
        : undefined,
    );
    await waitFor(() => expect(field(/^合計金額/)).toHaveValue('27000'));
    await pickSlot();
    await user().type(field(/^お客様へのメッセージ/), 'Keep me');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'この日時は予約枠が埋まっているため、オファーを作成できません。',
    );
    expect(field(/^お客様へのメッセージ/)).toHaveValue('Keep me');
    expect(field(/^お名前/)).toHaveValue('Kim Minji');
  });

  it('puts the API’s 400 fields on their fields', async () => {
    await openForm('/admin/offers/new?inquiry=inq-1', (method, path) =>
      method === 'POST' && path === '/admin/offers'
        ? {
            status: 400,
            body: {
              error: {
                code: 'validation',
                message: '入力内容を確認してください',
                fields: {
                  'guest.email': 'このメールアドレスには送信できません',
                  expiresInHours: '有効期限が長すぎます',
                },
              },
            },
          }
        : undefined,
    );
    await waitFor(() => expect(field(/^合計金額/)).toHaveValue('27000'));
    await pickSlot();
    await user().type(field(/^お客様へのメッセージ/), 'Hi');
    await submit();
    expect(await screen.findByText('このメールアドレスには送信できません')).toBeInTheDocument();
    expect(screen.getByText('有効期限が長すぎます')).toBeInTheDocument();
  });

  it('warns when the experience’s host is suspended and shows the API’s host_not_bookable message', async () => {
    await openForm('/admin/offers/new', (method, path) =>
      method === 'POST' && path === '/admin/offers'
        ? {
            status: 409,
            body: {
              error: { code: 'host_not_bookable', message: 'このホストは現在予約を受け付けていません。' },
            },
          }
        : undefined,
    );
    await waitFor(() => expect(within(field(/^体験/)).getAllByRole('option')).toHaveLength(3));
    await user().selectOptions(field(/^体験/), 'exp-2');
    expect(await screen.findByText(/このホスト（Orange Farm）は停止中のため/)).toBeInTheDocument();
    await waitFor(() => expect(field(/^合計金額/)).toHaveValue('12000'));
    // 10 % of ¥12,000.
    await waitFor(() => expect(field(/^プラットフォーム手数料/)).toHaveValue('1200'));
    await waitFor(() => expect(within(field(/^日付/)).getAllByRole('option')).toHaveLength(2));
    await user().selectOptions(field(/^日付/), '2026-12-12');
    await user().selectOptions(field(/^開始時刻/), '09:00');
    await user().type(field(/^お客様へのメッセージ/), 'Hi');
    await user().type(field(/^お名前/), 'Chen Mei');
    await user().type(field(/^メールアドレス/), 'mei@example.com');
    await user().selectOptions(field(/^言語/), 'zh-Hant');
    await submit();
    expect(await screen.findByText('このホストは現在予約を受け付けていません。')).toBeInTheDocument();
  });
});

describe('offers list', () => {
  const OFFERS = [
    offerFixture({
      id: 'o-sent',
      status: 'sent',
      guest: { name: 'Open Guest', email: 'open@example.com', locale: 'ko' },
    }),
    offerFixture({ id: 'o-opened', status: 'opened', preApproved: true }),
    offerFixture({ id: 'o-booked', status: 'booked', bookingId: 'bk-1', bookingReference: 'ABC123' }),
    offerFixture({ id: 'o-expired', status: 'expired', inquiryId: undefined }),
    offerFixture({ id: 'o-withdrawn', status: 'withdrawn' }),
  ];

  async function openList(route: ApiRoute) {
    const calls = stubAdminApi(route);
    renderAdmin('/admin/offers', signedInAdmin());
    await screen.findByRole('heading', { name: 'オファー', level: 1 }, { timeout: 15_000 });
    return calls;
  }

  it('shows every status in Japanese with the booking it became, and withdraws only open ones', async () => {
    await openList((method, path) =>
      method === 'GET' && path === '/admin/offers' ? { status: 200, body: { items: OFFERS } } : undefined,
    );
    const rows = await screen.findAllByTestId('offer-row');
    expect(
      rows.map(
        (r) => within(r).getAllByText(/送信済み|開封済み|予約済み|期限切れ|取り下げ済み/)[0]!.textContent,
      ),
    ).toEqual(['送信済み', '開封済み', '予約済み', '期限切れ', '取り下げ済み']);
    expect(rows[0]).toHaveTextContent('Dogo Onsen evening walk');
    expect(rows[0]).toHaveTextContent('Setouchi Local Guides');
    expect(rows[0]).toHaveTextContent('2026/12/10（木） 10:00');
    expect(rows[0]).toHaveTextContent('3名');
    expect(rows[0]).toHaveTextContent('¥27,000');
    expect(rows[0]).toHaveTextContent('2026/11/22 12:00');
    expect(rows[0]).toHaveTextContent('open@example.com');
    expect(rows[1]).toHaveTextContent('ホスト承諾済み');
    expect(within(rows[2]!).getByRole('link', { name: 'ABC123' })).toHaveAttribute(
      'href',
      '/admin/booking/bk-1',
    );
    expect(within(rows[0]!).getByRole('button', { name: /取り下げ/ })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: /取り下げ/ })).toBeInTheDocument();
    for (const row of rows.slice(2)) expect(within(row).queryByRole('button')).toBeNull();
  });

  it('withdraws after the confirmation, and shows a 409 when the guest booked it meanwhile', async () => {
    let answer: ApiAnswer = {
      status: 409,
      body: {
        error: {
          code: 'offer_not_open',
          message: 'このオファーはすでに予約済みのため、取り下げできません。',
        },
      },
    };
    const calls = await openList((method, path) => {
      if (method === 'GET' && path === '/admin/offers') return { status: 200, body: { items: OFFERS } };
      if (method === 'POST' && path.endsWith('/withdraw')) return answer;
      return undefined;
    });
    const [first] = await screen.findAllByTestId('offer-row');
    await user().click(within(first!).getByRole('button', { name: 'Open Guest 様へのオファーを取り下げ' }));
    const dialog = await screen.findByRole('dialog', { name: 'このオファーを取り下げますか？' });
    expect(dialog).toHaveTextContent('確保している予約枠は解放され');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user().click(within(dialog).getByRole('button', { name: '取り下げる' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'このオファーはすでに予約済みのため、取り下げできません。',
    );
    answer = { status: 200, body: { status: 'withdrawn' } };
    await user().click(within(dialog).getByRole('button', { name: '取り下げる' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'オファーを取り下げました。予約枠を解放しました。',
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/offers/o-sent/withdraw',
      '/admin/offers/o-sent/withdraw',
    ]);
  });

  it('filters by status and says when there is none', async () => {
    const calls = await openList((method, path, _b, { url }) =>
      method === 'GET' && path === '/admin/offers'
        ? { status: 200, body: { items: url.searchParams.get('status') === 'expired' ? [] : OFFERS } }
        : undefined,
    );
    await screen.findAllByTestId('offer-row');
    await user().click(screen.getByRole('tab', { name: '期限切れ' }));
    expect(await screen.findByText('「期限切れ」のオファーはありません。')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/offers' && c.search.get('status') === 'expired')).toBe(true);
  });
});

describe('dashboard', () => {
  it('counts open and overdue inquiries and leads to the inbox', async () => {
    stubAdminApi((method, path) =>
      method === 'GET' && path === '/admin/dashboard'
        ? {
            status: 200,
            body: {
              totalBookings: 10,
              bookingsThisMonth: 2,
              totalHosts: 3,
              month: '2026-11',
              pendingRequests: 0,
              nextDeadlines: [],
              inquiries: { open: 7, overdue: 2 },
            },
          }
        : undefined,
    );
    renderAdmin('/admin/dashboard', signedInAdmin());
    const section = await screen.findByRole('region', { name: '問い合わせ' }, { timeout: 15_000 });
    expect(within(section).getByRole('link', { name: '未完了 7 件' })).toHaveAttribute(
      'href',
      '/admin/inquiries',
    );
    expect(within(section).getByTestId('admin-inquiries-overdue')).toHaveTextContent('期限超過 2 件');
  });
});
