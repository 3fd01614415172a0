import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BookingRequestForm } from '../../../web/src/features/experience-detail/components/booking-request-form';
import { renderWithApp, stubFetch } from './support/render';

/** 10 January 2030, 09:00 in Tokyo: the bookable window starts on the 13th. */
const NOW = new Date('2030-01-10T00:00:00Z');
const EXPERIENCE = { id: 'exp-1', price: 12000, participantsMin: 2, participantsMax: 4 };
const AVAILABLE: Record<string, string[]> = { '2030-01-15': ['09:00', '10:00'], '2030-01-20': ['14:00'] };

function setup(available: Record<string, string[]> = AVAILABLE) {
  const calls = stubFetch((url) => {
    if (url.pathname === '/api/experiences/exp-1/availability') {
      const from = url.searchParams.get('from')!;
      const to = url.searchParams.get('to')!;
      const dates = Object.fromEntries(Object.entries(available).filter(([d]) => d >= from && d <= to));
      return { status: 200, body: { timeZone: 'Asia/Tokyo', dates } };
    }
    return undefined;
  });
  const user = userEvent.setup({ delay: null });
  const view = renderWithApp(<BookingRequestForm experience={EXPERIENCE} now={NOW} />, {
    extraRoutes: [{ path: '/booking-form', element: <p>Booking Information page</p> }],
  });
  return { user, calls, ...view };
}

const day = (n: number) => screen.getByRole('gridcell', { name: String(n) });

// Typing whole forms through MUI in jsdom takes seconds on a busy 2-core machine; 5 s is too tight.
vi.setConfig({ testTimeout: 30_000 });

describe('booking request form (guest spec §2, §5)', () => {
  it('asks for the whole bookable window and enables only the days with a free slot', async () => {
    const { calls } = setup();
    await screen.findByRole('gridcell', { name: '15' }, { timeout: 10_000 });
    const availability = calls.find((u) => u.pathname.endsWith('/availability'))!;
    expect(availability.searchParams.get('from')).toBe('2030-01-13');
    // 85 days ahead: what Stripe lets a platform hold before paying the host (DESIGN §4g).
    expect(availability.searchParams.get('to')).toBe('2030-04-05');
    expect(day(15)).toBeEnabled();
    expect(day(20)).toBeEnabled();
    expect(day(16)).toBeDisabled();
    expect(day(12)).toBeDisabled();
  });

  it('opens on the month of the first free day when this month has none (a day tour booked up for weeks)', async () => {
    setup({ '2030-02-06': ['08:00'] });
    await screen.findByText(/February 2030/, {}, { timeout: 10_000 });
    expect(await screen.findByRole('gridcell', { name: '6' })).toBeEnabled();
  });

  it('offers the start times once a date is picked and clears the time when the date changes', async () => {
    const { user } = setup();
    await screen.findByRole('gridcell', { name: '15' }, { timeout: 10_000 });
    expect(screen.queryByRole('combobox', { name: 'Start time' })).not.toBeInTheDocument();

    await user.click(day(15));
    await user.click(screen.getByRole('combobox', { name: 'Start time' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    // Each start as the tour's span (an hour-long tour here).
    expect(options.map((o) => o.textContent)).toEqual(['09:00–10:00', '10:00–11:00']);
    await user.click(options[1]!);
    expect(screen.getByRole('combobox', { name: 'Start time' })).toHaveTextContent('10:00');

    await user.click(day(20));
    expect(screen.getByRole('combobox', { name: 'Start time' })).not.toHaveTextContent('10:00');
    await user.click(screen.getByRole('combobox', { name: 'Start time' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['14:00–15:00']);
  });

  it("offers the experience's participant range as '2 people'…'4 people' starting at the minimum, and prices it", async () => {
    const { user } = setup();
    const participants = await screen.findByRole('combobox', { name: 'Participants' });
    expect(participants).toHaveTextContent('2 people');
    expect(screen.getByTestId('request-total')).toHaveTextContent('¥24,000');
    await user.click(participants);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['2 people', '3 people', '4 people']);
    await user.click(options[2]!);
    expect(screen.getByTestId('request-total')).toHaveTextContent('¥48,000');
  });

  it("shows the 'Please fill in all required fields' toast when Next is pressed without a time", async () => {
    const { user, router } = setup();
    await screen.findByRole('gridcell', { name: '15' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Next imports the form's schema first (its own chunk): on a busy machine that takes more than a second.
    const toast = await screen.findByTestId('toast', {}, { timeout: 10_000 });
    // Titled in the page's language, not 「エラー」 (issue 32 item 6).
    expect(toast).toHaveTextContent(/^Error/);
    expect(toast).not.toHaveTextContent('エラー');
    expect(toast).toHaveTextContent('Please fill in all required fields');

    await user.click(day(15));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Please fill in all required fields');
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes to Booking Information with the chosen slot, or says the slot cannot be booked when it went meanwhile', async () => {
    const available = { ...AVAILABLE };
    const { user, router } = setup(available);
    await screen.findByRole('gridcell', { name: '15' }, { timeout: 10_000 });
    await user.click(day(15));
    await user.click(screen.getByRole('combobox', { name: 'Start time' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: '09:00–10:00' }));

    // Taken by someone else between the page load and the click.
    available['2030-01-15'] = ['10:00'];
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'The selected time slot cannot be booked. Please choose another time',
    );
    expect(router.state.location.pathname).toBe('/');

    await user.click(screen.getByRole('combobox', { name: 'Start time' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: '10:00–11:00' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Booking Information page');
    expect(router.state.location.state).toEqual({
      bookingData: {
        experienceId: 'exp-1',
        date: '2030-01-15',
        time: '10:00',
        guests: 2,
        language: 'en',
        unitPrice: 12000,
        totalPrice: 24000,
      },
    });
  });
});
