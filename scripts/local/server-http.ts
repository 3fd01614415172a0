/** Small HTTP helpers of the local server: bodies, plain answers, path decoding. */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Reads the body, or answers `too_large` once it passes the limit (the rest is drained, not kept). */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null | 'too_large'> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > maxBytes;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) resolvePromise('too_large');
      else resolvePromise(size === 0 ? null : Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

export function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolvePromise) => {
    if (req.readableEnded) return resolvePromise();
    req.on('end', () => resolvePromise());
    req.on('error', () => resolvePromise());
    req.resume();
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
