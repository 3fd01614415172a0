/**
 * A Cognito-compatible user-pool server (`cognito-local`, from npm) for the local stack.
 *
 * It runs as a child process because it reads its port from `PORT`/`HOST` when its config module loads and keeps
 * its data in `./.cognito` of its working directory: a child with its own cwd under the stack's data dir keeps
 * both away from the stack's process. Its stdout (which carries the sign-up confirmation codes) goes to a log file
 * beside the data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, openSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, waitUntil } from './ports';

const require = createRequire(import.meta.url);

export interface CognitoLocal {
  /** `http://127.0.0.1:<port>`: the endpoint of the Cognito API and the issuer domain of its tokens. */
  endpoint: string;
  port: number;
  /** Where its output (confirmation codes, requests) is written. */
  logFile: string;
  stop(): Promise<void>;
}

export async function startCognitoLocal(options: { dir: string; port?: number }): Promise<CognitoLocal> {
  const port = options.port ?? (await freePort());
  mkdirSync(options.dir, { recursive: true });
  const logFile = join(options.dir, 'cognito-local.log');
  const log = openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, [require.resolve('cognito-local/lib/bin/start.js')], {
    cwd: options.dir,
    // 127.0.0.1 rather than `localhost`: the issuer in the tokens is built from HOST, and the verifier compares it
    // with the endpoint we hand out, so both must name the host the same way.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEBUG: '' },
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

/** SIGTERM, then SIGKILL after a grace period; resolves once the child has exited. */
export function stopChild(child: ChildProcess, hasExited: () => boolean, graceMs = 3000): Promise<void> {
  return new Promise<void>((resolve) => {
    if (hasExited() || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
  });
}
