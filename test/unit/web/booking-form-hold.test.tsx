/**
 * Audit item 3 in the booking form: after a declined card the guest's hold survives a reload (the form resumes it:
 * same booking, same details, no "no longer available"), and a guest who leaves the form gives it back at once.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingData } from '../../../web/src/lib/booking-data';
import { BookingFormPage } from '../../../web/src/features/booking/pages/booking-form-page';
import { makeExperience } from '../../support/fakes/fixtures';
import type { AppConfig } from '../../../web/src/lib/config';
import { renderWithApp, stubFetch, testConfig } from './support/render';

const DATA: BookingData = {
  experienceId: 'e1',
  date: '2030-01-15',
  time: '10:00',
  guests: 2,
  language: 'ja',
  unitPrice: 5000,
  totalPrice: 10000,
};
const SECRET = 'pi_local_abc_secret_xyz';

interface Call {
  method: string;
  path: string;
  body: unknown;
  keepalive: boolean | undefined;
}

/** The API as the local stack answers it: the slot is free until this guest holds it. */
function stubApi(cards: { declined: boolean }) {
  const calls: Call[] = [];
  let held = false;
  stubFetch((url, init) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, body, keepalive: init?.keepalive });
    if (url.pathname === '/api/experiences/e1') {
      return { status: 200, body: makeExperience({ id: 'e1', price: 5000, title: 'Tea ceremony' }) };
    }
    if (url.pathname === '/api/experiences/e1/availability') {
      return {
        status: 200,
        body: { timeZone: 'Asia/Tokyo', dates: held ? {} : { '2030-01-15': ['10:00'] } },
      };
    }
    if (url.pathname === '/api/bookings' && init?.method === 'POST') {
      held = true;
      return {
        status: 201,
        body: {
          bookingId: 'bk-1',
          reference: 'TV9DU6',
          status: 'awaiting_payment',
          amount: 10000,
          currency: 'JPY',
          payment: { provider: 'local', clientSecret: SECRET },
        },
      };
    }
    if (url.pathname === '/api/local-payments/confirm') {
      return cards.declined
        ? { status: 402, body: { error: { code: 'card_declined', message: 'Your card was declined.' } } }
        : { status: 200, body: { status: 'requires_capture' } };
    }
    if (url.pathname === '/api/bookings/bk-1/payment-confirmed') {
      return { status: 200, body: { bookingId: 'bk-1', reference: 'TV9DU6', status: 'pending' } };
    }
    if (url.pathname === '/api/bookings/bk-1/release') {
      held = false;
      return { status: 200, body: { bookingId: 'bk-1', status: 'cancelled' } };
    }
    return undefined;
  });
  return calls;
}

function openForm(config: AppConfig = testConfig) {
  return renderWithApp(<BookingFormPage />, {
    config,
    path: '/booking-form',
    initialEntry: '/booking-form',
    extraRoutes: [
      { path: '/experience/:id', element: <p>Experience page</p> },
      { path: '/booking-complete', element: <p>Booking complete page</p> },
    ],
  });
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

async function payWith(user: ReturnType<typeof userEvent.setup>, cardNumber: string) {
  await user.type(field(/^Card number/), cardNumber);
  await user.type(field(/^Expiry/), '1239');
  await user.type(field(/^CVC/), '123');
  const confirm = screen.getByRole('button', { name: 'Confirm Booking Request' });
  await waitFor(() => expect(confirm).toBeEnabled());
  await user.click(confirm);
}

async function declinedBooking(cards: { declined: boolean }) {
  sessionStorage.clear();
  sessionStorage.setItem('booking-data', JSON.stringify(DATA));
  const calls = stubApi(cards);
  const user = userEvent.setup({ delay: null });
  const view = openForm();
  await screen.findByRole('heading', { name: 'Booking Information' });
  await user.type(field(/^First name/), 'Hanako');
  await user.type(field(/^Last name/), 'Tester');
  await user.type(field(/^Email/), 'hanako@example.com');
  await user.type(field(/^Confirm email/), 'hanako@example.com');
  await user.type(field(/^Phone/), '90-1234-5678');
  await user.type(screen.getByRole('combobox', { name: /^Nationality/ }), 'Japa');
  await user.click(await screen.findByRole('option', { name: 'Japan' }));
  await payWith(user, '4000 0000 0000 0002');
  await screen.findByTestId('payment-error');
  return { calls, user, view };
}

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('booking form: the guest’s own hold', () => {
  it('after a declined card, a reload resumes the same hold with the guest’s details, and another card completes it', async () => {
    const cards = { declined: true };
    const { calls } = await declinedBooking(cards);
    expect(calls.filter((c) => c.path === '/api/bookings')).toHaveLength(1);

    // Reload: the browser announces the page is going away, then its state is gone; sessionStorage is not.
    window.dispatchEvent(new Event('pagehide'));
    cleanup();
    window.dispatchEvent(new Event('pageshow'));
    cards.declined = false;
    const user = userEvent.setup({ delay: null });
    // This deployment has analytics on (guest spec §4's booking_request_complete event).
    openForm({ ...testConfig, analytics: { enabled: true, gtmContainerId: 'GTM-AB12CD' } });
    await screen.findByRole('heading', { name: 'Booking Information' });
    expect(await screen.findByText(/Your time slot is held for you/)).toBeInTheDocument();
    expect(field(/^First name/)).toHaveValue('Hanako');
    expect(field(/^Phone/)).toHaveValue('+81 90 1234 5678');
    // The slot is the guest's own: the page does not send them back with "no longer available".
    expect(screen.queryByText('The selected date and time are no longer available.')).toBeNull();

    await payWith(user, '4242 4242 4242 4242');
    await screen.findByText('Booking complete page', {}, { timeout: 5000 });
    // The same booking: no second hold was requested, the same client secret paid.
    expect(calls.filter((c) => c.path === '/api/bookings')).toHaveLength(1);
    const confirms = calls.filter((c) => c.path === '/api/local-payments/confirm');
    expect(confirms.map((c) => (c.body as { clientSecret: string }).clientSecret)).toEqual([SECRET, SECRET]);
    expect(calls.some((c) => c.path === '/api/bookings/bk-1/payment-confirmed')).toBe(true);
    expect(calls.some((c) => c.path.endsWith('/release'))).toBe(false);
    expect(window.dataLayer).toContainEqual({
      event: 'booking_request_complete',
      price_total: 10000,
      experience_id: 'e1',
    });
  });

  it('a guest who leaves the form gives the slot back at once, with what only their browser holds', async () => {
    const { calls, view } = await declinedBooking({ declined: true });
    await act(() => view.router.navigate('/experience/e1'));
    await screen.findByText('Experience page');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/bookings/bk-1/release')).toBe(true));
    const release = calls.find((c) => c.path === '/api/bookings/bk-1/release')!;
    expect(release).toMatchObject({ method: 'POST', body: { clientSecret: SECRET }, keepalive: true });
    // Nothing is left to resume: coming back to the form starts a new request for the (free again) slot.
    cleanup();
    sessionStorage.setItem('booking-data', JSON.stringify(DATA));
    openForm();
    await screen.findByRole('heading', { name: 'Booking Information' });
    expect(screen.queryByText(/Your time slot is held for you/)).toBeNull();
    expect(field(/^First name/)).toBeEnabled();
  });
});
