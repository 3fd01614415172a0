/**
 * The local mail outbox (`aws-ses-v2-local`, from npm), run in-process: it answers the SES v1/v2 SendEmail APIs and
 * keeps every mail in memory. `GET /store` lists them as JSON, `POST /clear-store` empties the outbox and `GET /` is
 * a mailbox page for people. The outbox is process-wide (the package keeps it in a module variable) and is not
 * persisted: a restart starts with an empty outbox.
 */
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import { freePort, waitUntil } from './ports';

const require = createRequire(import.meta.url);
const sesLocal = require('aws-ses-v2-local') as {
  default: (config: { host?: string; port?: number }) => Promise<Server>;
};

export interface SesLocal {
  /** SES API endpoint, and the mailbox page at `/`. */
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

export async function startSesLocal(options: { port?: number } = {}): Promise<SesLocal> {
  const port = options.port ?? (await freePort());
  const server = await sesLocal.default({ host: '127.0.0.1', port });
  const endpoint = `http://127.0.0.1:${port}`;
  await waitUntil(async () => {
    const res = await fetch(`${endpoint}/health-check`);
    if (!res.ok) throw new Error(`status ${res.status}`);
  }, 'aws-ses-v2-local');
  return {
    endpoint,
    port,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        // The mailbox page polls; idle keep-alive connections would otherwise hold `close` open.
        server.closeAllConnections();
      }),
  };
}
