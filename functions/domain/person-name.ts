/**
 * How a guest's name is written (issue 32 item 8). Names in Japanese script — and in Chinese characters or Hangul,
 * which put the family name first as well — read family name first (`山田 花子`), whatever the page's language;
 * names in Latin script read given name first (`Emma Stone`). One rule for the site, the back office, mails and
 * review bylines.
 */
import type { Booking } from './entities';

type Name = Pick<Booking, 'firstName' | 'lastName'>;

/** Kana, CJK ideographs (with extension A and compatibility forms), half-width katakana, Hangul. */
const FAMILY_FIRST_SCRIPT =
  /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\uac00-\ud7af\u1100-\u11ff]/u;

/** `true` when the name is written in a script whose names put the family name first. */
export function isFamilyNameFirst(name: Name): boolean {
  return FAMILY_FIRST_SCRIPT.test(name.lastName) || FAMILY_FIRST_SCRIPT.test(name.firstName);
}

/** `山田 花子` / `Emma Stone`. */
export function personName(name: Name): string {
  const first = name.firstName.trim();
  const last = name.lastName.trim();
  return (isFamilyNameFirst(name) ? [last, first] : [first, last]).filter(Boolean).join(' ');
}
