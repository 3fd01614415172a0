/**
 * A booking paid through a concierge's offer (DESIGN §4h, issue 31) carries `viaConcierge: true`; the host sees
 * 「コンシェルジュ経由」 on it in the list and in its detail, and on no other booking.
 */
import { screen, within } from '@testing-library/react';
import { bookingFixture, renderHost, signedInHost, stubHostApi } from './support';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const offered = bookingFixture({ id: 'b-offer', reference: 'OFR001', viaConcierge: true });
const normal = bookingFixture({ id: 'b-normal', reference: 'NRM001' });

function api() {
  return stubHostApi((method, path) => {
    if (method !== 'GET') return undefined;
    if (path === '/host/bookings') return { status: 200, body: { items: [offered, normal] } };
    if (path === '/host/experiences') return { status: 200, body: { items: [] } };
    if (path === '/host/bookings/b-offer') return { status: 200, body: offered };
    return undefined;
  });
}

describe('コンシェルジュ経由 (host bookings)', () => {
  it('marks the booking from an offer in the list, and only that one', async () => {
    api();
    renderHost('/host/bookings', signedInHost());
    const rows = await screen.findAllByTestId('booking-row', {}, { timeout: 15_000 });
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('コンシェルジュ経由')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('コンシェルジュ経由')).toBeNull();
  });

  it('marks it in the booking’s detail', async () => {
    api();
    renderHost('/host/bookings?booking=b-offer', signedInHost());
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    expect(await within(dialog).findByText('コンシェルジュ経由')).toBeInTheDocument();
  });
});
