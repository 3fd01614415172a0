/** The search page, whose `q` is the text (also the search forms' `action`, used before hydration). */
export const SEARCH_PATH = '/search';

/** Guest spec §5: the search text is trimmed; blank text means no search (Enter does nothing). */
export function searchPath(text: string): string | null {
  const q = text.trim();
  return q ? `${SEARCH_PATH}?q=${encodeURIComponent(q)}` : null;
}
