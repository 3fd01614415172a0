/**
 * The admin's failed-mails screen (DESIGN §4f, issue 20): the list with recipient, subject, reason, attempts and
 * creation time, the empty state, and 「再送」, after which the list is read again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FailedMailView } from '@domain/mail-delivery';
import { renderAdmin, signedInAdmin, stubAdminApi, type ApiRoute } from './support';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const MAIL: FailedMailView = {
  id: '7d1c6f0e-0000-4000-8000-000000000001',
  kind: 'guest_request_received',
  to: 'emma@example.com',
  subject: 'Booking request received: Sake brewery tour (Booking ID ABC123)',
  language: 'en',
  bookingId: 'b1',
  attempts: 5,
  lastError: 'SES did not send the mail (ServiceUnavailable: Service Unavailable)',
  createdAt: '2026-11-20T01:00:00.000Z',
  failedAt: '2026-11-20T01:08:00.000Z',
};

async function open(route: ApiRoute) {
  const calls = stubAdminApi(route);
  renderAdmin('/admin/mails', signedInAdmin());
  await screen.findByRole('heading', { name: 'メール送信エラー', level: 1 }, { timeout: 15_000 });
  return calls;
}

describe('failed mails', () => {
  it('lists recipient, subject, reason, attempts and times, and resends a mail', async () => {
    let failed = [MAIL];
    const calls = await open((method, path) => {
      if (method === 'GET' && path === '/admin/mails') return { status: 200, body: { items: failed } };
      if (method === 'POST' && path === `/admin/mails/${MAIL.id}/resend`) {
        failed = [];
        return { status: 200, body: { mail: { ...MAIL, attempts: 1, status: 'sent' } } };
      }
      return undefined;
    });
    const [row] = await screen.findAllByTestId('failed-mail-row');
    for (const text of [
      MAIL.subject,
      '宛先：emma@example.com',
      'ServiceUnavailable',
      '試行 5 回',
      '2026/11/20',
    ]) {
      expect(row).toHaveTextContent(text);
    }
    expect(calls.find((c) => c.path === '/admin/mails')!.search.get('status')).toBe('failed');
    await userEvent.setup({ delay: null }).click(within(row!).getByRole('button', { name: /再送/ }));
    expect(await screen.findByText('メールを再送しました')).toBeInTheDocument();
    expect(await screen.findByText('送信に失敗したメールはありません')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByTestId('failed-mail-row')).toHaveLength(0));
  });

  it('shows the API’s message when a resend is refused', async () => {
    await open((method, path) => {
      if (method === 'GET' && path === '/admin/mails') return { status: 200, body: { items: [MAIL] } };
      if (method !== 'POST') return undefined;
      return {
        status: 409,
        body: {
          error: {
            code: 'state_conflict',
            message: 'このメールは送信失敗の状態ではないため、再送できません。',
          },
        },
      };
    });
    const [row] = await screen.findAllByTestId('failed-mail-row');
    await userEvent.setup({ delay: null }).click(within(row!).getByRole('button', { name: /再送/ }));
    expect(
      await screen.findByText('このメールは送信失敗の状態ではないため、再送できません。'),
    ).toBeInTheDocument();
  });

  it('says 送信に失敗したメールはありません when there is none', async () => {
    await open((method, path) =>
      path === '/admin/mails' ? { status: 200, body: { items: [] } } : undefined,
    );
    expect(await screen.findByText('送信に失敗したメールはありません')).toBeInTheDocument();
  });
});
