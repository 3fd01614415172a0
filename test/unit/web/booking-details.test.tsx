import { screen, within } from '@testing-library/react';
import { BookingSummaryCard } from '../../../web/src/features/booking/components/booking-summary-card';
import { BookingDetails } from '../../../web/src/features/manage-booking/components/booking-details';
import { lookupResult as result } from './support/lookup-result';
import { renderWithApp } from './support/render';

const row = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: 'p' }).nextElementSibling?.textContent;

describe('BookingDetails', () => {
  it('shows the tour language as a field of the booking', () => {
    renderWithApp(<BookingDetails result={result()} />);
    const summary = screen.getByRole('region', { name: 'Booking summary' });
    expect(row(summary, 'Tour language')).toBe('Japanese');
    renderWithApp(<BookingDetails result={result({ language: 'en' })} />);
    expect(row(screen.getAllByRole('region', { name: 'Booking summary' })[1]!, 'Tour language')).toBe(
      'English',
    );
  });

  it('shows the booking date with its weekday, as the mails do', () => {
    renderWithApp(<BookingDetails result={result()} />);
    expect(row(screen.getByRole('region', { name: 'Booking summary' }), 'Date')).toBe('2026-12-04 (Fri)');
  });
});

describe('BookingDetails phone', () => {
  it('shows the stored E.164 phone in the international format', () => {
    renderWithApp(<BookingDetails result={result()} />);
    const details = screen.getByRole('region', { name: 'Booking details' });
    expect(row(details, 'Phone')).toBe('+81 90 1234 5678');
  });
});

describe('BookingSummaryCard', () => {
  it('shows the chosen date with its weekday', () => {
    renderWithApp(
      <BookingSummaryCard
        durationMinutes={60}
        data={{
          experienceId: 'e1',
          date: '2026-12-05',
          time: '10:00',
          guests: 2,
          language: 'en',
          unitPrice: 12000,
          totalPrice: 24000,
        }}
        title="Tea ceremony"
        image={undefined}
      />,
    );
    const summary = screen.getByRole('region', { name: 'Booking summary' });
    expect(within(summary).getByText('Date').nextElementSibling?.textContent).toBe('2026-12-05 (Sat)');
  });
});
