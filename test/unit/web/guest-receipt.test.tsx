/**
 * Issue 28: the lookup page offers the receipt once something was charged: an addressee and a purpose checked with
 * the request's own schema, a download with a progress indicator, and every refusal (nothing charged, too many
 * requests) said in the page's language.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LookupBookingResult } from '@domain/booking-views';
import { receiptAvailable } from '@domain/booking-views';
import { ManageBookingPage } from '../../../web/src/features/manage-booking/pages/manage-booking-page';
import { lookupResult } from './support/lookup-result';
import { renderWithApp, stubFetch } from './support/render';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

function setup(booking: Partial<LookupBookingResult['booking']>, receiptAnswer: () => Answer) {
  const sent: unknown[] = [];
  stubFetch((url, init) => {
    if (url.pathname === '/api/bookings/lookup') return { status: 200, body: lookupResult(booking) };
    if (url.pathname === '/api/bookings/receipt') {
      sent.push(JSON.parse(String(init?.body)));
      return receiptAnswer();
    }
    return undefined;
  });
  // jsdom has no object URLs; the download itself is the anchor's click.
  URL.createObjectURL = vi.fn(() => 'blob:receipt');
  URL.revokeObjectURL = vi.fn();
  const clicked: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  const user = userEvent.setup({ delay: null });
  renderWithApp(<ManageBookingPage />);
  return { user, sent, clicked };
}

async function lookUp(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'hanako@example.com');
  await user.type(screen.getByRole('textbox', { name: /^Booking ID/ }), 'TV9DU6');
  await user.click(screen.getByRole('button', { name: 'Check My Booking' }));
  await screen.findByTestId('booking-status');
  // The page is hidden from the accessibility tree until the dialog has gone.
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

const pdfAnswer = (): Answer => ({
  status: 200,
  body: '%PDF-1.3',
  headers: { 'content-type': 'application/pdf' },
});

afterEach(() => vi.restoreAllMocks());

describe('the receipt on the lookup page', () => {
  it('downloads the PDF with the addressee and purpose typed, the experience when the purpose is blank', async () => {
    const { user, sent, clicked } = setup({ status: 'approved' }, pdfAnswer);
    await lookUp(user);
    const section = screen.getByRole('region', { name: 'Receipt (領収書)' });
    expect(section).toHaveTextContent('Leave blank for “Tea ceremony in Matsuyama”');
    expect(section).toHaveTextContent('Leave blank for Hanako Tester');
    await user.type(screen.getByRole('textbox', { name: 'Addressee (宛名)' }), '  株式会社みかん ');
    await user.click(screen.getByRole('button', { name: 'Download receipt' }));
    await waitFor(() => expect(clicked).toEqual(['receipt-TV9DU6.pdf']));
    expect(sent).toEqual([
      { email: 'hanako@example.com', reference: 'TV9DU6', addressee: '株式会社みかん', purpose: '' },
    ]);
  }, 60_000);

  it('checks the fields with the request schema: 60 characters at most, no line breaks', async () => {
    const { user, sent } = setup({ status: 'completed' }, pdfAnswer);
    await lookUp(user);
    const purpose = screen.getByRole('textbox', { name: 'Purpose (但し書き)' });
    await user.type(purpose, 'x'.repeat(61));
    expect(screen.getByText('At most 60 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download receipt' })).toBeDisabled();
    await user.clear(purpose);
    expect(screen.getByRole('button', { name: 'Download receipt' })).toBeEnabled();
    expect(sent).toEqual([]);
  }, 60_000);

  it('says a 409 (nothing charged) and a 429 in the page’s language', async () => {
    let answer: Answer = {
      status: 409,
      body: { error: { code: 'state_conflict', message: 'Nothing was charged for this booking.' } },
    };
    const { user } = setup({ status: 'approved' }, () => answer);
    await lookUp(user);
    await user.click(screen.getByRole('button', { name: 'Download receipt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no receipt for this booking');
    answer = {
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Too many attempts' } },
      headers: { 'retry-after': '60' },
    };
    await user.click(screen.getByRole('button', { name: 'Download receipt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a few minutes',
    );
  }, 60_000);

  it('is not offered before a charge', async () => {
    const { user } = setup({ status: 'pending' }, pdfAnswer);
    await lookUp(user);
    expect(screen.queryByRole('region', { name: 'Receipt (領収書)' })).toBeNull();
  }, 60_000);
});

describe('receiptAvailable', () => {
  const view = (patch: Partial<LookupBookingResult['booking']>) => ({
    status: 'approved' as const,
    amount: 24_000,
    refundAmount: null,
    refundStatus: null,
    ...patch,
  });
  it.each([
    [view({}), true],
    [view({ status: 'completed' }), true],
    [view({ status: 'pending' }), false],
    [view({ status: 'denied' }), false],
    [view({ status: 'expired' }), false],
    [view({ status: 'cancelled' }), false],
    [view({ status: 'cancelled', refundStatus: 'succeeded', refundAmount: 24_000 }), false],
    [view({ status: 'cancelled', refundStatus: 'succeeded', refundAmount: 5_000 }), true],
    [view({ status: 'cancelled', refundStatus: 'succeeded', refundAmount: 0 }), true],
    [view({ status: 'cancelled', refundStatus: 'pending', refundAmount: 5_000 }), false],
    [view({ amount: 0 }), false],
  ])('%o → %s', (booking, expected) => expect(receiptAvailable(booking)).toBe(expected));
});
