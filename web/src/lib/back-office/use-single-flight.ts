/**
 * One request per back-office action, however fast the clicks (issue 32 item 2), as the guest's pay button does.
 * A mutation's own `isPending` is no guard: TanStack Query publishes it from a `setTimeout`, so a double click lands
 * twice before the button greys out (an approval answered both 「予約を承認しました」 and 「この予約は既に処理されています」).
 * Here a ref refuses a second start synchronously, and `pending` (set in the click's own event, which React renders
 * before the next one) disables the button at once.
 */
import { useCallback, useRef, useState, type FormEvent } from 'react';

export interface SingleFlight {
  /** An action is running: disable its controls. */
  pending: boolean;
  /** Runs `action` unless one is already running (then does nothing and resolves at once). */
  run: (action: () => Promise<unknown>) => Promise<void>;
}

export function useSingleFlight(): SingleFlight {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback(async (action: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await action();
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);
  return { pending, run };
}

/**
 * A form's `onSubmit` that submits once at a time: react-hook-form's `isSubmitting` greys the button a render
 * later, so a second submit in the same moment would otherwise send the form twice.
 */
export function submitOnce(
  flight: SingleFlight,
  submit: (event: FormEvent<HTMLFormElement>) => Promise<unknown>,
): (event: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    event.preventDefault();
    void flight.run(() => submit(event));
  };
}
