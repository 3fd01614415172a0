/**
 * Code a page needs only once the guest gets to it (issue 34: the experience page's booking form): true from the
 * moment the element `id` comes near the viewport, or the guest first scrolls, taps or presses a key (a Tab may
 * reach the form's controls without a scroll), never during the first render (so never before the first paint).
 */
import { useEffect, useState } from 'react';

const FIRST_MOVES = ['scroll', 'pointerdown', 'keydown'] as const;

export function useWhenReached(id: string, rootMargin = '300px'): boolean {
  const [reached, setReached] = useState(false);
  useEffect(() => {
    if (reached) return;
    const reach = () => setReached(true);
    for (const type of FIRST_MOVES) window.addEventListener(type, reach, { passive: true, once: true });
    const place = document.getElementById(id);
    const observer =
      place && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reach(), {
            rootMargin,
          })
        : undefined;
    if (place && observer) observer.observe(place);
    else reach();
    return () => {
      observer?.disconnect();
      for (const type of FIRST_MOVES) window.removeEventListener(type, reach);
    };
  }, [id, rootMargin, reached]);
  return reached;
}
