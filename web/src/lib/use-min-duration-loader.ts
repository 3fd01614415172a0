import { useEffect, useState } from 'react';

/**
 * Guest spec §2 and §9: the home and landing loaders show at least `minMs` (so the page does not flash) and never
 * longer than `maxMs` (a slow API must not hold the whole page hostage). Returns `true` while the loader shows.
 */
export function useMinDurationLoader(ready: boolean, minMs = 1000, maxMs = 3000): boolean {
  const [minElapsed, setMinElapsed] = useState(false);
  const [maxElapsed, setMaxElapsed] = useState(false);
  useEffect(() => {
    const min = setTimeout(() => setMinElapsed(true), minMs);
    const max = setTimeout(() => setMaxElapsed(true), maxMs);
    return () => {
      clearTimeout(min);
      clearTimeout(max);
    };
  }, [minMs, maxMs]);
  return !maxElapsed && !(minElapsed && ready);
}
