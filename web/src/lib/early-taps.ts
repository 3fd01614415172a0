/**
 * Taps made before hydration are not lost (issue 34). A prerendered page shows its controls before their code has
 * run; `web/public/early-taps.js` (loaded async from `index.html`, before the app's scripts) keeps a tap on a
 * control marked `data-early-tap="<key>"` (a choice, for a `<select>`) that React does not handle yet. When the
 * control that handles `<key>` mounts (hydrated, or rendered once its code has loaded), `useEarlyTap` hands it what
 * was kept, once. Taps on links need nothing: they are real links.
 *
 * The keeper is a plain file loaded async from `index.html` because it must run before the app's scripts have
 * arrived and the site's CSP allows no inline script. It keeps a tap only where React has no handler on the
 * element yet (no `onClick`/`onChange` in React's props on the node), so a tap is either handled by React or kept,
 * never both; the latest tap per key wins.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

export interface EarlyTap {
  key: string;
  /** The chosen value of a `<select>`; null for a button. */
  value: string | null;
}

declare global {
  interface Window {
    __earlyTaps?: EarlyTap[];
  }
}

/** The attribute that marks a control whose early taps are kept. */
export const earlyTap = (key: string) => ({ 'data-early-tap': key });

/**
 * Keeps a tap on a stand-in whose real control is still loading (the booking form's placeholder "Next", hydrated but
 * without the form's code): the control replays it with `useEarlyTap` once it mounts, as a tap before hydration.
 */
export function keepTap(key: string, value: string | null = null): void {
  if (typeof window === 'undefined') return;
  const kept = (window.__earlyTaps ??= []);
  for (let i = kept.length - 1; i >= 0; i--) if (kept[i]!.key === key) kept.splice(i, 1);
  kept.push({ key, value });
}

/** Takes the kept taps of `key` (the latest one), so that no other mount replays them again. */
export function takeEarlyTap(key: string): EarlyTap | undefined {
  const kept = typeof window === 'undefined' ? undefined : window.__earlyTaps;
  if (!kept) return undefined;
  const index = kept.findIndex((tap) => tap.key === key);
  if (index < 0) return undefined;
  return kept.splice(index, 1)[0];
}

/**
 * Takes the kept taps whose key starts with `prefix` (a row of controls with one replay, such as the producers' 'Read
 * more' buttons) and returns the latest of them.
 */
export function takeLatestEarlyTap(prefix: string): EarlyTap | undefined {
  const kept = typeof window === 'undefined' ? undefined : window.__earlyTaps;
  let latest: EarlyTap | undefined;
  for (let i = (kept?.length ?? 0) - 1; i >= 0; i--) {
    if (!kept![i]!.key.startsWith(prefix)) continue;
    latest ??= kept![i];
    kept!.splice(i, 1);
  }
  return latest;
}

/** Replays, once the component is on screen with its handlers, the tap kept for `key` (if any). */
export function useEarlyTap(key: string, replay: (value: string | null) => void): void {
  const latest = useRef(replay);
  useEffect(() => {
    latest.current = replay;
  });
  useEffect(() => {
    const tap = takeEarlyTap(key);
    if (tap) latest.current(tap.value);
  }, [key]);
}

/**
 * Words typed into a field of the server's page before it hydrated are the guest's: hydration leaves them in the
 * field but not in the component's state, so the next render would clear them and a submit would read nothing.
 * Hands the field's value to `adopt` once the field is on screen with its handlers, if it differs from `initial`.
 */
export function useTypedBeforeHydration(
  field: RefObject<HTMLInputElement | null>,
  initial: string,
  adopt: (typed: string) => void,
): void {
  useLayoutEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== initial) adopt(typed);
  }, [field, initial, adopt]);
}
