import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CANCELLATION_POLICY } from '../../../scripts/seed/experiences';
import { CancellationPolicy } from '../../../web/src/components/cancellation-policy';
import { renderWithApp } from './support/render';

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('CancellationPolicy', () => {
  it('shows an experience’s own policy once: its text already holds the standard terms', async () => {
    const { container } = renderWithApp(<CancellationPolicy policy={DEFAULT_CANCELLATION_POLICY} />);
    expect(screen.getByText(/^Free cancellation up to 7 days before the experience/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'see more' }));
    const text = container.textContent ?? '';
    for (const term of [
      'Refund handling fees',
      'billing closing date',
      'decided by the day before',
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

  it('has nothing to expand for a one-sentence policy', () => {
    renderWithApp(<CancellationPolicy policy="No refunds after booking." />);
    expect(screen.getByText('No refunds after booking.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'see more' })).toBeNull();
  });
});
