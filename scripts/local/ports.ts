import { createServer } from 'node:net';

/**
 * Ports we hand out lie below the system's ephemeral range (Linux: 32768–60999), where no outgoing connection takes
 * its local port: a port the kernel picked for `listen(0)` lies inside that range, and between our check and the
 * service's own `listen` any client socket of a busy test run could take it (seen as `EADDRINUSE` in CI).
 */
const PORT_RANGE = { from: 20_000, to: 32_000 };

/** Whether a TCP port on the loopback interface can be listened on right now. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A TCP port that is free on the loopback interface right now (see `PORT_RANGE`). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (await isPortFree(port)) return port;
  }
  throw new Error(`No free port between ${PORT_RANGE.from} and ${PORT_RANGE.to} on 127.0.0.1`);
}

/** Polls `probe` until it resolves, or fails after `timeoutMs` with the last error. */
export async function waitUntil(
  probe: () => Promise<unknown>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      await probe();
      return;
    } catch (e) {
      lastError = e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${what} did not become ready in ${timeoutMs} ms: ${String(lastError)}`);
}
