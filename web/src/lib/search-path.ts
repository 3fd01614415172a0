/** Guest spec §5: the search text is trimmed; blank text means no search (Enter does nothing). */
export function searchPath(text: string): string | null {
  const q = text.trim();
  return q ? `/search?q=${encodeURIComponent(q)}` : null;
}
