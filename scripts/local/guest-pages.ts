/**
 * The guest-page renderer in the local stack (issue 17), as in AWS: the same handler module, bundled by esbuild for
 * production exactly as the renderer Lambda is (the server markup must carry the production client's class names,
 * or hydration fails), fed by the use cases' page events through an in-process queue (EventBridge's and SQS's
 * stand-in): the same planning into jobs, the jobs run in parallel batches (issue 33), reading the catalogue
 * straight from the local table (no HTTP), writing to a local S3 bucket that the local server reads through the
 * shared resolver.
 */
import { readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { S3Client } from '@aws-sdk/client-s3';
import { build, type BuildOptions } from 'esbuild';
import { createS3PageStore } from '../../functions/adapters/storage/s3-page-store';
import type { CatalogueRepositories } from '../../functions/adapters/pages/table-catalogue';
import type { GuestPageChange, GuestPageEvents } from '../../functions/use-cases/refresh-guest-pages';
import type * as RendererModule from '../../functions/events/render-guest-pages';
import type { AppConfig } from '../../web/src/lib/config';
import { REPO_ROOT } from '../../web/build-info';

export const LOCAL_SITE_BUCKET = 'marketplace-local-site';
/** Inside the repository, so the bundle resolves the AWS SDK it leaves out from `node_modules`, as Lambda's runtime does. */
const RENDERER_BUNDLE_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'guest-page-renderer');
export const RENDERER_ENTRY = join(REPO_ROOT, 'functions', 'events', 'render-guest-pages.ts');

/**
 * The renderer's bundle, as the renderer Lambda gets it (`lib/guest-pages-construct.ts` uses the same options):
 * production React and MUI, the AWS SDK left to the runtime.
 */
export const RENDERER_BUNDLE_OPTIONS: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  alias: { '@domain': join(REPO_ROOT, 'functions', 'domain') },
  external: ['@aws-sdk/*'],
  // ESM output of CommonJS dependencies (react-dom/server) needs a `require`.
  banner: { js: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);" },
};

export async function bundleRenderer(outDir: string): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `render-guest-pages-${process.pid}-${Date.now()}.mjs`);
  await build({ ...RENDERER_BUNDLE_OPTIONS, entryPoints: [RENDERER_ENTRY], outfile });
  return outfile;
}

export interface LocalGuestPages extends GuestPageEvents {
  /** Renders every guest page, the not-found page, the sitemap and robots.txt (`npm start` after the web build). */
  refreshAll(): Promise<void>;
  /** Resolves once every announced change has been rendered. */
  idle(): Promise<void>;
  store: ReturnType<typeof createS3PageStore>;
  stop(): Promise<void>;
}

export async function startLocalGuestPages(options: {
  s3: S3Client;
  webRoot: string;
  appConfig: () => AppConfig;
  /** The local table's repositories (the stack's runtime adapters: read at each render, they survive a restart). */
  repositories: () => CatalogueRepositories;
  log?: (line: string) => void;
  /** URLs per sitemap file (tests pass a small one; the protocol's 50,000 otherwise). */
  sitemapUrlLimit?: number;
}): Promise<LocalGuestPages> {
  const file = await bundleRenderer(RENDERER_BUNDLE_DIR);
  const module = (await import(pathToFileURL(file).href)) as typeof RendererModule;
  const store = createS3PageStore(options.s3, LOCAL_SITE_BUCKET);
  const siteUrl = () => options.appConfig().baseUrl.replace(/\/$/, '');
  // The repositories are the stack's; they are looked up at each call, so a restarted stack's table is read.
  const repositories: CatalogueRepositories = {
    experiences: lazy(() => options.repositories().experiences),
    hosts: lazy(() => options.repositories().hosts),
    categories: lazy(() => options.repositories().categories),
    reviews: lazy(() => options.repositories().reviews),
  };
  const refresh = module.makeRefreshGuestPages({
    renderer: module.makeGuestPageRenderer({
      config: async () => options.appConfig(),
      template: () => readFile(join(options.webRoot, 'index.html'), 'utf8'),
      apiBaseUrl: `${siteUrl()}/api`,
      fetchImpl: module.catalogueFetch(repositories),
    }),
    store,
    catalogue: module.guestPageCatalogue(repositories),
    baseUrl: siteUrl(),
    ...(options.sitemapUrlLimit ? { sitemapUrlLimit: options.sitemapUrlLimit } : {}),
  });

  // One change at a time, in order; changes that arrive meanwhile are rendered together in the next run.
  let pending: GuestPageChange[] = [];
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = async (): Promise<void> => {
    while (pending.length > 0 && !stopped) {
      const batch = pending;
      pending = [];
      try {
        const { rendered, jobs } = await refresh(batch);
        options.log?.(`guest pages: ${rendered} rendered in ${jobs} jobs`);
      } catch (e) {
        options.log?.(
          `guest pages: render failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
        );
      }
    }
    running = null;
  };
  const enqueue = (change: GuestPageChange) => {
    pending.push(change);
    // setImmediate: after the announcing request has answered, as EventBridge delivers after PutEvents.
    running ??= new Promise<void>((resolve) => setImmediate(resolve)).then(run);
    return running;
  };

  return {
    store,
    async changed(change) {
      void enqueue(change);
    },
    async refreshAll() {
      await enqueue({ kind: 'all' });
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/** An object whose methods are looked up on `target()` at each call. */
function lazy<T extends object>(target: () => T): T {
  return new Proxy({} as T, {
    get: (_, name) => {
      const current = target();
      const value = Reflect.get(current, name) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(current) : value;
    },
  });
}
