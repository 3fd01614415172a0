/**
 * Issue 29: the lookup page's cancellation asks for the code mailed to the booking's address, inside the dialog
 * that quotes the refund: a button sends the code, a field takes it, the guest can send a new one, and a wrong code
 * is said in the page's language.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LookupBookingResult } from '@domain/booking-views';
import { ManageBookingPage } from '../../../web/src/features/manage-booking/pages/manage-booking-page';
import { lookupResult } from './support/lookup-result';
import { renderWithApp, stubFetch } from './support/render';

/** The lookup's answer for an approved booking that a cancellation now refunds in full. */
const lookup = (patch: Partial<LookupBookingResult['booking']> = {}): LookupBookingResult => ({
  ...lookupResult({
    status: 'approved',
    cancellation: { allowed: true, refundPercentage: 100, refundAmount: 24000 },
    ...patch,
  }),
  experience: null,
});

interface Sent {
  path: string;
  body: unknown;
}

function setup(cancelAnswer: (code: string) => { status: number; body: unknown }) {
  const sent: Sent[] = [];
  let cancelled = false;
  stubFetch((url, init) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : undefined;
    if (init?.method === 'POST') sent.push({ path: url.pathname, body });
    if (url.pathname === '/api/bookings/lookup') {
      return {
        status: 200,
        body: cancelled
          ? lookup({
              status: 'cancelled',
              cancelledBy: 'guest',
              refundAmount: 24000,
              refundStatus: 'succeeded',
              cancellation: { allowed: false, refundPercentage: 0, refundAmount: 0, reason: 'final' },
            })
          : lookup(),
      };
    }
    if (url.pathname === '/api/bookings/cancel-code') return { status: 202, body: {} };
    if (url.pathname === '/api/bookings/cancel') {
      const answer = cancelAnswer(body!.code ?? '');
      if (answer.status === 200) cancelled = true;
      return answer;
    }
    return undefined;
  });
  const user = userEvent.setup({ delay: null });
  renderWithApp(<ManageBookingPage />);
  return { user, sent };
}

async function openCancelDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'hanako@example.com');
  await user.type(screen.getByRole('textbox', { name: /^Booking ID/ }), 'TV9DU6');
  await user.click(screen.getByRole('button', { name: 'Check My Booking' }));
  await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
  return screen.getByRole('dialog', { name: 'Cancel this booking?' });
}

describe('cancelling from the lookup page with the mailed code', () => {
  it('sends the code, takes it, and cancels with it; the page then shows the cancellation', async () => {
    const { user, sent } = setup((code) =>
      code === '482913'
        ? { status: 200, body: { status: 'cancelled', refundAmount: 24000, chargedAmount: 24000 } }
        : { status: 403, body: { error: { code: 'invalid_code', message: 'The code is not valid.' } } },
    );
    const dialog = await openCancelDialog(user);
    // The refund is quoted in the dialog, the code comes before anything can be cancelled.
    expect(dialog).toHaveTextContent('24,000 (100%) will be refunded');
    expect(screen.queryByRole('textbox', { name: 'Code from the e-mail' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText(/We have sent a code/)).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({
      path: '/api/bookings/cancel-code',
      body: { email: 'hanako@example.com', reference: 'TV9DU6' },
    });

    const field = screen.getByRole('textbox', { name: 'Code from the e-mail' });
    const confirm = screen.getAllByRole('button', { name: 'Cancel booking' }).at(-1)!;
    expect(confirm).toBeDisabled();
    await user.type(field, '111111');
    await user.click(confirm);
    expect(await screen.findByText(/The code is not valid\. Check the code/)).toBeInTheDocument();

    // A new code can be sent; the guest types the one that arrived.
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(sent.filter((s) => s.path === '/api/bookings/cancel-code')).toHaveLength(2));
    await user.clear(field);
    await user.type(field, '482 913');
    await user.click(confirm);
    expect(await screen.findByTestId('cancellation-summary')).toHaveTextContent('cancelled by you');
    expect(sent.filter((s) => s.path === '/api/bookings/cancel').at(-1)!.body).toEqual({
      email: 'hanako@example.com',
      reference: 'TV9DU6',
      code: '482913',
    });
  }, 60_000);
});
