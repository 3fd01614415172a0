/**
 * Short forms of host-written text for page heads (issue 32 item 9): a meta description is cut where a reader
 * would cut it — at the end of a word in languages that put spaces between words (English, Korean), at a character
 * in Japanese and Chinese, which have none — and ends with "…", never mid-word.
 */

/** Search engines show about 150–160 characters of a description. */
export const META_DESCRIPTION_MAX = 160;

/**
 * `text` on one line, at most `max` characters (code points, so no surrogate pair is split) with the "…" that
 * marks the cut. A cut falls on the last space when there is one in the last part of the kept text, else at a
 * character; punctuation left dangling before the "…" is dropped.
 */
export function excerpt(text: string, max: number = META_DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const kept = chars.slice(0, Math.max(1, max - 1)).join('');
  // The next character is a space: the kept text already ends with a whole word.
  const endsWord = chars[max - 1] === ' ';
  const space = kept.lastIndexOf(' ');
  const atWord = endsWord ? kept : space >= kept.length * 0.6 ? kept.slice(0, space) : kept;
  return `${atWord.replace(/[\s\p{P}]+$/u, '')}…`;
}
