/**
 * Builds the SPA with Vite's JS API when `web/dist` is missing or older than its sources, so `npm start` and the
 * browser tests always serve the current code without rebuilding on every start.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const WEB_DIR = join(REPO_ROOT, 'web');
export const WEB_DIST = join(WEB_DIR, 'dist');

/** Everything the bundle is made of: the app, its static files, its config and the shared domain code. */
const SOURCES = [
  join(WEB_DIR, 'src'),
  join(WEB_DIR, 'public'),
  join(WEB_DIR, 'index.html'),
  join(WEB_DIR, 'vite.config.ts'),
  join(REPO_ROOT, 'functions', 'domain'),
  join(REPO_ROOT, 'package-lock.json'),
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function webBuildIsStale(): boolean {
  const index = join(WEB_DIST, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

/** Builds when stale (or when forced); returns whether it built and how long it took. */
export async function ensureWebBuild(
  options: { force?: boolean; log?: (line: string) => void } = {},
): Promise<{ built: boolean; ms: number }> {
  if (!options.force && !webBuildIsStale()) return { built: false, ms: 0 };
  const started = performance.now();
  options.log?.('Building the web app (Vite)…');
  // Imported here: Vite is large, and a warm start that needs no build should not pay for loading it.
  const { build } = await import('vite');
  await build({ configFile: join(WEB_DIR, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  return { built: true, ms: Math.round(performance.now() - started) };
}
