import { useEffect, useState } from 'react';

/** Loaders already shown in this visit (this page load of the app), by name. */
const shownThisVisit = new Set<string>();

/**
 * Guest spec §2 and §9: the home and landing loaders show at least `minMs` (so the page does not flash) and never
 * longer than `maxMs` (a slow API must not hold the whole page hostage). Returns `true` while the loader shows.
 *
 * A loader greets the guest on the first load of a visit only (`once`, its name): coming back to the page later
 * (the logo, Back) shows the page at once, with whatever data is cached, instead of another 1–3 s curtain.
 */
export function useMinDurationLoader(ready: boolean, once: string, minMs = 1000, maxMs = 3000): boolean {
  const [seenBefore] = useState(() => shownThisVisit.has(once));
  const [minElapsed, setMinElapsed] = useState(false);
  const [maxElapsed, setMaxElapsed] = useState(false);
  useEffect(() => {
    shownThisVisit.add(once);
    if (seenBefore) return;
    const min = setTimeout(() => setMinElapsed(true), minMs);
    const max = setTimeout(() => setMaxElapsed(true), maxMs);
    return () => {
      clearTimeout(min);
      clearTimeout(max);
    };
  }, [once, seenBefore, minMs, maxMs]);
  if (seenBefore) return false;
  return !maxElapsed && !(minElapsed && ready);
}
