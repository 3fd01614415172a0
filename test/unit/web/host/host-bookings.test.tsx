import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackOfficeBooking } from '@domain/back-office-views';
import { BOOKING_CSV_HEADER } from '@domain/booking-csv';
import { bookingFixture, renderHost, signedInHost, stubHostApi, type ApiRoute } from './support';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const user = () => userEvent.setup({ delay: null });

function withBookings(bookings: BackOfficeBooking[], extra: ApiRoute = () => undefined) {
  return stubHostApi((method, path, body, request) => {
    const answer = extra(method, path, body, request);
    if (answer) return answer;
    if (method === 'GET' && path === '/host/bookings') {
      const status = request.url.searchParams.get('status');
      const from = request.url.searchParams.get('from');
      const to = request.url.searchParams.get('to');
      const items = bookings.filter(
        (b) => (!status || b.status === status) && (!from || b.date >= from) && (!to || b.date <= to),
      );
      return { status: 200, body: { items } };
    }
    const one = /^\/host\/bookings\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const found = bookings.find((b) => b.id === one[1]);
      return found ? { status: 200, body: found } : undefined;
    }
    return undefined;
  });
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
      '+81 90-1234-5678',
      'Japan',
      '英語',
      'One vegetarian, please.',
    ]) {
      expect(dialog).toHaveTextContent(text);
    }
    await user().click(within(dialog).getByRole('button', { name: '承認する' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('予約を承認しました');
    await waitFor(() => expect(within(dialog).getByText('承認済み')).toBeInTheDocument());
    expect(within(dialog).getByRole('button', { name: '承認する' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: '否認する' })).toBeDisabled();
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
    await user().click(await within(dialog).findByRole('button', { name: '承認する' }));
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
    await user().click(await within(dialog).findByRole('button', { name: '承認する' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('この予約は既に処理されています');
    expect(await within(dialog).findByText('期限切れ')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '承認する' })).toBeDisabled();
  });
});

describe('day view and CSV', () => {
  it('lists who comes on a day by time, with phone and requests', async () => {
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
      bookingFixture({ date, time: '10:00', firstName: 'Gone', status: 'denied' }),
    ]);
    await openList(`/host/bookings?view=day&date=${date}`);
    expect(await screen.findByTestId('manifest-summary')).toHaveTextContent('確定 5 名・承認待ち 1 名');
    const ten = await screen.findByRole('region', { name: '10:00 の予約' });
    expect(ten).toHaveTextContent('3 名');
    expect(ten).toHaveTextContent('Hanako Tester 様');
    expect(ten).toHaveTextContent('リクエスト: Wheelchair access');
    expect(ten).toHaveTextContent('Ken Sato 様');
    expect(ten).not.toHaveTextContent('Gone');
    expect(within(ten).getAllByRole('link', { name: '+81 90-1234-5678' })[0]).toHaveAttribute(
      'href',
      'tel:+819012345678',
    );
    const sections = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(sections).toEqual(['10:00 の予約', '14:00 の予約']);
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
