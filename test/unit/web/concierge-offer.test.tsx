/**
 * Issue 31: the guest's offer page (`/offer/{token}`, `/ko/offer/{token}`): the concierge's offer and the normal
 * checkout with the guest's details prefilled, paying through `POST /api/offers/{token}/book`; a booked, expired or
 * withdrawn offer (also one that closes while the guest pays) says so and shows no form; an unknown link is not valid.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@testing-library/jest-dom/vitest';
import { AppProviders } from '../../../web/src/app/providers';
import { OfferPage } from '../../../web/src/features/booking/pages/offer-page';
import type { OfferDetail } from '../../../web/src/lib/concierge';
import { I18nProvider, loadWholeCatalogue } from '../../../web/src/lib/i18n/i18n';
import type { Locale } from '../../../web/src/lib/i18n/locales';
import { stubFetch, testConfig } from './support/render';

const OFFER: OfferDetail = {
  id: 'o1',
  token: 'offer-token',
  url: 'https://example.com/offer/offer-token',
  status: 'opened',
  experience: { id: 'e1', title: 'Shimanami cycling', image: '/media/e1.webp' },
  date: '2030-04-12',
  time: '09:00',
  durationMinutes: 180,
  guests: 3,
  totalAmount: 48000,
  message: 'A child seat is ready for you.',
  expiresAt: '2030-04-01T09:00:00.000Z',
  preApproved: false,
  guest: { name: 'Minji Kim', email: 'minji@example.com', locale: 'ko' },
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; body: unknown };

/** The API as the local stack answers it; `book` answers the offer's booking. */
function stubApi(offer: Answer, book?: () => Answer) {
  const calls: Call[] = [];
  let current = offer;
  stubFetch((url, init) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, body });
    if (url.pathname === '/api/offers/tok/book' && init?.method === 'POST') {
      const answer = book!();
      if (answer.status === 409)
        current = { status: 200, body: { ...OFFER, status: 'booked', bookingReference: 'OTHER1' } };
      return answer;
    }
    if (url.pathname === '/api/offers/tok') return current;
    if (url.pathname === '/api/local-payments/confirm')
      return { status: 200, body: { status: 'requires_capture' } };
    if (url.pathname === '/api/bookings/bk-9/payment-confirmed')
      return { status: 200, body: { bookingId: 'bk-9', reference: 'OF7K2P', status: 'pending' } };
    return undefined;
  });
  return calls;
}

function openOffer(locale: Locale) {
  const prefix = locale === 'en' ? '' : `/${locale.toLowerCase()}`;
  const wrap = (element: React.ReactElement) => <I18nProvider locale={locale}>{element}</I18nProvider>;
  const router = createMemoryRouter(
    [
      { path: `${prefix}/offer/:token`, element: wrap(<OfferPage />) },
      { path: `${prefix}/booking-complete`, element: <p>Booking complete page</p> },
    ],
    { initialEntries: [`${prefix}/offer/tok`] },
  );
  render(
    <AppProviders config={testConfig}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const CREATED = {
  status: 201,
  body: {
    bookingId: 'bk-9',
    reference: 'OF7K2P',
    status: 'awaiting_payment',
    amount: 48000,
    currency: 'JPY',
    payment: { provider: 'local', clientSecret: 'pi_local_9_secret' },
  },
};

const field = (name: RegExp) => screen.getByRole('textbox', { name });

async function fillAndPay(user: ReturnType<typeof userEvent.setup>, payLabel: string) {
  await user.type(field(/^Phone|^전화/), '90-1234-5678');
  const korean = payLabel !== 'Book and pay';
  await user.type(screen.getByRole('combobox', { name: /^Nationality|^국적/ }), korean ? '일본' : 'Japa');
  await user.click(await screen.findByRole('option', { name: korean ? '일본' : 'Japan' }));
  await user.type(field(/^Card number|^카드 번호/), '4242 4242 4242 4242');
  await user.type(field(/^Expiry|^유효/), '1239');
  await user.type(field(/^CVC/), '123');
  const pay = screen.getByRole('button', { name: payLabel });
  await waitFor(() => expect(pay).toBeEnabled());
  await user.click(pay);
}

vi.setConfig({ testTimeout: 60_000 });
beforeAll(() => loadWholeCatalogue('ko'));
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('offer page: an open offer', () => {
  it('shows the offer, prefills the guest, books it through the offer route and ends on the confirmation', async () => {
    const calls = stubApi({ status: 200, body: OFFER }, () => CREATED);
    const user = userEvent.setup({ delay: null });
    const router = openOffer('en');
    await screen.findByRole('heading', { level: 1, name: 'Your offer from our concierge' });
    const summary = screen.getByRole('region', { name: 'Offer' });
    expect(summary).toHaveTextContent('Shimanami cycling');
    expect(summary).toHaveTextContent('09:00–12:00 (Japan time)');
    expect(summary).toHaveTextContent('3 people');
    expect(screen.getByTestId('offer-total')).toHaveTextContent('¥48,000');
    expect(screen.getByRole('region', { name: 'Message from the concierge' })).toHaveTextContent(
      'A child seat is ready for you.',
    );
    expect(screen.getByText(/valid until .*2030.*18:00 \(Japan time\)/)).toBeInTheDocument();
    expect(field(/^First name/)).toHaveValue('Minji');
    expect(field(/^Last name/)).toHaveValue('Kim');
    expect(field(/^Email/)).toHaveValue('minji@example.com');
    expect(field(/^Confirm email/)).toHaveValue('minji@example.com');

    await fillAndPay(user, 'Book and pay');
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-complete'), { timeout: 4000 });
    const book = calls.find((c) => c.path === '/api/offers/tok/book');
    expect(book?.body).toMatchObject({
      guest: { firstName: 'Minji', lastName: 'Kim', email: 'minji@example.com', nationality: 'Japan' },
      guestLocale: 'en',
    });
    // The normal flow after the booking: the card is authorised, then the booking is confirmed as paid.
    expect(calls.map((c) => c.path)).toContain('/api/bookings/bk-9/payment-confirmed');
    expect(calls.some((c) => c.path === '/api/bookings')).toBe(false);
    expect(router.state.location.state).toMatchObject({ reference: 'OF7K2P', email: 'minji@example.com' });
  });

  it('an offer booked by someone else meanwhile (409 offer_not_open) says so in Korean and leaves no form', async () => {
    stubApi({ status: 200, body: OFFER }, () => ({
      status: 409,
      body: { error: { code: 'offer_not_open', message: 'This offer has already been booked.' } },
    }));
    const user = userEvent.setup({ delay: null });
    openOffer('ko');
    await screen.findByRole('heading', { level: 1, name: '컨시어지의 오퍼' });
    await fillAndPay(user, '예약하고 결제하기');
    await screen.findByRole('heading', { level: 1, name: '이미 예약된 오퍼입니다' });
    expect(screen.queryByRole('button', { name: '예약하고 결제하기' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/already been booked/);
  });
});

describe('offer page: what the guest is told about the host', () => {
  it('a pre-approved offer says the booking is confirmed once the card is authorised; another says the host confirms', async () => {
    stubApi({ status: 200, body: { ...OFFER, preApproved: true } });
    openOffer('en');
    await screen.findByRole('heading', { level: 1, name: 'Your offer from our concierge' });
    expect(screen.getByText(/The host has already agreed/)).toBeInTheDocument();
    expect(screen.queryByText(/the host confirms your booking within 48 hours/)).toBeNull();
    cleanup();

    stubApi({ status: 200, body: OFFER });
    openOffer('ko');
    await screen.findByRole('heading', { level: 1, name: '컨시어지의 오퍼' });
    expect(screen.getByText(/호스트가 48시간 이내에 예약을 확정합니다/)).toBeInTheDocument();
  });
});

describe('offer page: an offer that can no longer be booked', () => {
  it('booked: says so with the reference and points to Manage Booking', async () => {
    stubApi({ status: 200, body: { ...OFFER, status: 'booked', bookingReference: 'OF7K2P' } });
    openOffer('en');
    await screen.findByRole('heading', { level: 1, name: 'This offer has been booked' });
    expect(screen.getByText('Booking reference: OF7K2P')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Booking' })).toHaveAttribute(
      'href',
      '/booking-confirmation',
    );
    expect(screen.queryByRole('textbox', { name: /^First name/ })).toBeNull();
  });

  it('expired: says until when it was valid, in Korean, with no form', async () => {
    stubApi({ status: 200, body: { ...OFFER, status: 'expired' } });
    openOffer('ko');
    await screen.findByRole('heading', { level: 1, name: '기한이 지난 오퍼입니다' });
    expect(screen.getByText(/18:00\(일본 시간\)까지 유효했으며/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '컨시어지에게 문의하기' })).toHaveAttribute(
      'href',
      '/ko/contact',
    );
    expect(screen.queryByRole('button', { name: '예약하고 결제하기' })).toBeNull();
  });

  it('withdrawn: says the concierge withdrew it, with no form', async () => {
    stubApi({ status: 200, body: { ...OFFER, status: 'withdrawn' } });
    openOffer('en');
    await screen.findByRole('heading', { level: 1, name: 'This offer was withdrawn' });
    expect(screen.getByText(/The concierge has withdrawn this offer/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book and pay' })).toBeNull();
  });

  it('an unknown link is not valid', async () => {
    stubApi({ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
    openOffer('en');
    await screen.findByRole('heading', { level: 1, name: 'This link is not valid' });
    expect(screen.getByRole('link', { name: 'Contact the concierge' })).toHaveAttribute('href', '/contact');
  });
});
