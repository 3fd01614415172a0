/**
 * The seed's photos (issue 11 item 3): photo-sized JPEGs drawn on this machine (no downloads, no binary files in
 * the repository) that go through the photo pipeline hosts' uploads go through (`renderPhoto`), so the guest pages
 * are measured and tested on what real hosts upload (3–10 MB phone photos), not on tiny drawings.
 *
 * Each photo is one of the seed's landscapes (`images.ts`) rasterised at 4000 × 3000 (a 12-megapixel phone photo),
 * with film-like grain at three scales so that it compresses like a photograph (2.5–3.5 MB as a JPEG at quality 90,
 * and variants the size of a real photo's), deterministic from its description.
 *
 * Drawing and rendering take a second or two per photo, and every integration and browser test starts a stack
 * that seeds: the rendered variants are cached on disk (`node_modules/.cache/ehime-seed-photos`), keyed by a hash
 * of everything that determines their bytes, so only the first run on a machine pays. Several processes may seed
 * at once (test files run in parallel): each photo is rendered by whichever process locks it first, the others
 * take other photos meanwhile and then read the cache.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';
import { PHOTO_MAX_WIDTH, PHOTO_WIDTHS } from '../../functions/domain/images';
import type { UploadPurpose } from '../../functions/domain/schemas/host-api';
import {
  inspectPhoto,
  renderPhoto,
  renderShareImage,
  type RenderedPhoto,
} from '../../functions/adapters/storage/photo-pipeline';
import { avatarSvg, landscapeSvg, type Scene } from './images';

/** What the seed draws; the cache key is derived from it. */
export type SeedPhotoSpec =
  | { kind: 'landscape'; title: string; scene: Scene; variant: number }
  | { kind: 'avatar'; name: string; color: string };

/** The size of a seeded landscape: a phone photo's (at least 3000 px wide, issue 11). */
export const SEED_PHOTO_WIDTH = 4000;
export const SEED_PHOTO_HEIGHT = 3000;

/** Bump when the drawing changes, so caches made by older code are not used. */
const GENERATOR_VERSION = 3;

/** `SEED_PHOTO_CACHE_DIR` when set to a folder (an empty value counts as unset). */
export const SEED_PHOTO_CACHE_DIR =
  process.env.SEED_PHOTO_CACHE_DIR ||
  fileURLToPath(new URL('../../node_modules/.cache/ehime-seed-photos', import.meta.url));

/** The stable id of a seeded photo (its published address stays the same across runs and machines). */
export function seedPhotoKey(spec: SeedPhotoSpec, purpose: UploadPurpose): string {
  const inputs = {
    GENERATOR_VERSION,
    sharp: sharp.versions.sharp,
    widths: PHOTO_WIDTHS,
    maxWidth: PHOTO_MAX_WIDTH[purpose],
    spec,
  };
  return `seed-${createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 32)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Drawing

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let grainLayers: Promise<OverlayOptions[]> | undefined;

/**
 * Grain at three scales, blended over the drawing: fine (sensor noise), medium and coarse (texture that survives
 * downscaling, as a photo's detail does). Tiles of prime sizes, so their repetition does not line up.
 */
function grain(): Promise<OverlayOptions[]> {
  grainLayers ??= Promise.all(
    [
      { seed: 1, tile: 509, scale: 1, amplitude: 22 },
      { seed: 2, tile: 257, scale: 5, amplitude: 35 },
      { seed: 3, tile: 131, scale: 17, amplitude: 50 },
    ].map(async ({ seed, tile, scale, amplitude }) => {
      const rand = random(seed);
      const pixels = Buffer.alloc(tile * tile * 3);
      for (let i = 0; i < pixels.length; i += 3) {
        const v = 128 + Math.round((rand() + rand() + rand() - 1.5) * amplitude);
        pixels[i] = v;
        pixels[i + 1] = v + Math.round((rand() - 0.5) * amplitude * 0.3);
        pixels[i + 2] = v;
      }
      const size = tile * scale;
      const input = await sharp(pixels, { raw: { width: tile, height: tile, channels: 3 } })
        .resize(size, size, { kernel: 'cubic' })
        .raw()
        .toBuffer();
      return {
        input,
        raw: { width: size, height: size, channels: 3 },
        tile: true,
        blend: 'soft-light',
      } as const;
    }),
  ).then((layers) => layers.reverse());
  return grainLayers;
}

/** The original a host would have uploaded: a 3200 × 2400 JPEG, or a PNG avatar. */
export async function drawSeedPhoto(spec: SeedPhotoSpec): Promise<Buffer> {
  if (spec.kind === 'avatar') {
    return sharp(Buffer.from(avatarSvg(spec.name, spec.color)), { density: 72 * 2.5 })
      .png()
      .toBuffer();
  }
  const svg = landscapeSvg({ title: spec.title, scene: spec.scene, variant: spec.variant });
  const drawing = await sharp(Buffer.from(svg), { density: (72 * SEED_PHOTO_WIDTH) / 1200 })
    .resize(SEED_PHOTO_WIDTH, SEED_PHOTO_HEIGHT, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return sharp(drawing, { raw: { width: SEED_PHOTO_WIDTH, height: SEED_PHOTO_HEIGHT, channels: 3 } })
    .composite(await grain())
    .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------------------------
// The cache

interface Manifest {
  format: string;
  width: number;
  height: number;
  /** Size and width of the original the variants were rendered from. */
  originalBytes: number;
  originalWidth: number;
  variants: { width: number; height: number; file: string }[];
}

export interface SeedPhoto extends RenderedPhoto {
  /** The photo's id (`seed-<hash>`). */
  id: string;
  originalBytes: number;
  originalWidth: number;
}

/** The social-preview crop's file in a cached photo's folder. */
const SHARE_FILE = 'share.jpg';

/**
 * A cached photo's social-preview crop; a photo cached before crops existed gets it now, from its largest variant
 * (as `scripts/backfill-share-images.ts` does in AWS), written atomically beside the variants.
 */
async function cachedShare(folder: string, largest: Buffer): Promise<Buffer> {
  const path = join(folder, SHARE_FILE);
  if (existsSync(path)) return readFileSync(path);
  const share = await renderShareImage(largest);
  const tmp = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(tmp, share);
  renameSync(tmp, path);
  return share;
}

async function readCached(dir: string, id: string): Promise<SeedPhoto | null> {
  const manifestPath = join(dir, id, 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  try {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const variants = manifest.variants.map((v) => ({
      width: v.width,
      height: v.height,
      body: readFileSync(join(dir, id, v.file)),
    }));
    return {
      id,
      format: manifest.format,
      width: manifest.width,
      height: manifest.height,
      originalBytes: manifest.originalBytes,
      originalWidth: manifest.originalWidth,
      variants,
      share: await cachedShare(join(dir, id), variants[variants.length - 1]!.body),
    };
  } catch {
    return null;
  }
}

function writeCached(dir: string, id: string, photo: SeedPhoto): void {
  const tmp = join(dir, `${id}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(tmp, { recursive: true });
  const manifest: Manifest = {
    format: photo.format,
    width: photo.width,
    height: photo.height,
    originalBytes: photo.originalBytes,
    originalWidth: photo.originalWidth,
    variants: photo.variants.map((v) => ({ width: v.width, height: v.height, file: `${v.width}.webp` })),
  };
  for (const v of photo.variants) writeFileSync(join(tmp, `${v.width}.webp`), v.body);
  writeFileSync(join(tmp, SHARE_FILE), photo.share);
  writeFileSync(join(tmp, 'manifest.json'), JSON.stringify(manifest));
  try {
    // Atomic: readers see the whole photo or nothing.
    renameSync(tmp, join(dir, id));
  } catch {
    // Another process finished the same photo first.
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** A lock directory held by a live process (or for less than two minutes, while its owner writes its pid). */
function tryLock(lockDir: string): boolean {
  try {
    mkdirSync(lockDir);
    writeFileSync(join(lockDir, 'pid'), String(process.pid));
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  let stale: boolean;
  try {
    const owner = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
    process.kill(owner, 0);
    stale = false;
  } catch {
    stale = Date.now() - statSync(lockDir, { throwIfNoEntry: false })!.mtimeMs > 120_000;
  }
  if (stale) rmSync(lockDir, { recursive: true, force: true });
  return false;
}

export interface SeedPhotoRequest {
  spec: SeedPhotoSpec;
  purpose: UploadPurpose;
}

/**
 * Every requested photo, rendered through the pipeline or read from the cache, in the order asked. `onRender` is
 * told about each photo this process had to draw (the first run on a machine).
 */
export async function seedPhotos(
  requests: SeedPhotoRequest[],
  options: { cacheDir?: string; concurrency?: number; onRender?: (id: string, ms: number) => void } = {},
): Promise<SeedPhoto[]> {
  const dir = options.cacheDir ?? SEED_PHOTO_CACHE_DIR;
  mkdirSync(dir, { recursive: true });
  const ids = requests.map((r) => seedPhotoKey(r.spec, r.purpose));
  const results = new Map<string, SeedPhoto>();
  let pending = [...new Set(ids)].map((id) => ({ id, request: requests[ids.indexOf(id)]! }));

  const render = async ({ id, request }: (typeof pending)[number]) => {
    const started = performance.now();
    const original = await drawSeedPhoto(request.spec);
    const { width: originalWidth } = await inspectPhoto(original);
    const photo = {
      ...(await renderPhoto(original, PHOTO_MAX_WIDTH[request.purpose])),
      id,
      originalBytes: original.length,
      originalWidth,
    };
    writeCached(dir, id, photo);
    options.onRender?.(id, Math.round(performance.now() - started));
    return photo;
  };

  while (pending.length > 0) {
    const deferred: typeof pending = [];
    const queue = [...pending];
    const worker = async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const cached = await readCached(dir, job.id);
        if (cached) {
          results.set(job.id, cached);
          continue;
        }
        const lock = join(dir, `${job.id}.lock`);
        if (!tryLock(lock)) {
          deferred.push(job);
          continue;
        }
        try {
          // Checked again under the lock: another process may have finished it since.
          results.set(job.id, (await readCached(dir, job.id)) ?? (await render(job)));
        } finally {
          rmSync(lock, { recursive: true, force: true });
        }
      }
    };
    // Two at a time: libvips is single-threaded per image here and the machine has more than one core.
    await Promise.all(Array.from({ length: options.concurrency ?? 2 }, worker));
    // Photos another process is drawing: wait a moment, then read them (or draw them if it gave up).
    if (deferred.length > 0) await new Promise((r) => setTimeout(r, 250));
    pending = deferred;
  }
  return ids.map((id) => results.get(id)!);
}
