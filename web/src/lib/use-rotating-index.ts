import { useEffect, useState } from 'react';

/** An index that advances every `intervalMs` and wraps around `count` (the heroes' slideshows, guest spec §9). */
export function useRotatingIndex(count: number, intervalMs: number): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs]);
  return index;
}
