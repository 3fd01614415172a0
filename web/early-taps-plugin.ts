import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { minifySync, type Plugin } from 'vite';

/** Where index.html names the keeper of early taps (served as it is by the dev server). */
const SOURCE_PATH = '/src/lib/early-taps-keeper.js';

/**
 * The keeper of early taps (issue 34, `src/lib/early-taps.ts`) is a classic script that must run before the app's
 * modules arrive, so Vite does not bundle it. The build emits it as a hashed asset (everything but index.html is
 * served as immutable for a year) and points index.html's `<script async>` at it.
 *
 * On an experience page it also starts the app: the renderer (`src/ssr/defer-entry.ts`) names the entry on it
 * instead of in a module script, and it appends the entry once the page has painted (README, issue 34, step 9).
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
        return html.replace(SOURCE_PATH, `/${asset.fileName}`);
      },
    },
  };
}
