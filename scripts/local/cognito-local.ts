/**
 * A Cognito-compatible user-pool server (`cognito-local`, from npm) for the local stack.
 *
 * It runs as a child process because it reads its port from `PORT`/`HOST` when its config module loads and keeps
 * its data in `./.cognito` of its working directory: a child with its own cwd under the stack's data dir keeps
 * both away from the stack's process. The child starts through `cognito-local-main.ts`, which adds what Cognito
 * does and cognito-local does not (mails to the local outbox, admin-only pools, case-insensitive e-mails, …; see
 * `cognito-local-patches.ts`). Its stdout (requests, and every code it sends in a box) goes to a log file beside
 * the data.
 *
 * Triggers: cognito-local's config (`.cognito/config.json`, written on every start) names a function per user-pool
 * trigger and the Lambda endpoint it calls them at (`lambda-invoke.ts` in the stack's process). One config serves
 * every pool of the server; the events carry the pool id.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { build } from 'esbuild';
import { mkdirSync, openSync, closeSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, waitUntil } from './ports';

export interface CognitoLocal {
  /** `http://127.0.0.1:<port>`: the endpoint of the Cognito API and the issuer domain of its tokens. */
  endpoint: string;
  port: number;
  /** Where its output (confirmation codes, requests) is written. */
  logFile: string;
  stop(): Promise<void>;
}

/** The user-pool triggers cognito-local can call, by Cognito's name for them. */
export type CognitoTrigger = 'PreSignUp' | 'CustomMessage' | 'PostConfirmation';

export interface StartCognitoLocalOptions {
  dir: string;
  port?: number;
  /** Invoke these functions at this Lambda endpoint for the pools' triggers; without it no trigger runs. */
  triggers?: { lambdaEndpoint: string; functions: Partial<Record<CognitoTrigger, string>> };
  /** Send every e-mail to this SES endpoint (the local outbox) from this sender; without it mails are only logged. */
  mail?: { sesEndpoint: string; from: string };
}

const MAIN = join(dirname(fileURLToPath(import.meta.url)), 'cognito-local-main.ts');

/**
 * The child's entry as one CommonJS file in the data folder, compiled by esbuild in a few tens of milliseconds:
 * starting the child under a TypeScript loader instead costs it most of a second on every start. Packages stay
 * external and are required from `scripts/local` (the entry resolves them relative to `import.meta.url`, which is
 * defined as the source's own URL).
 */
async function bundleMain(dir: string): Promise<string> {
  const outfile = join(dir, 'cognito-local-main.cjs');
  await build({
    entryPoints: [MAIN],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(MAIN).href) },
    logLevel: 'silent',
  });
  return outfile;
}

export async function startCognitoLocal(options: StartCognitoLocalOptions): Promise<CognitoLocal> {
  const port = options.port ?? (await freePort());
  mkdirSync(join(options.dir, '.cognito'), { recursive: true });
  writeFileSync(
    join(options.dir, '.cognito', 'config.json'),
    `${JSON.stringify(cognitoLocalConfig(options), null, 2)}\n`,
  );
  const logFile = join(options.dir, 'cognito-local.log');
  const log = openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, [await bundleMain(options.dir)], {
    cwd: options.dir,
    // 127.0.0.1 rather than `localhost`: the issuer in the tokens is built from HOST, and the verifier compares it
    // with the endpoint we hand out, so both must name the host the same way.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEBUG: '',
      COGNITO_LOCAL_MAIL_ENDPOINT: options.mail?.sesEndpoint ?? '',
      COGNITO_LOCAL_MAIL_FROM: options.mail?.from ?? '',
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(child, () => exited);
  try {
    await waitUntil(async () => {
      if (exited) throw new Error(`cognito-local exited, see ${logFile}`);
      const res = await fetch(`${endpoint}/health`);
      if (!res.ok) throw new Error(`health ${res.status}`);
    }, 'cognito-local');
  } catch (e) {
    await stop();
    throw e;
  }
  return { endpoint, port, logFile, stop };
}

/** cognito-local's config file: the trigger functions and the Lambda endpoint that runs them. */
export function cognitoLocalConfig(options: Pick<StartCognitoLocalOptions, 'triggers'>) {
  return {
    LambdaClient: {
      ...(options.triggers ? { endpoint: options.triggers.lambdaEndpoint } : {}),
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    },
    TriggerFunctions: options.triggers?.functions ?? {},
  };
}

/** SIGTERM, then SIGKILL after a grace period; resolves once the child has exited. */
export function stopChild(child: ChildProcess, hasExited: () => boolean, graceMs = 3000): Promise<void> {
  return new Promise<void>((resolve) => {
    if (hasExited() || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
  });
}
