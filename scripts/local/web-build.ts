/**
 * Builds the SPA when `web/dist` is not a production build of the sources in the work tree (`web/build-info.ts`
 * says which: the build's mode and a fingerprint of the sources' contents), so `npm start`, the browser tests and
 * the benchmarks always serve the current code, for people, without rebuilding on every start.
 *
 * The build runs in a child process with `NODE_ENV=production`: a caller's NODE_ENV (Vitest's `test`) must neither
 * reach the bundle nor be changed under the caller, whose other workers read it. It writes into a folder of its
 * own and then takes the place of the old build, so a server reading `web/dist` meanwhile never sees half a build.
 */
import { spawn } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { readBuildInfo, REPO_ROOT, staleReason, WEB_DIST } from '../../web/build-info';

const WEB_DIR = join(REPO_ROOT, 'web');

/** Why `distDir` must be built again (see `staleReason`), or null when it can be served as it is. */
export function webBuildStaleReason(distDir: string = WEB_DIST): string | null {
  return staleReason(distDir);
}

export function webBuildIsStale(distDir: string = WEB_DIST): boolean {
  return webBuildStaleReason(distDir) !== null;
}

export interface EnsureWebBuildOptions {
  force?: boolean;
  log?: (line: string) => void;
  /** Where the build goes; `web/dist` unless a test builds for itself. */
  distDir?: string;
}

/** Builds when stale (or when forced); returns whether it built and how long it took. */
export async function ensureWebBuild(
  options: EnsureWebBuildOptions = {},
): Promise<{ built: boolean; ms: number }> {
  const distDir = options.distDir ?? WEB_DIST;
  const reason = options.force ? 'forced' : webBuildStaleReason(distDir);
  if (reason === null) return { built: false, ms: 0 };
  const started = performance.now();
  options.log?.(`Building the web app (Vite, production; ${reason})…`);
  const staging = join(dirname(distDir), `.${basename(distDir)}-building-${process.pid}-${Date.now()}`);
  try {
    await viteBuild(staging);
    const info = readBuildInfo(staging);
    // The plugin records what the bundle really is; a development build must never reach `web/dist`.
    if (info?.mode !== 'production') {
      throw new Error(
        `The web build came out as ${info ? `a ${info.mode} build` : 'a build without build-info'}`,
      );
    }
    replaceDir(distDir, staging);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { built: true, ms: Math.round(performance.now() - started) };
}

function viteBuild(outDir: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const viteBin = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  const args = [
    viteBin,
    'build',
    '--config',
    join(WEB_DIR, 'vite.config.ts'),
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`The web build failed (vite build exited with ${signal ?? code})`));
    });
  });
}

/**
 * Puts `staging` in place of `target` with two renames (the old build is removed after), so the folder is missing
 * for an instant at most and never half written. If another process put its own build there at the same moment,
 * theirs stays: both are production builds, and the freshness check judges theirs on the next start.
 */
function replaceDir(target: string, staging: string): void {
  const old = `${staging}-old`;
  try {
    renameSync(target, old);
  } catch (e) {
    if ((e as { code?: string }).code !== 'ENOENT') throw e;
  }
  try {
    renameSync(staging, target);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw e;
  } finally {
    rmSync(old, { recursive: true, force: true });
  }
}
