import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CANCELLATION_POLICY } from '../../../scripts/seed/experiences';
import { CancellationPolicy } from '../../../web/src/components/cancellation-policy';
import { renderWithApp } from './support/render';

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('CancellationPolicy', () => {
  it('shows an experience’s own policy once: its text already holds the standard terms', async () => {
    const { container } = renderWithApp(<CancellationPolicy policy={DEFAULT_CANCELLATION_POLICY} />);
    expect(screen.getByText(/^Whether a weather-related cancellation is needed/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'see more' }));
    const text = container.textContent ?? '';
    for (const term of [
      'Refund handling fees',
      'billing closing date',
      'decided by the evening before',
      'rain',
    ]) {
      expect(occurrences(text, term), term).toBe(1);
    }
    expect(screen.getByText(/Refund handling fees are borne by the customer/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'close' })).toBeInTheDocument();
  });

  it('without a policy of the experience’s own, shows the default rule and the standard terms', async () => {
    const { container } = renderWithApp(<CancellationPolicy policy={null} />);
    expect(
      screen.getByText('Free cancellation up to 7 days before the experience (100% refund).'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'see more' }));
    expect(occurrences(container.textContent ?? '', 'Refund handling fees')).toBe(1);
    expect(screen.getByText('Tours run in rain.')).toBeVisible();
  });

  it('leads with the refund rule in words and shows the host’s own text as the host’s notes (one policy)', async () => {
    renderWithApp(
      <CancellationPolicy
        policy={DEFAULT_CANCELLATION_POLICY}
        rule={[{ daysBefore: 3, refundPercentage: 50 }]}
      />,
    );
    const section = screen.getByRole('region', { name: 'Cancellation policy' });
    expect(section.textContent?.indexOf('50% refund up to 3 days before the start')).toBeLessThan(
      section.textContent?.indexOf('Whether a weather-related') ?? -1,
    );
    await userEvent.click(screen.getByRole('button', { name: 'see more' }));
    expect(screen.getByRole('heading', { name: 'Notes from the host' })).toBeVisible();
    expect(screen.getByText(/^Whether a weather-related cancellation is needed/)).toBeVisible();
    // The marketplace's general terms are not added to a host's own notes.
    expect(screen.queryByText('Tours run in rain.')).toBeNull();
  });

  it('has nothing to expand for a one-sentence policy', () => {
    renderWithApp(<CancellationPolicy policy="No refunds after booking." />);
    expect(screen.getByText('No refunds after booking.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'see more' })).toBeNull();
  });
});
