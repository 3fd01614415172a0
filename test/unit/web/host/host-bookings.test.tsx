import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackOfficeBooking } from '@domain/back-office-views';
import { BOOKING_CSV_HEADER } from '@domain/booking-csv';
import { bookingFixture, renderHost, signedInHost, stubHostApi, type ApiRoute } from './support';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const user = () => userEvent.setup({ delay: null });

const EXPERIENCES = [
  {
    id: 'exp-1',
    title: 'Dogo Onsen evening walk',
    image: '',
    publicationStatus: 'public',
    price: 9800,
    createdAt: '',
  },
  {
    id: 'exp-2',
    title: 'Shimanami cycling',
    image: '',
    publicationStatus: 'public',
    price: 12000,
    createdAt: '',
  },
];

function withBookings(bookings: BackOfficeBooking[], extra: ApiRoute = () => undefined) {
  return stubHostApi((method, path, body, request) => {
    const answer = extra(method, path, body, request);
    if (answer) return answer;
    if (method === 'GET' && path === '/host/bookings') {
      const status = request.url.searchParams.get('status');
      const from = request.url.searchParams.get('from');
      const to = request.url.searchParams.get('to');
      const experienceId = request.url.searchParams.get('experienceId');
      const items = bookings.filter(
        (b) =>
          (!status || b.status === status) &&
          (!experienceId || b.experienceId === experienceId) &&
          (!from || b.date >= from) &&
          (!to || b.date <= to),
      );
      return { status: 200, body: { items } };
    }
    if (method === 'GET' && path === '/host/experiences') {
      return { status: 200, body: { items: EXPERIENCES } };
    }
    const one = /^\/host\/bookings\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const found = bookings.find((b) => b.id === one[1]);
      return found ? { status: 200, body: found } : undefined;
    }
    return undefined;
  });
}

/**
 * Approve in the detail dialog: the confirmation names the amount the card will be charged (issue 21), and only its
 * own 承認する sends the approval.
 */
async function approveConfirming(dialog: HTMLElement, calls?: { path: string }[]) {
  await user().click(await within(dialog).findByRole('button', { name: '承認する' }));
  const confirm = await screen.findByRole('dialog', { name: 'このリクエストを承認しますか？' });
  expect(within(confirm).getByTestId('approve-charge')).toHaveTextContent(
    'お客様のカードに ¥19,600 が請求され',
  );
  expect(calls?.some((c) => c.path.endsWith('/approve')) ?? false).toBe(false);
  await user().click(within(confirm).getByRole('button', { name: '承認する' }));
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'このリクエストを承認しますか？' })).toBeNull(),
  );
}

async function openList(path = '/host/bookings') {
  const rendered = renderHost(path, signedInHost());
  // hidden: an open dialog (?booking=) hides the page from the accessibility tree.
  await screen.findByRole('heading', { name: '予約一覧', hidden: true }, { timeout: 15_000 });
  return rendered;
}

describe('host booking list (back-office spec §2)', () => {
  it('shows the specification’s columns, and a pending request’s time left', async () => {
    const pending = bookingFixture({
      id: 'b1',
      deadline: new Date(Date.now() + 5.5 * 3_600_000).toISOString(),
      createdAt: '2026-11-20T15:10:00.000Z',
    });
    const approved = bookingFixture({
      id: 'b2',
      status: 'approved',
      deadline: null,
      guests: 3,
      amount: 29400,
    });
    withBookings([pending, approved]);
    await openList();
    const rows = await screen.findAllByTestId('booking-row');
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(first).toHaveTextContent('Dogo Onsen evening walk');
    expect(first).toHaveTextContent('Hanako Tester');
    expect(first).toHaveTextContent('hanako@example.com');
    expect(first).toHaveTextContent('承認待ち');
    expect(first).toHaveTextContent('回答期限 あと 5 時間');
    expect(first).toHaveTextContent('2026/11/21 00:10');
    expect(first).toHaveTextContent('2 名');
    expect(first).toHaveTextContent('¥19,600');
    expect(first).toHaveTextContent('2026/12/05（土） 10:00');
    expect(rows[1]).toHaveTextContent('承認済み');
    expect(rows[1]).not.toHaveTextContent('回答期限');
  });

  it('filters by status and tour date through the address', async () => {
    const calls = withBookings([
      bookingFixture({ status: 'approved' }),
      bookingFixture({ status: 'pending' }),
    ]);
    const { router } = await openList('/host/bookings?status=pending&from=2026-12-01&to=2026-12-31');
    const rows = await screen.findAllByTestId('booking-row');
    expect(rows).toHaveLength(1);
    const request = calls.filter((c) => c.path === '/host/bookings').at(-1)!;
    expect(new URLSearchParams(request.search).get('status')).toBe('pending');
    expect(new URLSearchParams(request.search).get('from')).toBe('2026-12-01');
    expect(new URLSearchParams(request.search).get('to')).toBe('2026-12-31');
    await user().click(screen.getByRole('button', { name: '条件をクリア' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findAllByTestId('booking-row')).toHaveLength(2);
  });

  it('says at the field when the range ends before it starts, and asks the API nothing for it', async () => {
    const calls = withBookings([bookingFixture()]);
    await openList('/host/bookings?from=2026-12-10&to=2026-12-01');
    expect(await screen.findByText('「まで」の日付は「から」の日付以降にしてください')).toBeInTheDocument();
    expect(screen.getByLabelText('予約日（まで）')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('条件に合う予約はありません。')).toBeInTheDocument();
    expect(screen.queryByText('予約を取得できませんでした。')).toBeNull();
    const inverted = calls.filter(
      (c) => c.path === '/host/bookings' && new URLSearchParams(c.search).get('from') === '2026-12-10',
    );
    expect(inverted).toEqual([]);
  });

  it('filters by experience from the address and from the selector', async () => {
    const calls = withBookings([
      bookingFixture({ experienceId: 'exp-1' }),
      bookingFixture({ experienceId: 'exp-2', experienceTitle: 'Shimanami cycling' }),
    ]);
    const { router } = await openList('/host/bookings?experienceId=exp-2');
    await waitFor(() => expect(screen.getAllByTestId('booking-row')).toHaveLength(1));
    expect(screen.getByTestId('booking-row')).toHaveTextContent('Shimanami cycling');
    const request = calls.filter((c) => c.path === '/host/bookings').at(-1)!;
    expect(new URLSearchParams(request.search).get('experienceId')).toBe('exp-2');

    await user().click(screen.getByRole('combobox', { name: '体験' }));
    await user().click(await screen.findByRole('option', { name: 'Dogo Onsen evening walk' }));
    await waitFor(() => expect(router.state.location.search).toBe('?experienceId=exp-1'));
    await waitFor(() =>
      expect(screen.getByTestId('booking-row')).toHaveTextContent('Dogo Onsen evening walk'),
    );
  });

  it('opens a booking from the keyboard: Tab reaches the row’s button, Enter and Space open it', async () => {
    const booking = bookingFixture({ id: 'k1' });
    withBookings([booking]);
    const { router } = await openList();
    const open = await screen.findByRole('button', { name: `予約番号 ${booking.reference} を開く` });
    open.focus();
    expect(open).toHaveFocus();
    await user().keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?booking=k1'));
    await user().keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    (await screen.findByRole('button', { name: `予約番号 ${booking.reference} を開く` })).focus();
    await user().keyboard(' ');
    await waitFor(() => expect(router.state.location.search).toBe('?booking=k1'));
  });

  it('says when nothing matches', async () => {
    withBookings([]);
    await openList();
    expect(await screen.findByText('条件に合う予約はありません。')).toBeInTheDocument();
  });
});

describe('booking detail dialog: approve and deny (back-office spec §2, §4, §8)', () => {
  it('shows the details and approves a pending request', async () => {
    const booking = bookingFixture({ id: 'b1', specialRequests: 'One vegetarian, please.' });
    const calls = withBookings([booking], (method, path) =>
      method === 'POST' && path === '/host/bookings/b1/approve'
        ? { status: 200, body: { ...booking, status: 'approved', deadline: null } }
        : undefined,
    );
    await openList();
    await user().click((await screen.findAllByTestId('booking-row'))[0]!);
    const dialog = await screen.findByRole('dialog', { name: /予約詳細/ });
    for (const text of [
      `予約番号 ${booking.reference}`,
      'Dogo Onsen evening walk',
      '2026/12/05（土） 10:00',
      '2 名',
      '¥19,600（¥9,800 × 2 名）',
      'Hanako Tester 様',
      'hanako@example.com',
      // As Japan writes it (issue 32 item 12), and dialled by its tel: link.
      '090-1234-5678',
      '日本',
      '英語',
      'One vegetarian, please.',
    ]) {
      expect(dialog).toHaveTextContent(text);
    }
    await approveConfirming(dialog, calls);
    expect(await screen.findByTestId('toast')).toHaveTextContent('予約を承認しました');
    await waitFor(() => expect(within(dialog).getByText('承認済み')).toBeInTheDocument());
    // Decided: only what can still be done is offered (issue 32 item 11).
    expect(within(dialog).queryByRole('button', { name: '承認する' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '否認する' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/host/bookings/b1/approve')!.body).toBeUndefined();
  });

  it('keeps the request pending when the capture failed: お支払いの確定に失敗しました', async () => {
    const booking = bookingFixture({ id: 'b1' });
    withBookings([booking], (method, path) =>
      method === 'POST' && path === '/host/bookings/b1/approve'
        ? {
            status: 502,
            body: { error: { code: 'payment_failed', message: 'Failed to confirm the payment' } },
          }
        : undefined,
    );
    await openList('/host/bookings?booking=b1');
    const dialog = await screen.findByRole('dialog', { name: /予約詳細/ });
    await approveConfirming(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('お支払いの確定に失敗しました');
    expect(within(dialog).getByRole('button', { name: '承認する' })).toBeEnabled();
  });

  it('denies with a reason: the reason box, its required message, back, and confirm', async () => {
    const booking = bookingFixture({ id: 'b1' });
    const calls = withBookings([booking], (method, path, body) =>
      method === 'POST' && path === '/host/bookings/b1/deny'
        ? {
            status: 200,
            body: { ...booking, status: 'denied', deniedMessage: (body as { reason: string }).reason },
          }
        : undefined,
    );
    await openList('/host/bookings?booking=b1');
    const dialog = await screen.findByRole('dialog', { name: /予約詳細/ });
    const u = user();
    await u.click(await within(dialog).findByRole('button', { name: '否認する' }));
    await u.click(within(dialog).getByRole('button', { name: '戻る' }));
    expect(within(dialog).getByRole('button', { name: '承認する' })).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: '否認する' }));
    await u.type(within(dialog).getByRole('textbox', { name: /否認理由/ }), '   ');
    await u.click(within(dialog).getByRole('button', { name: '否認を確定' }));
    expect(within(dialog).getByText('お客様にお送りする否認理由を入力してください')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/deny'))).toBe(false);

    await u.clear(within(dialog).getByRole('textbox', { name: /否認理由/ }));
    await u.type(within(dialog).getByRole('textbox', { name: /否認理由/ }), '  The guide is ill that day.  ');
    await u.click(within(dialog).getByRole('button', { name: '否認を確定' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('予約を否認しました');
    expect(calls.find((c) => c.path === '/host/bookings/b1/deny')!.body).toEqual({
      reason: 'The guide is ill that day.',
    });
    expect(await within(dialog).findByText('否認理由')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('The guide is ill that day.');
  });

  it('a request decided meanwhile (409) is said so and shown as it is now', async () => {
    let decided = false;
    const booking = bookingFixture({ id: 'b1' });
    withBookings([booking], (method, path) => {
      if (method === 'POST' && path === '/host/bookings/b1/approve') {
        decided = true;
        return { status: 409, body: { error: { code: 'state_conflict', message: 'Not pending' } } };
      }
      if (method === 'GET' && path === '/host/bookings/b1' && decided) {
        return { status: 200, body: { ...booking, status: 'expired' } };
      }
      return undefined;
    });
    await openList('/host/bookings?booking=b1');
    const dialog = await screen.findByRole('dialog', { name: /予約詳細/ });
    await approveConfirming(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('この予約は既に処理されています');
    expect(await within(dialog).findByText('期限切れ')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '承認する' })).not.toBeInTheDocument();
  });

  it('a request gone meanwhile (404) is said so, as on the admin screen, and asked for again', async () => {
    let gone = false;
    let askedAgain = false;
    const booking = bookingFixture({ id: 'b1' });
    withBookings([booking], (method, path) => {
      if (method === 'POST' && path === '/host/bookings/b1/approve') {
        gone = true;
        return { status: 404, body: { error: { code: 'not_found', message: 'Booking not found' } } };
      }
      if (method === 'GET' && path === '/host/bookings/b1' && gone) {
        askedAgain = true;
        return { status: 404, body: { error: { code: 'not_found', message: 'Booking not found' } } };
      }
      return undefined;
    });
    await openList('/host/bookings?booking=b1');
    const dialog = await screen.findByRole('dialog', { name: /予約詳細/ });
    await approveConfirming(dialog);
    expect((await within(dialog).findAllByRole('alert'))[0]).toHaveTextContent('予約が見つかりませんでした');
    await waitFor(() => expect(askedAgain).toBe(true));
  });
});

describe('day view and CSV', () => {
  it('lists who comes on a day by experience, then time, with phone, requests and totals', async () => {
    const date = '2026-12-05';
    withBookings([
      bookingFixture({
        date,
        time: '14:00',
        firstName: 'Ana',
        lastName: 'Silva',
        guests: 3,
        status: 'approved',
      }),
      bookingFixture({ date, time: '10:00', specialRequests: 'Wheelchair access', status: 'approved' }),
      bookingFixture({
        date,
        time: '10:00',
        firstName: 'Ken',
        lastName: 'Sato',
        status: 'pending',
        guests: 1,
      }),
      bookingFixture({
        date,
        time: '09:00',
        experienceId: 'exp-2',
        experienceTitle: 'Shimanami cycling',
        firstName: 'Lee',
        lastName: 'Park',
        status: 'approved',
        guests: 4,
      }),
      bookingFixture({ date, time: '10:00', firstName: 'Gone', status: 'denied' }),
    ]);
    await openList(`/host/bookings?view=day&date=${date}`);
    expect(await screen.findByTestId('manifest-summary')).toHaveTextContent('確定 9 名・承認待ち 1 名');
    const blocks = await screen.findAllByTestId('manifest-experience');
    // The experience whose first tour starts earliest comes first.
    expect(blocks.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Shimanami cycling',
      'Dogo Onsen evening walk',
    ]);
    const dogo = blocks[1]!;
    expect(within(dogo).getByTestId('manifest-experience-totals')).toHaveTextContent(
      '2026/12/05（土）・確定 5 名・承認待ち 1 名・チェックイン済み 0 / 5 名',
    );
    expect(
      within(dogo)
        .getAllByTestId('manifest-time')
        .map((t) => t.getAttribute('aria-label')),
    ).toEqual(['Dogo Onsen evening walk 10:00–11:00 の予約', 'Dogo Onsen evening walk 14:00–15:00 の予約']);
    const ten = within(dogo).getByRole('region', { name: 'Dogo Onsen evening walk 10:00–11:00 の予約' });
    expect(ten).toHaveTextContent('3 名');
    expect(ten).toHaveTextContent('Hanako Tester 様');
    expect(ten).toHaveTextContent('リクエスト: Wheelchair access');
    expect(ten).toHaveTextContent('Ken Sato 様');
    expect(ten).not.toHaveTextContent('Gone');
    expect(within(ten).getAllByRole('link', { name: '090-1234-5678' })[0]).toHaveAttribute(
      'href',
      'tel:+819012345678',
    );
    // Only confirmed bookings have a tick; a request still waiting has none.
    expect(within(ten).getByRole('checkbox', { name: 'Hanako Tester 様のチェックイン' })).not.toBeChecked();
    expect(within(ten).queryByRole('checkbox', { name: 'Ken Sato 様のチェックイン' })).toBeNull();
    expect(within(blocks[0]!).getByTestId('manifest-experience-totals')).toHaveTextContent('確定 4 名');
  });

  it('ticks a guest as checked in and shows it in the totals', async () => {
    const date = '2026-12-05';
    const booking = bookingFixture({ id: 'c1', date, status: 'approved', deadline: null });
    let stored = booking;
    const calls = withBookings([booking], (method, path, body) => {
      if (method === 'POST' && path === '/host/bookings/c1/check-in') {
        const { checkedIn } = body as { checkedIn: boolean };
        stored = { ...stored, checkedInAt: checkedIn ? '2026-12-05T01:00:00.000Z' : null };
        return { status: 200, body: stored };
      }
      if (method === 'GET' && path === '/host/bookings' && stored.checkedInAt) {
        return { status: 200, body: { items: [stored] } };
      }
      return undefined;
    });
    await openList(`/host/bookings?view=day&date=${date}`);
    const tick = await screen.findByRole('checkbox', { name: 'Hanako Tester 様のチェックイン' });
    await user().click(tick);
    await waitFor(() => expect(tick).toBeChecked());
    expect(calls.find((c) => c.path === '/host/bookings/c1/check-in')!.body).toEqual({ checkedIn: true });
    await waitFor(() =>
      expect(screen.getByTestId('manifest-experience-totals')).toHaveTextContent('チェックイン済み 2 / 2 名'),
    );
  });

  it('exports the filtered list as UTF-8 CSV with a BOM that Excel opens in Japanese', async () => {
    let blob: Blob | null = null;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((b: Blob) => {
          blob = b;
          return 'blob:csv';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    withBookings([
      bookingFixture({ reference: 'ABC123', specialRequests: 'Allergic to "shellfish", nuts' }),
      bookingFixture({ reference: 'XYZ789', status: 'approved' }),
    ]);
    await openList('/host/bookings?status=pending');
    await screen.findAllByTestId('booking-row');
    await user().click(screen.getByRole('button', { name: 'CSV 出力' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const bytes = new Uint8Array(await blob!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split('\r\n');
    // The admin export's columns and formats (issue 21 item 15): one module writes both.
    expect(lines[0]).toBe(BOOKING_CSV_HEADER.join(','));
    expect(lines).toHaveLength(3); // header, the one pending booking, and the final line end
    expect(lines[1]).toContain(
      'ABC123,承認待ち,Dogo Onsen evening walk,2026/12/05,10:00,2,9800,19600,Tester,Hanako,hanako@example.com,090-1234-5678,',
    );
    expect(lines[1]).toContain(',Setouchi Local Guides,host@example.com,');
    expect(lines[1]).not.toContain("'+81");
    expect(lines[1]).toContain('"Allergic to ""shellfish"", nuts"');
    expect(await screen.findByTestId('toast')).toHaveTextContent('1 件の予約を CSV に書き出しました');
    click.mockRestore();
  });
});
