import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Where index.html names the keeper of early taps (served as it is by the dev server). */
const SOURCE_PATH = '/src/lib/early-taps-keeper.js';

/**
 * The keeper of early taps (issue 34, `src/lib/early-taps.ts`) is a classic script that must run before the app's
 * modules arrive, so Vite does not bundle it. The build emits it as a hashed asset (everything but index.html is
 * served as immutable for a year) and points index.html's `<script async>` at it.
 */
export function earlyTapsPlugin(): Plugin {
  const source = fileURLToPath(new URL(`.${SOURCE_PATH}`, import.meta.url));
  return {
    name: 'early-taps',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', name: 'early-taps.js', source: readFileSync(source, 'utf8') });
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
