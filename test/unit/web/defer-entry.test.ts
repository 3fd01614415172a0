/**
 * Issue 34: an experience page's HTML names the app's entry on the keeper of early taps (which appends it after the
 * first paint) instead of in a module script; a template without the keeper keeps its entry.
 */
import { deferEntry } from '../../../web/src/ssr/defer-entry';

const BUILT = `<!doctype html><html><head>
    <script src="/assets/early-taps-abc.js" async></script>
    <script type="module" crossorigin src="/assets/index-xyz.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-r.js">
  </head><body><div id="root"></div></body></html>`;

it('moves the entry and its preloads onto the keeper', () => {
  const html = deferEntry(BUILT);
  expect(html).not.toContain('type="module"');
  expect(html).not.toContain('modulepreload');
  expect(html).toContain(
    '<script src="/assets/early-taps-abc.js" data-entry="/assets/index-xyz.js" data-preload="/assets/rolldown-runtime-r.js" async></script>',
  );
});

it('leaves a page without the keeper as it is (nothing else would load its entry)', () => {
  const template = BUILT.replace(/\s*<script src="\/assets\/early-taps[^<]*<\/script>/, '');
  expect(deferEntry(template)).toBe(template);
});
