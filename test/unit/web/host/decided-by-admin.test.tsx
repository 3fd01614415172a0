/** The host's booking detail says when an admin approved or denied the request on the host's behalf (issue 21 item 8). */
import { screen, waitFor } from '@testing-library/react';
import { bookingFixture, renderHost, signedInHost, stubHostApi } from './support';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

function open(booking: ReturnType<typeof bookingFixture>) {
  stubHostApi((method, path) => {
    if (method === 'GET' && path === '/host/bookings') return { status: 200, body: { items: [booking] } };
    if (method === 'GET' && path === `/host/bookings/${booking.id}`) return { status: 200, body: booking };
    return undefined;
  });
  renderHost(`/host/bookings?booking=${booking.id}`, signedInHost());
  return screen.findByRole('dialog', { name: /予約詳細/ }, { timeout: 15_000 });
}

describe('who decided a request, in the host booking detail', () => {
  it('says 管理者（ホストに代わって） with the time when an admin approved', async () => {
    const dialog = await open(
      bookingFixture({
        id: 'b1',
        status: 'approved',
        deadline: null,
        decidedBy: { role: 'admin', userId: 'admin-1' },
        decidedAt: '2026-11-21T01:30:00.000Z',
      }),
    );
    await waitFor(() =>
      expect(dialog).toHaveTextContent('対応者管理者（ホストに代わって）・2026/11/21 10:30'),
    );
  });

  it('says ホスト when the host decided', async () => {
    const dialog = await open(
      bookingFixture({
        id: 'b2',
        status: 'denied',
        deadline: null,
        deniedMessage: 'Fully booked that day.',
        decidedBy: { role: 'host', userId: 'sub-1' },
        decidedAt: '2026-11-21T01:30:00.000Z',
      }),
    );
    await waitFor(() => expect(dialog).toHaveTextContent('対応者ホスト・'));
    expect(dialog).not.toHaveTextContent('管理者');
  });
});
