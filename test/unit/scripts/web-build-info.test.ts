/**
 * How the SPA build knows what it holds (issue 11): the fingerprint follows the sources' contents and nothing
 * else, and a build is served or shipped only when it is a production build of exactly these sources.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BUILD_INFO_FILE,
  sourceFingerprint,
  staleReason,
  WEB_BUILD_SOURCES,
  type WebBuildInfo,
} from '../../../web/build-info';

let root: string;
const sources = ['web/src', 'web/index.html', 'package-lock.json'];
const fingerprint = () => sourceFingerprint(root, sources);

function write(path: string, content: string) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'web-build-info-'));
  write('web/src/main.tsx', 'render(<App />);');
  write('web/src/app/app.tsx', 'export const App = () => null;');
  write('web/index.html', '<!doctype html>');
  write('package-lock.json', '{"lockfileVersion":3}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('sourceFingerprint', () => {
  it('is stable, and ignores file times (a checkout or a copy rewrites them all)', () => {
    const before = fingerprint();
    expect(before).toMatch(/^[0-9a-f]{64}$/);
    const future = new Date(Date.now() + 86_400_000);
    utimesSync(join(root, 'web/src/main.tsx'), future, future);
    utimesSync(join(root, 'web/index.html'), new Date(0), new Date(0));
    expect(fingerprint()).toBe(before);
  });

  it('changes with any byte of a source, a new or removed file, or a renamed one', () => {
    const seen = new Set([fingerprint()]);
    write('web/src/app/app.tsx', 'export const App = () => 1;');
    seen.add(fingerprint());
    write('web/src/app/new.ts', '');
    seen.add(fingerprint());
    renameSync(join(root, 'web/src/app/new.ts'), join(root, 'web/src/app/renamed.ts'));
    seen.add(fingerprint());
    rmSync(join(root, 'web/src/app/renamed.ts'));
    write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    seen.add(fingerprint());
    expect(seen.size).toBe(5);
  });

  it('covers the app, its build configuration, the shared domain and the installed dependencies', () => {
    expect(WEB_BUILD_SOURCES).toEqual(
      expect.arrayContaining([
        'web/src',
        'web/public',
        'web/index.html',
        'web/vite.config.ts',
        'functions/domain',
        'package-lock.json',
      ]),
    );
  });
});

describe('staleReason', () => {
  const dist = () => join(root, 'web/dist');
  const build = (info: Partial<WebBuildInfo> | null) => {
    write('web/dist/index.html', '<!doctype html><script src="/assets/index.js"></script>');
    if (info) {
      const full: WebBuildInfo = {
        mode: 'production',
        nodeEnv: 'production',
        sources: fingerprint(),
        builtAt: new Date().toISOString(),
        ...info,
      };
      write(`web/dist/${BUILD_INFO_FILE}`, JSON.stringify(full));
    }
  };

  it('accepts a production build of these sources', () => {
    build({});
    expect(staleReason(dist(), fingerprint())).toBeNull();
  });

  it('refuses a missing build, and a build without a marker whatever its age', () => {
    expect(staleReason(dist(), fingerprint())).toBe('not built');
    build(null);
    expect(staleReason(dist(), fingerprint())).toBe(`no ${BUILD_INFO_FILE} (built by an older build script)`);
  });

  it('refuses a development build even when it is newer than every source (the build a test run left)', () => {
    build({ mode: 'development', nodeEnv: 'test' });
    const future = new Date(Date.now() + 86_400_000);
    utimesSync(join(dist(), 'index.html'), future, future);
    expect(staleReason(dist(), fingerprint())).toBe('a development build (NODE_ENV=test)');
  });

  it('refuses a build of other sources, such as another branch, whatever the file times say', () => {
    build({});
    write('web/src/app/app.tsx', 'export const App = () => "other branch";');
    const past = new Date(0);
    utimesSync(join(root, 'web/src/app/app.tsx'), past, past);
    expect(staleReason(dist(), fingerprint())).toBe('built from other sources than the work tree');
  });
});
