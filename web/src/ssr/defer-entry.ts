/**
 * An experience page's and the list's app entry evaluated after their first paint (issue 34, README steps 9 and
 * 14). The built index.html loads the entry as Vite wrote it (`<script type="module">` and its `modulepreload`s: on
 * the home page, evaluating the shell before the first paint scores better, as measured). For those pages the renderer
 * removes both and names them on the keeper of early taps (`data-entry`, `data-preload`), which appends them once
 * the server's page has painted, its main photo included (`web/src/lib/early-taps-keeper.js`).
 */
const ENTRY_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;
const KEEPER = /<script src="(\/assets\/early-taps-[^"]+\.js)"/;

/** The page with its entry left to the keeper; unchanged if the template has no keeper or not one entry. */
export function deferEntry(html: string): string {
  const entries = [...html.matchAll(ENTRY_SCRIPT)].map((m) => m[1]!);
  if (entries.length !== 1 || !KEEPER.test(html)) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const names = `data-entry="${entries[0]}"${preloads.length ? ` data-preload="${preloads.join(' ')}"` : ''}`;
  return html
    .replace(ENTRY_SCRIPT, () => '')
    .replace(MODULE_PRELOAD, () => '')
    .replace(KEEPER, (keeper) => `${keeper} ${names}`);
}
