/**
 * Issue 32 item 2: a back-office action runs once however fast the clicks. Two clicks in the same moment (before
 * React redraws) start one request, the button is disabled until it settles, and a later click starts another.
 */
import { act, render, screen } from '@testing-library/react';
import '@testing-library/jest-dom/vitest';
import { useSingleFlight } from '../../../web/src/lib/back-office/use-single-flight';

function Approve({ action }: { action: () => Promise<void> }) {
  const flight = useSingleFlight();
  return (
    <button type="button" disabled={flight.pending} onClick={() => void flight.run(action)}>
      承認する
    </button>
  );
}

it('two clicks in the same moment run the action once; the button is disabled while it runs', async () => {
  let finish: () => void = () => {};
  const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  render(<Approve action={action} />);
  const button = screen.getByRole('button', { name: '承認する' });
  act(() => {
    button.click();
    button.click();
  });
  expect(action).toHaveBeenCalledTimes(1);
  expect(button).toBeDisabled();
  await act(async () => finish());
  expect(button).toBeEnabled();
  act(() => button.click());
  expect(action).toHaveBeenCalledTimes(2);
});

it('a failed action frees the button again', async () => {
  const action = vi.fn(() => Promise.reject(new Error('409')));
  function Failing() {
    const flight = useSingleFlight();
    return (
      <button
        type="button"
        disabled={flight.pending}
        onClick={() => void flight.run(action).catch(() => undefined)}
      >
        再送
      </button>
    );
  }
  render(<Failing />);
  const button = screen.getByRole('button', { name: '再送' });
  await act(async () => button.click());
  expect(button).toBeEnabled();
  expect(action).toHaveBeenCalledTimes(1);
});
