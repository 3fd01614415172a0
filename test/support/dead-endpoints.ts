/**
 * Endpoints of a dependency that is down, for the fast-failure tests (DESIGN §4f): one that accepts connections and
 * never answers (a frozen DynamoDB, a stalled load balancer) and one where nothing listens (connection refused).
 */
import { createServer, type Socket } from 'node:net';

export interface DeadEndpoint {
  url: string;
  /** Connections accepted so far (the stalled one), to prove the client tried and gave up. */
  readonly connections: number;
  close(): Promise<void>;
}

/** Accepts every connection, reads whatever comes and never writes a byte back. */
export async function startStalledEndpoint(): Promise<DeadEndpoint> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port that was free a moment ago and is closed again: connecting to it is refused at once. */
export async function refusedEndpoint(): Promise<DeadEndpoint> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `http://127.0.0.1:${port}`, connections: 0, close: async () => {} };
}
