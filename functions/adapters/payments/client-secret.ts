import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether the client secret a browser presents is the intent's own. Both are hashed first, so the comparison takes
 * the same time whatever the length or the first differing character of a guess.
 */
export function sameSecret(stored: string | null | undefined, given: string): boolean {
  if (!stored || !given) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(stored), digest(given));
}
