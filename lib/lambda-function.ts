import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { PHONE_RULES_FILE } from '../functions/adapters/runtime/lazy-phone-rules';
import { DOCUMENT_FONT_FILES, DOCUMENT_FONTS_FOLDER } from '../functions/adapters/documents/document-fonts';
import { PDF_ENGINE_FILE } from '../functions/adapters/documents/lazy-pdfkit';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, where `functions/` and `package-lock.json` live. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every function runs on Graviton; the native packages shipped beside a bundle are built for it. */
export const FUNCTION_ARCHITECTURE = lambda.Architecture.ARM_64;

/** Stack traces point into our TypeScript (the bundles ship their source maps); the bench loads them so too. */
export const FUNCTION_NODE_OPTIONS = '--enable-source-maps';

/**
 * The most one function's minified `index.js` may weigh (issue 8): what the runtime parses on every cold start.
 * `test/infra/bundles.test.ts` enforces it; `npm run bench` reports every bundle against it. It was 250 KB until
 * this session's merges (cancellations and refunds, the Japanese form schemas, per-client limits, the outbox) took
 * the host API to 265 KB and the public API to 251 KB: 270 KB. Reviews' savings (UTF-8 output, the local gateway out)
 * brought it back to 261 KB; then the guest mails in four languages (every guest mail's texts ride in the APIs that
 * send cancellations and decisions) and the page events took the host API to 277 KB: 290 KB. Paying hosts (issue 27:
 * payout accounts, earnings and their CSV, the money repository, Connect calls) took the host API to 317 KB and
 * the admin API to 305 KB, after the money side was kept out of every function that does not use it (the public
 * API reads two items of it, 281 KB): 330 KB. The security fixes and the audit's changes (cancel codes, nationality in
 * Japanese from the country list, names and yen per language in every mail) took the host API to 339 KB, the admin
 * API to 330 KB and the public API to 301 KB: 350 KB. Tours with a length (issue 30: the quarter-hour arithmetic, the
 * tour-day hold and release items, the start-time and policy-note checks in the form schema, spans in every mail)
 * and receipts and statements (issue 28: the invoice number's check and the statement routes) took the host API to
 * 353 KB (admin API 338 KB, public API 309 KB): 360 KB. Issue 33 (every experience save writes its search entry and
 * sorted card keys, every booking write its due-work keys) took the host API to 361 KB (the others ≤ 346 KB): 370 KB.
 * The concierge desk (issue 31: inquiries and offers, their guest mails in four languages, booking from an offer)
 * took the public API to 382 KB: 400 KB for now; the next saving (the concierge routes in a function of their own)
 * is in the README (Known limits).
 */
export const BUNDLE_BUDGET_BYTES = 400 * 1024;

export interface AppFunctionProps {
  /** Handler module, relative to the repository root (e.g. `functions/api/public-api.ts`). */
  entry: string;
  description: string;
  environment?: Record<string, string>;
  memorySize?: number;
  timeout?: Duration;
  /** Concurrency kept for this function alone, and its ceiling (none: it shares the account's pool). */
  reservedConcurrentExecutions?: number;
  retainLogs: boolean;
  /**
   * Ships `sharp` (image verification and resizing) beside the bundle: its JavaScript from the lock file and the
   * prebuilt libvips binaries of the function's platform (linux-arm64, glibc), whatever machine synthesises. sharp
   * stays external to the bundle, which cannot hold a native module.
   */
  imageProcessing?: boolean;
  /**
   * Makes PDF documents (issue 28): pdfkit is bundled on its own into `pdf-engine.js` beside `index.js` and loaded
   * by the first document, and the Noto Sans JP/KR/TC TrueType files are copied flat into `fonts/` beside it (set
   * `DOCUMENT_FONTS_DIR` to `/var/task/fonts`). Neither is in `index.js`.
   */
  documentRendering?: boolean;
  /** Bundling options over the shared ones (the guest-page renderer is an ES module with production React). */
  bundling?: Partial<BundlingOptions>;
  /** Where asynchronous invocations land after Lambda's own retries (EventBridge targets, async triggers). */
  deadLetterQueue?: sqs.IQueue;
}

/** The module that stands in for `libphonenumber-js/min` in every bundle (it requires `phone-rules.js` lazily). */
const LAZY_PHONE_RULES = 'functions/adapters/runtime/lazy-phone-rules.ts';

/** What every function's bundle is made with. */
const APP_BUNDLING: BundlingOptions = {
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  target: 'node22',
  format: OutputFormat.CJS,
  externalModules: ['@aws-sdk/*'],
  tsconfig: path.join(PROJECT_ROOT, 'tsconfig.json'),
  // The phone rules (libphonenumber-js and its metadata, ~185 KB minified) are bundled on their own beside
  // `index.js` and required on a container's first phone check only (functions/adapters/runtime/lazy-phone-rules.ts).
  esbuildArgs: {
    '--alias': `libphonenumber-js/min=./${LAZY_PHONE_RULES}`,
    // The Japanese texts (mails, form messages, prefectures) as UTF-8, 3 bytes a character, not as `\uXXXX`
    // escapes (6 bytes): 11–17 KB less in every API bundle; Node reads the file as UTF-8. (This CDK's `charset`
    // option is not passed on to esbuild, hence the argument.)
    '--charset': 'utf8',
  },
  commandHooks: {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) => [
      [
        JSON.stringify(path.join(inputDir, 'node_modules', '.bin', 'esbuild')),
        JSON.stringify(path.join(inputDir, 'node_modules', 'libphonenumber-js', 'min', 'index.js')),
        '--bundle --platform=node --format=cjs --minify --target=node22 --log-level=warning',
        JSON.stringify(`--outfile=${path.join(outputDir, PHONE_RULES_FILE)}`),
      ].join(' '),
    ],
  },
};

/** The module that stands in for `pdfkit` in the documents function's bundle (it requires `pdf-engine.js` lazily). */
const LAZY_PDFKIT = 'functions/adapters/documents/lazy-pdfkit.ts';
/** Stands in for fontkit's WOFF2 decoder (~490 KB) in the PDF engine: the documents embed TrueType fonts. */
const NO_WOFF2 = 'functions/adapters/documents/no-woff2.cjs';

/** The shared bundling plus the PDF engine and the fonts beside the bundle (`documentRendering`). */
function withDocumentRendering(bundling: BundlingOptions): BundlingOptions {
  const hooks = bundling.commandHooks!;
  return {
    ...bundling,
    esbuildArgs: { ...bundling.esbuildArgs, '--alias:pdfkit': `./${LAZY_PDFKIT}` },
    commandHooks: {
      ...hooks,
      afterBundling: (inputDir, outputDir) => [
        ...hooks.afterBundling(inputDir, outputDir),
        [
          JSON.stringify(path.join(inputDir, 'node_modules', '.bin', 'esbuild')),
          JSON.stringify(path.join(inputDir, 'node_modules', 'pdfkit', 'js', 'pdfkit.js')),
          '--bundle --platform=node --format=cjs --minify --target=node22 --log-level=warning',
          JSON.stringify(`--alias:brotli/decompress.js=${path.join(inputDir, NO_WOFF2)}`),
          JSON.stringify(`--outfile=${path.join(outputDir, PDF_ENGINE_FILE)}`),
        ].join(' '),
        `mkdir -p ${JSON.stringify(path.join(outputDir, DOCUMENT_FONTS_FOLDER))}`,
        ...Object.values(DOCUMENT_FONT_FILES).map(
          (file) =>
            `cp ${JSON.stringify(path.join(inputDir, 'node_modules', file))} ${JSON.stringify(path.join(outputDir, DOCUMENT_FONTS_FOLDER))}`,
        ),
      ],
    },
  };
}

/**
 * `nodeModules` makes CDK install `sharp` into the asset with `npm ci` against our lock file (so the shipped
 * version is the locked one). npm installs the optional platform packages of the platform it is told about, not of
 * the machine it runs on: the `npm_config_*` variables make that Lambda's (on this x64 machine too), so the asset
 * holds `@img/sharp-linux-arm64` and `@img/sharp-libvips-linux-arm64` and no binary of the build machine.
 */
function nativeImageModules(architecture: lambda.Architecture): Partial<BundlingOptions> {
  const cpu = architecture === lambda.Architecture.ARM_64 ? 'arm64' : 'x64';
  return {
    nodeModules: ['sharp'],
    environment: { npm_config_os: 'linux', npm_config_cpu: cpu, npm_config_libc: 'glibc' },
  };
}

/**
 * Every Lambda of the product is built the same way: Node.js 22 on arm64, bundled and minified by the local
 * esbuild with source maps, `@aws-sdk/*` left to the runtime, JSON logs into a log group with a retention.
 */
export class AppFunction extends NodejsFunction {
  /** The handler module, relative to the repository root (the bundle benchmark reports by it). */
  readonly entry: string;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    super(scope, id, {
      entry: path.join(PROJECT_ROOT, props.entry),
      handler: 'handler',
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: FUNCTION_ARCHITECTURE,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(15),
      ...(props.reservedConcurrentExecutions
        ? { reservedConcurrentExecutions: props.reservedConcurrentExecutions }
        : {}),
      ...(props.deadLetterQueue ? { deadLetterQueue: props.deadLetterQueue } : {}),
      loggingFormat: lambda.LoggingFormat.JSON,
      logGroup,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      environment: { NODE_OPTIONS: FUNCTION_NODE_OPTIONS, ...props.environment },
      bundling: {
        ...(props.documentRendering ? withDocumentRendering(APP_BUNDLING) : APP_BUNDLING),
        ...(props.imageProcessing ? nativeImageModules(FUNCTION_ARCHITECTURE) : {}),
        ...props.bundling,
      },
    });
    this.entry = props.entry;
  }
}
