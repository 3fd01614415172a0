/**
 * A guest cancels from the lookup page in a real Chromium against the shared local stack: the page shows the
 * refund rule and what cancelling returns, the confirmation dialog repeats it, and after confirming the page
 * shows the booking cancelled by the guest with nothing charged. The booking is the test's own, made over HTTP.
 */
import { openBrowser, screenshot, type BrowserSession } from './support/browser';
import { postJson, uniqueEmail } from './support/guest-flow';

let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser();
});
afterAll(async () => {
  await session?.close();
});

/** A request (`pending`) of the newest experience's latest free slot, paid with the local test card. */
async function requestOverHttp(email: string): Promise<string> {
  const base = session.baseUrl;
  const list = (await (await fetch(`${base}/api/experiences?limit=1`)).json()) as { items: { id: string }[] };
  const experienceId = list.items[0]!.id;
  const experience = (await (await fetch(`${base}/api/experiences/${experienceId}`)).json()) as {
    participantsMin: number;
  };
  const availability = (await (
    await fetch(`${base}/api/experiences/${experienceId}/availability?from=2000-01-01&to=2100-12-31`)
  ).json()) as { dates: Record<string, string[]> };
  const [date, times] = Object.entries(availability.dates).at(-1)!;
  const created = await postJson<{ bookingId: string; reference: string; payment: { clientSecret: string } }>(
    base,
    '/api/bookings',
    {
      experienceId,
      date,
      time: times.at(-1),
      guests: experience.participantsMin,
      language: 'en',
      guest: {
        firstName: 'Ada',
        lastName: 'Cancel',
        email,
        phone: '+44 20 7946 0000',
        nationality: 'United Kingdom',
      },
    },
  );
  expect(created.status).toBe(201);
  const paid = await postJson(base, '/api/local-payments/confirm', {
    clientSecret: created.body.payment.clientSecret,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' },
  });
  expect(paid.status).toBe(200);
  await postJson(base, `/api/bookings/${created.body.bookingId}/payment-confirmed`, {});
  return created.body.reference;
}

describe('guest cancellation from the lookup page', () => {
  it('shows what cancelling returns, asks to confirm, and then shows the booking cancelled', async () => {
    const email = uniqueEmail('cancel');
    const reference = await requestOverHttp(email);
    const page = await session.newPage();
    await page.goto('/booking-confirmation');
    const lookup = page.getByRole('dialog', { name: 'Manage Your Booking' });
    await lookup.getByLabel('Email').fill(email);
    await lookup.getByLabel('Booking ID').fill(reference);
    await lookup.getByRole('button', { name: 'Check My Booking' }).click();
    await page.getByTestId('cancel-quote').waitFor();
    await expect(page.getByTestId('cancel-quote').textContent()).resolves.toContain('you pay nothing');
    await expect(
      page.getByText('Refund rule: Full refund up to 7 days before the start').isVisible(),
    ).resolves.toBe(true);

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(confirm.getByText('you pay nothing').isVisible()).resolves.toBe(true);
    await screenshot(page, 'guest-cancel-confirm-desktop');
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();

    await page.getByTestId('cancellation-summary').waitFor();
    await expect(page.getByTestId('booking-status').textContent()).resolves.not.toBe('Requesting');
    await expect(page.getByTestId('cancellation-summary').textContent()).resolves.toContain(
      'cancelled by you',
    );
    await expect(page.getByTestId('refund-summary').textContent()).resolves.toBe(
      'Your card was not charged.',
    );
    await screenshot(page, 'guest-cancelled-desktop');
    await page.close();
  });
});
