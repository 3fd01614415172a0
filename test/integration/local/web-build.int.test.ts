/**
 * One build for people (issue 11): a build started from inside a test run, where Vitest has set NODE_ENV=test, is
 * a production build, and the local stack started afterwards serves production React. The build goes to a folder
 * of this test's own (the same code path `npm start`, the browser tests and the benchmarks take for `web/dist`),
 * so a suite running in parallel keeps serving its build undisturbed.
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ensureWebBuild, webBuildStaleReason } from '../../../scripts/local/web-build';
import { startLocalStack, type LocalStack } from '../../../scripts/local/stack';
import { readBuildInfo, sourceFingerprint, type WebBuildInfo } from '../../../web/build-info';
import { tempWorkDir } from './support';

/** In React's production build only (its errors are minified to a code and a link). */
const PRODUCTION_MARKER = 'Minified React error #';
/** In React's development builds only: a warning of react-dom and the stack frames its dev tools read. */
const DEVELOPMENT_MARKERS = ['while rendering a different component', 'react-stack-top-frame'];

const work = tempWorkDir('web-build-');
const distDir = join(work.dir, 'dist');
let build: { built: boolean; ms: number };
let nodeEnvDuringBuild: string | undefined;
let stack: LocalStack;
let origin: string;

beforeAll(async () => {
  nodeEnvDuringBuild = process.env.NODE_ENV;
  build = await ensureWebBuild({ distDir });
  stack = await startLocalStack({ dataDir: join(work.dir, 'data'), port: 0, webRoot: distDir });
  origin = `http://127.0.0.1:${stack.port}`;
});

afterAll(async () => {
  await stack?.stop();
  rmSync(work.dir, { recursive: true, force: true });
});

describe('a web build started from a test run', () => {
  it('was started under Vitest’s NODE_ENV=test, which it leaves as it was', () => {
    expect(nodeEnvDuringBuild).toBe('test');
    expect(process.env.NODE_ENV).toBe('test');
    expect(build.built).toBe(true);
  });

  it('says it is a production build of the work tree, in the file the stack serves', async () => {
    const res = await fetch(`${origin}/build-info.json`);
    expect(res.status).toBe(200);
    const info = (await res.json()) as WebBuildInfo;
    expect(info).toMatchObject({ mode: 'production', nodeEnv: 'production', sources: sourceFingerprint() });
  });

  it('is served with production React in every script, the page’s and the lazy routes’ alike', async () => {
    const page = await (await fetch(`${origin}/`)).text();
    const entry = [...page.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]!);
    expect(entry.length).toBeGreaterThan(0);
    const chunks = readdirSync(join(distDir, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `/assets/${f}`);
    expect(chunks).toEqual(expect.arrayContaining(entry));
    let served = '';
    for (const path of chunks) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(200);
      const code = await res.text();
      for (const marker of DEVELOPMENT_MARKERS)
        expect(code, `${path} holds React's development build`).not.toContain(marker);
      served += code;
    }
    // React itself is in the entry: its production build is there, not merely absent from a page without it.
    const entryCode = (await Promise.all(entry.map(async (p) => (await fetch(`${origin}${p}`)).text()))).join(
      '',
    );
    expect(entryCode).toContain(PRODUCTION_MARKER);
    expect(served).toContain(PRODUCTION_MARKER);
  });

  it('is reused as it is by the next start, and rebuilt once the sources differ from what it records', async () => {
    expect(await ensureWebBuild({ distDir })).toEqual({ built: false, ms: 0 });
    // A copy whose record names other sources (another branch, a checkout) is refused whatever its file times.
    const other = join(work.dir, 'other-dist');
    cpSync(distDir, other, { recursive: true });
    const info = readBuildInfo(other)!;
    writeFileSync(join(other, 'build-info.json'), JSON.stringify({ ...info, sources: '0'.repeat(64) }));
    expect(webBuildStaleReason(other)).toBe('built from other sources than the work tree');
  });
});

describe('the markers this test relies on', () => {
  it('tell React’s production build from its development build', () => {
    const require = createRequire(import.meta.url);
    const cjs = join(dirname(require.resolve('react-dom/package.json')), 'cjs');
    const production = readFileSync(join(cjs, 'react-dom-client.production.js'), 'utf8');
    const development = readFileSync(join(cjs, 'react-dom-client.development.js'), 'utf8');
    expect(production).toContain(PRODUCTION_MARKER);
    expect(development).not.toContain(PRODUCTION_MARKER);
    for (const marker of DEVELOPMENT_MARKERS) {
      expect(development).toContain(marker);
      expect(production).not.toContain(marker);
    }
  });
});
