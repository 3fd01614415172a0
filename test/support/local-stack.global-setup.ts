/**
 * The `e2e` project's world: the SPA built if its sources changed, the whole local stack in a temporary folder on a
 * free port (seeded, like `npm start`), and one headless Chromium (`@sparticuz/chromium` driven by playwright-core)
 * served over a WebSocket that every test file connects to. Teardown stops all of it.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import chromiumPackage from '@sparticuz/chromium';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { RELAXED_BOOKING_LIMITS } from '../../scripts/local/booking-limits';
import { startLocalStack, type LocalStack } from '../../scripts/local/stack';
import { ensureWebBuild } from '../../scripts/local/web-build';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserWsEndpoint: string;
    demoHost: { email: string; password: string };
    /** `totpSecret`: the demo admin's authenticator (the admin pool requires TOTP). */
    demoAdmin: { email: string; password: string; totpSecret: string | null };
    /** The SES outbox (`GET <mailboxUrl>/store` lists every mail sent, sign-up and reset codes included). */
    mailboxUrl: string;
    /** The stack's table on DynamoDB Local (tests that set up states the UI cannot reach quickly). */
    dynamodb: { endpoint: string; region: string; tableName: string };
  }
}

/**
 * The package's flags are tuned for Lambda. Outside it `--single-process` crashes pages; the headless flag is
 * Playwright's to set; and a test browser must keep web security on, or CORS mistakes would pass unnoticed.
 */
const DROPPED_FLAGS = new Set([
  '--single-process',
  "--headless='shell'",
  '--disable-web-security',
  '--allow-running-insecure-content',
]);

let stack: LocalStack | undefined;
let browserServer: BrowserServer | undefined;
let workDir: string | undefined;

export async function setup(project: TestProject) {
  try {
    await startWorld(project);
  } catch (e) {
    // Vitest does not call teardown when setup fails: stop whatever did start (the Java child above all).
    await teardown();
    throw e;
  }
}

async function startWorld(project: TestProject) {
  workDir = mkdtempSync(join(tmpdir(), 'e2e-stack-'));
  // Settle all three before failing, so that a stack that did start is known to teardown and stopped.
  const [build, started, chromiumPath] = await Promise.allSettled([
    ensureWebBuild(),
    // With the demo host's requests, as `npm start` seeds them: the back-office tests read them. Every browser
    // test books from 127.0.0.1 on one clock, so the per-client limits (tested over HTTP) are relaxed here.
    startLocalStack({
      dataDir: join(workDir, 'data'),
      port: 0,
      demoBookings: true,
      bookingLimits: RELAXED_BOOKING_LIMITS,
      // The guest pages come as prerendered HTML, as `npm start` and CloudFront serve them (issue 17).
      guestPages: true,
    }),
    chromiumPackage.executablePath(),
  ]);
  if (started.status === 'fulfilled') stack = started.value;
  for (const result of [build, started, chromiumPath]) if (result.status === 'rejected') throw result.reason;
  if (!stack || chromiumPath.status !== 'fulfilled') throw new Error('unreachable');
  // Rendered once the web build is ready (the pages carry its script names).
  await stack.guestPages?.refreshAll();
  const executablePath = chromiumPath.value;
  browserServer = await chromium.launchServer({
    executablePath,
    headless: true,
    args: chromiumPackage.args.filter((flag) => !DROPPED_FLAGS.has(flag)),
    env: { ...process.env, FONTCONFIG_PATH: fontConfigDir(workDir) },
  });
  project.provide('baseUrl', `http://127.0.0.1:${stack.port}`);
  project.provide('browserWsEndpoint', browserServer.wsEndpoint());
  project.provide('demoHost', stack.config.demo.host);
  project.provide('demoAdmin', stack.config.demo.admin);
  project.provide('mailboxUrl', stack.config.mailboxUrl);
  project.provide('dynamodb', {
    endpoint: stack.config.dynamodbEndpoint,
    region: stack.config.region,
    tableName: stack.config.tableName,
  });
}

export async function teardown() {
  await browserServer?.close().catch(() => {});
  await stack?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  browserServer = undefined;
  stack = undefined;
  workDir = undefined;
}

/**
 * A fonts.conf of our own: the machine's fonts plus the ones the package unpacks to /tmp/fonts, so pages render
 * text (and screenshots are legible) whether or not the machine has fontconfig set up. `E2E_FONTS_DIR` adds a folder
 * (a CJK font, for legible screenshots of the Japanese back office on a machine without one).
 */
function fontConfigDir(dir: string): string {
  const confDir = join(dir, 'fontconfig');
  mkdirSync(confDir, { recursive: true });
  writeFileSync(
    join(confDir, 'fonts.conf'),
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>/usr/share/fonts</dir>
  <dir>/usr/local/share/fonts</dir>
  <dir>${join(tmpdir(), 'fonts')}</dir>${process.env.E2E_FONTS_DIR ? `\n  <dir>${process.env.E2E_FONTS_DIR}</dir>` : ''}
  <cachedir>${join(confDir, 'cache')}</cachedir>
</fontconfig>
`,
  );
  return confDir;
}
