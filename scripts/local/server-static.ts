/**
 * What is not the API: the built SPA from `web/dist` (with the SPA fallback for client routes), compressed as
 * CloudFront compresses, and the prerendered guest pages through the resolver CloudFront's function shares.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { promisify } from 'node:util';
import { guestPageTarget, resolveGuestPage } from '../../functions/domain/guest-pages';
import { safeDecode, sendText } from './server-http';

/** Where the prerendered guest pages are read from (the local site bucket). */
export interface GuestPageSource {
  get(key: string): Promise<{ body: string; contentType: string } | null>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.xml']);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function createStaticFiles(webRoot: string) {
  const root = resolve(webRoot);
  // Compressed copies, keyed by path, size and mtime, so each file is compressed once per build.
  const compressed = new Map<string, Buffer>();

  async function fileAt(path: string) {
    const full = resolve(join(root, path));
    if (full !== root && !full.startsWith(root + sep)) return null;
    try {
      const s = await stat(full);
      return s.isFile() ? { full, size: s.size, mtimeMs: s.mtimeMs } : null;
    } catch {
      return null;
    }
  }

  async function send(
    req: IncomingMessage,
    res: ServerResponse,
    file: { full: string; size: number; mtimeMs: number },
    cacheControl: string,
  ) {
    const ext = extname(file.full).toLowerCase();
    const etag = `W/"${file.size.toString(16)}-${Math.trunc(file.mtimeMs).toString(16)}"`;
    const headers: Record<string, string | number> = {
      'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'cache-control': cacheControl,
      etag,
      'x-content-type-options': 'nosniff',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    let body: Buffer = await readFile(file.full);
    if (COMPRESSIBLE.has(ext)) {
      body = await encodeForClient(req, body, headers, (encoding) => {
        const cacheKey = `${encoding}:${file.full}:${file.size}:${file.mtimeMs}`;
        return { get: () => compressed.get(cacheKey), set: (packed) => compressed.set(cacheKey, packed) };
      });
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return {
    async serve(req: IncomingMessage, res: ServerResponse, rawPath: string): Promise<void> {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        sendText(res, 405, 'Method Not Allowed');
        return;
      }
      const path = safeDecode(rawPath);
      const file = path.endsWith('/') ? null : await fileAt(path);
      if (file) {
        // Vite writes content-hashed names under /assets: safe to cache forever. Other public files may change.
        const cache = path.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : path === '/index.html'
            ? 'no-cache'
            : 'public, max-age=3600';
        await send(req, res, file, cache);
        return;
      }
      // A missing file (anything with an extension) is a 404; any other path is a client route of the SPA.
      const lastSegment = path.split('/').pop() ?? '';
      if (extname(lastSegment) !== '') {
        sendText(res, 404, 'Not Found');
        return;
      }
      const index = await fileAt('/index.html');
      if (!index) {
        sendText(
          res,
          503,
          'The web app is not built. Run `npm run build:web` (npm start builds it when needed).',
        );
        return;
      }
      await send(req, res, index, 'no-cache');
    },
  };
}

/**
 * The body in the best encoding the client accepts (brotli, gzip), as CloudFront compresses: sets `vary` and
 * `content-encoding`. `cache` keeps a packed body across requests (static files); without it, packs every time.
 */
export async function encodeForClient(
  req: IncomingMessage,
  body: Buffer,
  headers: Record<string, string | number>,
  cache?: (encoding: 'br' | 'gzip') => { get(): Buffer | undefined; set(packed: Buffer): void },
): Promise<Buffer> {
  if (body.length <= 1024) return body;
  headers.vary = 'accept-encoding';
  const accept = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
  if (!encoding) return body;
  const slot = cache?.(encoding);
  let packed = slot?.get();
  if (!packed) {
    packed =
      encoding === 'br'
        ? await brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
        : await gzipAsync(body, { level: 6 });
    slot?.set(packed);
  }
  headers['content-encoding'] = encoding;
  return packed;
}

/**
 * A prerendered guest page, the sitemap or robots.txt, when the shared resolver says so (CloudFront's function runs
 * the same `resolveGuestPage`): true when it answered, false to let the SPA's files answer.
 */
export async function serveGuestPage(
  req: IncomingMessage,
  res: ServerResponse,
  rawPath: string,
  hasQuery: boolean,
  pages: GuestPageSource,
): Promise<boolean> {
  const path = safeDecode(rawPath);
  const target = guestPageTarget(path);
  if (!target) return false;
  // A path the site does not have (`key` ''): no page to look for, the not-found page answers.
  const found = target.key ? await pages.get(target.key) : null;
  const answer = resolveGuestPage(path, hasQuery, (key) => key === target.key && found !== null);
  if (answer.kind === 'shell') return false;
  const page = answer.kind === 'page' ? found : await pages.get(answer.key);
  const headers: Record<string, string | number> = {
    'content-type': page?.contentType ?? 'text/plain; charset=utf-8',
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    ...(answer.status === 404 ? { 'x-robots-tag': 'noindex' } : {}),
  };
  const body = await encodeForClient(req, Buffer.from(page?.body ?? 'Not Found'), headers);
  headers['content-length'] = body.length;
  res.writeHead(answer.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
