/**
 * `npm run bench` (Lambda bundles; DESIGN §8, issue 8): every function of the stack, bundled exactly as
 * `cdk synth` bundles it, because it is `cdk synth`: the real `MarketplaceStack` synthesised with esbuild bundling
 * (the functions are whatever the stack deploys: the handler groups with AWS routes, the payment-event handler,
 * the expiry job, the webhook relay, the Cognito triggers). For each bundle it reports:
 *
 * - the minified size of `index.js` (the budget, also enforced by `test/infra/bundles.test.ts`, is 250 KB) and its
 *   gzip size (level 9; roughly what the deployment package costs to move);
 * - the cold load time: the median of `BENCH_BUNDLE_RUNS` (default 9) fresh `node` processes that each
 *   `require()` the bundle with the function's `NODE_OPTIONS` (source maps on, as in Lambda), timed inside the
 *   process around the `require`. The externals resolve from this repository's `node_modules`, like the AWS SDK
 *   the Lambda runtime provides; native packages shipped beside a bundle are built for linux-arm64, so the bundle
 *   is loaded from a copy of its own and takes this machine's build of them instead. The same rounds also time
 *   the bundle's externals alone, right before it, so the table splits the load into the runtime's SDK and the
 *   bundle's own share (the median of the pairs' differences, steadier on a busy machine than two medians);
 * - the packages it leaves to the runtime (`@aws-sdk/*`) or ships beside itself (`sharp`).
 *
 * Writes a Markdown table to `test-results/bench-bundles.md` (and prints it). Bounded and self-stopping; every
 * file goes to a temporary folder that is removed afterwards. `npx tsx scripts/bench/bundles.ts` runs it alone.
 */
import { builtinModules } from 'node:module';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { App, type CfnElement } from 'aws-cdk-lib';
import { AppFunction, BUNDLE_BUDGET_BYTES, PROJECT_ROOT } from '../../lib/lambda-function';
import { createMarketplace } from '../../lib/marketplace-stack';
import { freshNodeMs } from './fresh-node';
import { readStageConfig } from '../../lib/stage-config';

const RUNS = Math.max(3, Number(process.env.BENCH_BUNDLE_RUNS ?? 9) || 9);

type Timing = { median: number; min: number; max: number } | { error: string };

interface BundleResult {
  id: string;
  entry: string;
  bytes: number;
  gzipBytes: number;
  /** `require()` of the bundle, externals included. */
  loadMs: Timing;
  /** `require()` of its externals alone: the part of `loadMs` that is the runtime's SDK, not our code. */
  externalsLoadMs: Timing;
  /** The bundle's own share: `loadMs` minus `externalsLoadMs`, pair by pair. */
  ownLoadMs: Timing;
  externals: string[];
}

const workDir = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
const cleanUp = () => rmSync(workDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Synthesises the stack with real bundling; returns each of our functions with the folder of its asset. */
function synthesise(): { fn: AppFunction; assetDir: string }[] {
  const outdir = join(workDir, 'cdk.out');
  const app = new App({ outdir, context: { stage: 'dev', 'aws:cdk:enable-asset-metadata': true } });
  const config = readStageConfig((k) => app.node.tryGetContext(k));
  // The SPA is not measured here: a stand-in keeps the synth independent of a web build.
  const webDist = join(workDir, 'web-dist');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>bench</title>');
  const { stack } = createMarketplace(app, {
    config,
    webAssetPath: webDist,
    env: { account: '123456789012', region: 'ap-northeast-1' },
  });
  const template = app.synth().getStackByName(stack.stackName).template as {
    Resources: Record<string, { Metadata?: Record<string, string> }>;
  };
  return stack.node
    .findAll()
    .filter((c): c is AppFunction => c instanceof AppFunction)
    .map((fn) => {
      const logicalId = stack.getLogicalId(fn.node.defaultChild as CfnElement);
      const assetPath = template.Resources[logicalId]?.Metadata?.['aws:asset:path'];
      if (!assetPath) throw new Error(`No asset for ${fn.node.id}`);
      return { fn, assetDir: join(outdir, assetPath) };
    });
}

/** Packages the bundle `require`s at run time that are neither built in nor inside it. */
function externalsOf(code: string): string[] {
  const builtins = new Set(builtinModules);
  const found = new Set<string>();
  for (const match of code.matchAll(/require\("([^"]+)"\)/g)) {
    const name = match[1]!;
    if (name.startsWith('node:') || builtins.has(name)) continue;
    found.add(name);
  }
  return [...found].sort();
}

/**
 * How long `require()` of `modules` (in this order) takes in a fresh process, in ms. Run from `dir`, a folder
 * outside the repository: NODE_PATH then plays the Lambda runtime's own node_modules (the AWS SDK).
 */
function requireTime(dir: string, modules: string[]): number {
  const probe =
    'const t = performance.now(); for (const m of process.argv.slice(1)) require(m); ' +
    'process.stdout.write(String(performance.now() - t));';
  return freshNodeMs(dir, probe, modules);
}

const timing = (values: number[]): Timing => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
});

/** A copy of the bundle without the asset's node_modules: sharp's shipped binaries are linux-arm64, not ours. */
function loadableCopy(id: string, assetDir: string): string {
  const dir = join(workDir, 'load', id);
  mkdirSync(dir, { recursive: true });
  for (const file of ['index.js', 'index.js.map']) {
    if (existsSync(join(assetDir, file))) copyFileSync(join(assetDir, file), join(dir, file));
  }
  return dir;
}

async function runBundleBench(): Promise<BundleResult[]> {
  const started = performance.now();
  process.stderr.write('Synthesising the stack with real bundling …\n');
  const functions = synthesise().map(({ fn, assetDir }) => {
    const code = readFileSync(join(assetDir, 'index.js'));
    return {
      fn,
      code,
      dir: loadableCopy(fn.node.id, assetDir),
      externals: externalsOf(code.toString('utf8')),
      shipsModules: existsSync(join(assetDir, 'node_modules')),
      samples: { bundle: [] as number[], externals: [] as number[], own: [] as number[] },
      error: undefined as string | undefined,
    };
  });
  process.stderr.write(
    `Bundled ${functions.length} functions in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
  // Round after round over every function, each bundle right after its externals alone: a busy moment of this
  // shared machine then weighs on every function and on both halves of a pair alike, and the pair's difference is
  // the bundle's own share.
  for (let round = 1; round <= RUNS; round++) {
    process.stderr.write(`Cold loads, round ${round} of ${RUNS} …\n`);
    for (const f of functions) {
      if (f.error) continue;
      try {
        const externals = requireTime(f.dir, f.externals);
        const bundle = requireTime(f.dir, [join(f.dir, 'index.js')]);
        f.samples.externals.push(externals);
        f.samples.bundle.push(bundle);
        f.samples.own.push(bundle - externals);
      } catch (e) {
        f.error = e instanceof Error ? e.message.split('\n')[0]! : String(e);
      }
    }
  }
  return functions.map((f) => ({
    id: f.fn.node.id,
    entry: f.fn.entry,
    bytes: f.code.length,
    gzipBytes: gzipSync(f.code, { level: 9 }).length,
    loadMs: f.error ? { error: f.error } : timing(f.samples.bundle),
    externalsLoadMs: f.error ? { error: f.error } : timing(f.samples.externals),
    ownLoadMs: f.error ? { error: f.error } : timing(f.samples.own),
    externals: [...f.externals, ...(f.shipsModules ? ['(node_modules shipped)'] : [])],
  }));
}

const time = (t: Timing) =>
  'error' in t ? `failed: ${t.error}` : `${t.median.toFixed(0)} (${t.min.toFixed(0)}–${t.max.toFixed(0)})`;

function bundleReport(results: BundleResult[]): string {
  const rows = results.map((r) => {
    const over = r.bytes > BUNDLE_BUDGET_BYTES ? ' ⚠ over 250 KB' : '';
    return `| ${r.id} | \`${r.entry}\` | ${kb(r.bytes)}${over} | ${kb(r.gzipBytes)} | ${time(r.loadMs)} | ${time(r.externalsLoadMs)} | ${time(r.ownLoadMs)} | ${r.externals.join(', ') || '—'} |`;
  });
  return [
    `Lambda bundles (${new Date().toISOString()}, ${cpus().length} CPUs, Node ${process.version}; load = median of ${RUNS} fresh processes, range in brackets)`,
    '',
    '| Function | Entry | Minified KB | gzip KB | Cold load ms | externals alone ms | own share ms | Required at run time |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
  ].join('\n');
}

try {
  const report = bundleReport(await runBundleBench());
  mkdirSync(join(PROJECT_ROOT, 'test-results'), { recursive: true });
  writeFileSync(join(PROJECT_ROOT, 'test-results', 'bench-bundles.md'), report);
  console.log(`\n${report}\nWritten to test-results/bench-bundles.md`);
} finally {
  cleanUp();
}
