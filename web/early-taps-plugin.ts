import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { minifySync, type Plugin } from 'vite';

/** Where index.html names the keeper of early taps (served as it is by the dev server). */
const SOURCE_PATH = '/src/lib/early-taps-keeper.js';

/** Vite's tag for the app's entry in the built index.html (`<script type="module" crossorigin src=…>`). */
const ENTRY_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
/** Vite's preloads of the entry's static imports (`<link rel="modulepreload" crossorigin href=…>`). */
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * The keeper of early taps (issue 34, `src/lib/early-taps.ts`) is a classic script that must run before the app's
 * modules arrive, so Vite does not bundle it. The build emits it as a hashed asset (everything but index.html is
 * served as immutable for a year) and points index.html's `<script async>` at it.
 *
 * It also starts the app: the built index.html names no module script and no module preload (a request started
 * before the first paint counts in Lighthouse's simulated first paint), only the entry's address in the keeper's
 * `data-entry` (and its static imports' in `data-preload`); the keeper appends the entry's `<script type="module">`
 * (and those preloads): on an experience page once the server's page has painted (its main photo included), on
 * any other page at once (README, issue 34, step 9).
 */
export function earlyTapsPlugin(): Plugin {
  const source = fileURLToPath(new URL(`.${SOURCE_PATH}`, import.meta.url));
  return {
    name: 'early-taps',
    apply: 'build',
    generateBundle() {
      // Minified: every page loads it (its comments doubled its size).
      const { code, errors } = minifySync('early-taps.js', readFileSync(source, 'utf8'));
      if (errors.length) throw new Error(`early-taps: ${errors.map((e) => e.message).join('; ')}`);
      this.emitFile({ type: 'asset', name: 'early-taps.js', source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const asset = Object.values(context.bundle ?? {}).find(
          (output) =>
            output.type === 'asset' &&
            (output.names?.includes('early-taps.js') || output.name === 'early-taps.js'),
        );
        if (!asset) throw new Error('early-taps: the keeper was not emitted');
        const entries = [...html.matchAll(ENTRY_SCRIPT)].map((m) => m[1]!);
        if (entries.length !== 1)
          throw new Error(`early-taps: expected one entry script, found ${entries.length}`);
        const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
        const names = `data-entry="${entries[0]}"${preloads.length ? ` data-preload="${preloads.join(' ')}"` : ''}`;
        return html
          .replace(ENTRY_SCRIPT, () => '')
          .replace(MODULE_PRELOAD, () => '')
          .replace(`src="${SOURCE_PATH}"`, () => `src="/${asset.fileName}" ${names}`);
      },
    },
  };
}
