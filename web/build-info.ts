/**
 * What a build of the SPA is made of, and how to tell what `web/dist` holds. Every build (`npm run build:web`,
 * `scripts/local/web-build.ts`, `npm run synth`) writes `build-info.json` beside `index.html` through the plugin
 * below: the mode React and the app were compiled in, and a fingerprint of the sources' contents. Whoever takes the
 * build (the local stack, the benchmarks, `cdk synth`) can then check that it is a production build of the code in
 * the work tree, without trusting file times, which a checkout, a branch switch or a copy can make say anything.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const WEB_DIST = join(REPO_ROOT, 'web', 'dist');
export const BUILD_INFO_FILE = 'build-info.json';

/** Everything the bundle is made of, relative to the repository root: the app, its build and the shared domain. */
export const WEB_BUILD_SOURCES = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/build-info.ts',
  'web/catalogue-plugin.ts',
  'web/mui-theme-plugin.ts',
  'functions/domain',
  'tsconfig.json',
  'package-lock.json',
];

export interface WebBuildInfo {
  /** `production` only when React and the app were compiled for production (`NODE_ENV=production`). */
  mode: 'production' | 'development';
  /** `process.env.NODE_ENV` the build ran with: what `process.env.NODE_ENV` reads as in the bundle. */
  nodeEnv: string;
  /** `sourceFingerprint()` of the sources when the build started. */
  sources: string;
  builtAt: string;
}

/** SHA-256 over the relative path and the bytes of every file of `sources` (sorted), under `root`. */
export function sourceFingerprint(
  root: string = REPO_ROOT,
  sources: readonly string[] = WEB_BUILD_SOURCES,
): string {
  const files: string[] = [];
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
    else files.push(path);
  };
  for (const source of sources) walk(join(root, source));
  const hash = createHash('sha256');
  for (const file of files.map((f) => relative(root, f).split(sep).join('/')).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

export function readBuildInfo(distDir: string): WebBuildInfo | null {
  try {
    const info = JSON.parse(readFileSync(join(distDir, BUILD_INFO_FILE), 'utf8')) as Partial<WebBuildInfo>;
    return typeof info.mode === 'string' && typeof info.sources === 'string' ? (info as WebBuildInfo) : null;
  } catch {
    return null;
  }
}

/** Why `distDir` cannot be served or shipped as it is, or null when it is a production build of these sources. */
export function staleReason(distDir: string, fingerprint: string = sourceFingerprint()): string | null {
  if (!existsSync(join(distDir, 'index.html'))) return 'not built';
  const info = readBuildInfo(distDir);
  if (!info) return `no ${BUILD_INFO_FILE} (built by an older build script)`;
  if (info.mode !== 'production') return `a ${info.mode} build (NODE_ENV=${info.nodeEnv})`;
  if (info.sources !== fingerprint) return 'built from other sources than the work tree';
  return null;
}

/**
 * Writes `build-info.json` into every build. The fingerprint is taken when the build starts, so a file changed
 * while Vite runs makes the build stale rather than wrongly fresh.
 */
export function buildInfoPlugin(): Plugin {
  let production = false;
  let sources = '';
  return {
    name: 'ehime:build-info',
    apply: 'build',
    configResolved(config) {
      production = config.isProduction && process.env.NODE_ENV === 'production';
    },
    buildStart() {
      sources = sourceFingerprint();
    },
    generateBundle() {
      const info: WebBuildInfo = {
        mode: production ? 'production' : 'development',
        nodeEnv: process.env.NODE_ENV ?? '',
        sources,
        builtAt: new Date().toISOString(),
      };
      this.emitFile({
        type: 'asset',
        fileName: BUILD_INFO_FILE,
        source: `${JSON.stringify(info, null, 2)}\n`,
      });
    },
  };
}
