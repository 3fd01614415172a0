import type { GuestLanguage } from '@domain/entities';

/**
 * The language this site renders in (the document's `lang`): what a booking request names as the guest's site
 * language, so the guest is mailed in the language they read the site in. English today; a Japanese site sets
 * `<html lang="ja">` and its guests are mailed in Japanese without another change.
 */
export function siteLocale(): GuestLanguage {
  // The server render (web/src/ssr) renders the English site and has no document.
  if (typeof document === 'undefined') return 'en';
  return document.documentElement.lang.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}
