/**
 * The concierge's inbox and one inquiry (DESIGN §4h, issue 31): the list in the server's order with the statuses in
 * Japanese, Tokyo-time deadlines and overdue rows marked in words; filters and paging; the inquiry page with the
 * guest, the conversation, the reply box (its rules, its body, the mail it promises), closing behind a confirmation,
 * and 「オファーを作成」 leading to the form prefilled from the inquiry.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin, signedInAdmin, stubAdminApi, type ApiRoute } from './support';
import { inquiryDetail, inquiryItem, offerFixture } from './concierge-fixtures';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const user = () => userEvent.setup({ delay: null });

async function openInbox(route: ApiRoute) {
  const calls = stubAdminApi(route);
  const view = renderAdmin('/admin/inquiries', signedInAdmin());
  await screen.findByRole('heading', { name: '問い合わせ', level: 1 }, { timeout: 15_000 });
  return { calls, ...view };
}

async function openInquiry(route: ApiRoute) {
  const calls = stubAdminApi(route);
  const view = renderAdmin('/admin/inquiries/inq-1', signedInAdmin());
  await screen.findByRole('heading', { name: 'Kim Minji 様からの問い合わせ', level: 1 }, { timeout: 15_000 });
  return { calls, ...view };
}

describe('問い合わせ inbox', () => {
  it('keeps the server’s order, writes statuses in Japanese and marks overdue ones with words', async () => {
    await openInbox((method, path) =>
      method === 'GET' && path === '/admin/inquiries'
        ? {
            status: 200,
            body: {
              items: [
                inquiryItem({ id: 'late', name: 'Late Guest', overdue: true }),
                inquiryItem({ id: 'soon', name: 'Soon Guest', replyDueAt: '2026-11-25T01:30:00.000Z' }),
                inquiryItem({ id: 'ans', name: 'Answered Guest', status: 'answered' }),
                inquiryItem({ id: 'wait', name: 'Waiting Guest', status: 'waiting' }),
                inquiryItem({ id: 'done', name: 'Closed Guest', status: 'closed' }),
              ],
            },
          }
        : undefined,
    );
    const rows = await screen.findAllByTestId('inquiry-row');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'Late Guest',
      'Soon Guest',
      'Answered Guest',
      'Waiting Guest',
      'Closed Guest',
    ]);
    // 2026-11-24T08:55Z is 17:55 in Tokyo.
    expect(rows[0]).toHaveTextContent('2026/11/24 17:55');
    expect(rows[0]).toHaveTextContent('期限超過');
    expect(rows[0]).toHaveAttribute('data-overdue', 'true');
    expect(rows[0]).toHaveTextContent('minji@example.com');
    expect(rows[0]).toHaveTextContent('新規');
    expect(rows[1]).not.toHaveTextContent('期限超過');
    expect(rows[1]).toHaveTextContent('2026/11/25 10:30');
    expect(rows[2]).toHaveTextContent('回答済み');
    expect(rows[3]).toHaveTextContent('お客様の返信待ち');
    expect(rows[4]).toHaveTextContent('完了');
    expect(within(rows[0]!).getByRole('link', { name: 'Late Guest' })).toHaveAttribute(
      'href',
      '/admin/inquiries/late',
    );
  });

  it('filters by status, pages with the cursor and says when there is none', async () => {
    const { calls } = await openInbox((method, path, _body, { url }) => {
      if (method !== 'GET' || path !== '/admin/inquiries') return undefined;
      if (url.searchParams.get('status') === 'closed') return { status: 200, body: { items: [] } };
      if (url.searchParams.get('cursor') === 'c2') {
        return { status: 200, body: { items: [inquiryItem({ id: 'two', name: 'Second Page' })] } };
      }
      return { status: 200, body: { items: [inquiryItem()], cursor: 'c2' } };
    });
    expect(await screen.findAllByTestId('inquiry-row')).toHaveLength(1);
    await user().click(screen.getByRole('button', { name: 'さらに表示' }));
    expect(await screen.findByRole('link', { name: 'Second Page' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/inquiries' && c.search.get('cursor') === 'c2')).toBe(true);
    await user().click(screen.getByRole('tab', { name: '完了' }));
    expect(await screen.findByText('「完了」の問い合わせはありません。')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/inquiries' && c.search.get('status') === 'closed')).toBe(
      true,
    );
  });

  it('says so when the list cannot be read, and reads it again on 再読み込み', async () => {
    let fail = true;
    await openInbox((method, path) => {
      if (method !== 'GET' || path !== '/admin/inquiries') return undefined;
      return fail
        ? { status: 400, body: { error: { code: 'validation', message: 'bad' } } }
        : { status: 200, body: { items: [inquiryItem()] } };
    });
    expect(await screen.findByText('問い合わせを取得できませんでした。')).toBeInTheDocument();
    fail = false;
    await user().click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findAllByTestId('inquiry-row')).toHaveLength(1);
  });

  it('is in the admin menu beside オファー', async () => {
    await openInbox(() => ({ status: 200, body: { items: [] } }));
    // jsdom is a narrow screen: the menu sits behind its button.
    await user().click(screen.getByRole('button', { name: 'メニューを開く' }));
    const nav = screen.getByRole('navigation', { name: 'メインメニュー' });
    expect(within(nav).getByRole('link', { name: '問い合わせ' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'オファー' })).toHaveAttribute('href', '/admin/offers');
  });

  it('shows the overdue count on the menu entry from the dashboard’s answer', async () => {
    await openInbox((method, path) => {
      if (path === '/admin/inquiries') return { status: 200, body: { items: [] } };
      if (path === '/admin/dashboard') {
        return {
          status: 200,
          body: {
            totalBookings: 0,
            bookingsThisMonth: 0,
            totalHosts: 0,
            month: '2026-11',
            pendingRequests: 0,
            nextDeadlines: [],
            inquiries: { open: 4, overdue: 2 },
          },
        };
      }
      return undefined;
    });
    await user().click(screen.getByRole('button', { name: 'メニューを開く' }));
    const nav = screen.getByRole('navigation', { name: 'メインメニュー' });
    expect(await within(nav).findByRole('link', { name: '問い合わせ 期限超過 2 件' })).toHaveAttribute(
      'href',
      '/admin/inquiries',
    );
  });
});

describe('one inquiry', () => {
  it('shows the guest, the conversation and the offers', async () => {
    await openInquiry((method, path) =>
      method === 'GET' && path === '/admin/inquiries/inq-1'
        ? {
            status: 200,
            body: inquiryDetail({
              status: 'waiting',
              overdue: false,
              messages: [
                { from: 'guest', text: 'Can we do the walk?', createdAt: '2026-11-20T08:55:00.000Z' },
                { from: 'concierge', text: 'Yes, on the 10th.', createdAt: '2026-11-21T02:00:00.000Z' },
              ],
              offers: [offerFixture({ status: 'booked', bookingId: 'bk-1', bookingReference: 'ABC123' })],
            }),
          }
        : undefined,
    );
    const guest = screen.getByRole('region', { name: 'お客様' });
    for (const text of [
      'minji@example.com',
      '韓国語',
      'Dogo Onsen evening walk',
      'Dec 10 or 11',
      '3名',
      'お客様の返信待ち',
    ]) {
      expect(guest).toHaveTextContent(text);
    }
    const messages = screen.getAllByTestId('inquiry-message');
    expect(messages[0]).toHaveAttribute('data-from', 'guest');
    expect(messages[0]).toHaveTextContent('お客様・2026/11/20 17:55');
    expect(messages[1]).toHaveTextContent('コンシェルジュ・2026/11/21 11:00');
    const [offer] = screen.getAllByTestId('inquiry-offer');
    expect(offer).toHaveTextContent('予約済み');
    expect(offer).toHaveTextContent('2026/12/10（木） 10:00・3名・¥27,000');
    expect(within(offer!).getByRole('link', { name: 'ABC123' })).toHaveAttribute(
      'href',
      '/admin/booking/bk-1',
    );
  });

  it('marks an overdue inquiry and opens the offer form prefilled from it', async () => {
    const { router } = await openInquiry((method, path) =>
      method === 'GET' && path === '/admin/inquiries/inq-1'
        ? { status: 200, body: inquiryDetail() }
        : undefined,
    );
    const guest = screen.getByRole('region', { name: 'お客様' });
    expect(guest).toHaveTextContent('返信期限 2026/11/24 17:55');
    expect(guest).toHaveTextContent('期限超過');
    await user().click(screen.getByRole('link', { name: 'オファーを作成' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/offers/new'));
    expect(router.state.location.search).toBe('?inquiry=inq-1');
  });

  it('refuses an empty or too long reply, then sends { text } and says it was mailed', async () => {
    let current = inquiryDetail();
    const { calls } = await openInquiry((method, path, body) => {
      if (method === 'GET' && path === '/admin/inquiries/inq-1') return { status: 200, body: current };
      if (method === 'POST' && path === '/admin/inquiries/inq-1/messages') {
        const text = (body as { text: string }).text;
        current = inquiryDetail({
          status: 'answered',
          overdue: false,
          messages: [
            ...inquiryDetail().messages,
            { from: 'concierge', text, createdAt: '2026-11-21T02:00:00.000Z' },
          ],
        });
        return { status: 201, body: current };
      }
      return undefined;
    });
    const box = screen.getByLabelText(/^返信内容/);
    expect(
      screen.getByText(/送信すると、お客様（minji@example.com）にメールでお届けします/),
    ).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: '返信を送信' }));
    expect(await screen.findByText('返信内容を入力してください')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'x'.repeat(5001) } });
    await user().click(screen.getByRole('button', { name: '返信を送信' }));
    expect(await screen.findByText('メッセージは5,000文字以内で入力してください')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(box, { target: { value: '  Yes, the 10th works. I will send an offer.  ' } });
    await user().click(screen.getByRole('button', { name: '返信を送信' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      '返信を送信しました。お客様にメールでお知らせしました。',
    );
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ text: 'Yes, the 10th works. I will send an offer.' });
    expect(await screen.findAllByTestId('inquiry-message')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'お客様' })).toHaveTextContent('回答済み');
    expect(box).toHaveValue('');
  });

  it('shows the API’s Japanese message for a refused reply and keeps the text', async () => {
    await openInquiry((method, path) => {
      if (method === 'GET')
        return path === '/admin/inquiries/inq-1' ? { status: 200, body: inquiryDetail() } : undefined;
      return {
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: '入力内容を確認してください',
            fields: { text: '返信内容が長すぎます' },
          },
        },
      };
    });
    const box = screen.getByLabelText(/^返信内容/);
    await user().type(box, 'Hello');
    await user().click(screen.getByRole('button', { name: '返信を送信' }));
    expect(await screen.findByText('返信内容が長すぎます')).toBeInTheDocument();
    expect(box).toHaveValue('Hello');
  });

  it('closes only after 完了にする is confirmed', async () => {
    let current = inquiryDetail();
    const { calls } = await openInquiry((method, path) => {
      if (method === 'GET' && path === '/admin/inquiries/inq-1') return { status: 200, body: current };
      if (method === 'POST' && path === '/admin/inquiries/inq-1/close') {
        current = inquiryDetail({ status: 'closed', overdue: false });
        return { status: 200, body: current };
      }
      return undefined;
    });
    await user().click(screen.getByRole('button', { name: '完了にする' }));
    const dialog = await screen.findByRole('dialog', { name: 'この問い合わせを完了にしますか？' });
    await user().click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user().click(screen.getByRole('button', { name: '完了にする' }));
    const again = await screen.findByRole('dialog', { name: 'この問い合わせを完了にしますか？' });
    await user().click(within(again).getByRole('button', { name: '完了にする' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('問い合わせを完了にしました');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/inquiries/inq-1/close',
    ]);
    await waitFor(() => expect(screen.getByRole('region', { name: 'お客様' })).toHaveTextContent('完了'));
    expect(screen.queryByRole('button', { name: '完了にする' })).toBeNull();
  });

  it('says an unknown inquiry is not found', async () => {
    stubAdminApi();
    renderAdmin('/admin/inquiries/nope', signedInAdmin());
    expect(
      await screen.findByText('この問い合わせは見つかりません。', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});
