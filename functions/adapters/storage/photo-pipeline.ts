/**
 * The photo pipeline's image work (DESIGN §4b "Photos"), with sharp (libvips): an uploaded file is accepted only if its
 * first bytes are those of JPEG, PNG or WebP (sniffed before any decoder sees the file: libvips also reads SVG, TIFF,
 * HEIF, PDF…, each a parser we do not want to expose) and it decodes as such within the pixel limit, which every
 * call into sharp carries; then it is turned upright (EXIF orientation), stripped of its
 * metadata (camera, GPS position) and written as WebP at each width of the address scheme (`domain/images.ts`), never
 * wider than it is, plus its 1200 × 630 social-preview crop as a JPEG. The host API runs it when a form attaches an
 * upload; the seed runs the same code on its generated photos.
 */
import type { Sharp, SharpOptions } from 'sharp';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_PIXELS } from '../../domain/schemas/host-api';
import {
  SHARE_IMAGE,
  photoVariantWidths,
  publishedDimensions,
  variantHeight,
  type PhotoVariant,
} from '../../domain/images';

/** The bytes are not an image we accept (whatever the file was called or declared). */
export class NotAnImageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NotAnImageError';
  }
}

/** An image of a known format we do not accept (SVG, TIFF, HEIC, GIF…, whatever it was declared as). */
export class UnsupportedFormatError extends NotAnImageError {
  constructor(format: string) {
    super(`Unsupported image format: ${format}`);
    this.name = 'UnsupportedFormatError';
  }
}

/** An image with more pixels than `MAX_IMAGE_PIXELS`: refused before it is decoded. */
export class TooManyPixelsError extends NotAnImageError {
  constructor() {
    super('The image has too many pixels');
    this.name = 'TooManyPixelsError';
  }
}

/**
 * The formats of `ACCEPTED_IMAGE_TYPES`, as sharp names them; libvips reads more (SVG, TIFF, PDF…), which we do not
 * accept.
 */
const ACCEPTED_FORMATS = new Set<string>(ACCEPTED_IMAGE_TYPES.map((type) => type.slice('image/'.length)));

/**
 * Decoding a 10 MB file can take far more memory than 10 MB (a "decompression bomb"): anything over
 * `MAX_IMAGE_PIXELS` is refused from its header, before it is decoded, and sharp refuses to decode more.
 */
export const MAX_INPUT_PIXELS = MAX_IMAGE_PIXELS;

/** WebP quality of the variants: visually lossless at these sizes for photos, a fraction of JPEG's bytes. */
const WEBP_QUALITY = 78;

/** JPEG quality of the social-preview crop (about 100–200 KB for a photo; previewers want under 5 MB). */
const SHARE_JPEG_QUALITY = 82;

export interface RenderedVariant extends Omit<PhotoVariant, 'url'> {
  body: Buffer;
}

export interface RenderedPhoto {
  /** Format the upload really was (by its bytes). */
  format: string;
  /** Dimensions of the largest variant. */
  width: number;
  height: number;
  variants: RenderedVariant[];
  /** The social-preview crop: `SHARE_IMAGE.width` × `SHARE_IMAGE.height`, JPEG. */
  share: Buffer;
}

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp;
let sharpFactory: Promise<SharpFactory> | undefined;

/**
 * sharp loads libvips, a native library (about 85 ms): only requests that process a photo pay for it. In the
 * Lambda bundle (CommonJS, sharp shipped beside it) that is a `require` at first use; where the code runs as ES
 * modules (the local stack, the tests) a dynamic import.
 */
function loadSharp(): Promise<SharpFactory> {
  sharpFactory ??=
    typeof require === 'function'
      ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy, see above
        Promise.resolve(require('sharp') as SharpFactory)
      : import('sharp').then((m) => m.default as SharpFactory);
  return sharpFactory;
}

/** The formats we accept, as sharp names them, by the magic bytes each file starts with. */
export type AcceptedFormat = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The format of `bytes` by their magic bytes, or `null` for anything but JPEG (`FF D8 FF`), PNG (its 8-byte
 * signature) and WebP (`RIFF`, a size, `WEBP`). Nothing is decoded: this runs before the bytes reach any library.
 */
export function sniffImageFormat(bytes: Buffer): AcceptedFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/** What a file we refuse seems to be, for the message: a known image format, or no image at all. */
function otherImageFormat(bytes: Buffer): string | null {
  const head = bytes
    .toString('latin1', 0, Math.min(bytes.length, 512))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml|<svg|<!DOCTYPE svg)/i.test(head)) return 'svg';
  if (/^(II\*\0|MM\0\*)/.test(head)) return 'tiff';
  if (/^GIF8[79]a/.test(head)) return 'gif';
  if (head.startsWith('BM')) return 'bmp';
  if (head.startsWith('%PDF')) return 'pdf';
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const brand = bytes.toString('latin1', 8, 12);
    if (/^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(brand)) return 'heic';
    if (/^avi[fs]$/.test(brand)) return 'avif';
  }
  return null;
}

/**
 * The only door to the decoder: bytes that are not JPEG, PNG or WebP by their magic bytes are refused here, so
 * libvips never parses them (an SVG declared as `image/jpeg` never meets librsvg).
 */
function admit(bytes: Buffer): AcceptedFormat {
  const format = sniffImageFormat(bytes);
  if (format) return format;
  const other = otherImageFormat(bytes);
  if (other) throw new UnsupportedFormatError(other);
  throw new NotAnImageError('The file is not an image');
}

/** Options of every sharp call that reads a file: the pixel limit first of all. */
const INPUT_OPTIONS = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // A truncated or corrupt file is refused rather than published half grey.
  failOn: 'error',
  // Animated WebP: the first frame.
  pages: 1,
} as const satisfies SharpOptions;

/** Raw pixels this pipeline decoded itself: still under the pixel limit, so no call is without it. */
const rawInput = (info: { width: number; height: number; channels: number }): SharpOptions => ({
  limitInputPixels: MAX_INPUT_PIXELS,
  raw: { width: info.width, height: info.height, channels: info.channels as 1 | 2 | 3 | 4 },
});

/** sharp's refusal of an input past `limitInputPixels` ("Input image exceeds pixel limit"). */
const isPixelLimitError = (e: unknown) => e instanceof Error && /pixel limit/i.test(e.message);

/**
 * Reads the image's format and upright dimensions from its bytes: `UnsupportedFormatError` for another image
 * format, `TooManyPixelsError` over the limit, `NotAnImageError` when they are no image.
 */
export async function inspectPhoto(
  bytes: Buffer,
): Promise<{ format: string; width: number; height: number }> {
  const sniffed = admit(bytes);
  const sharp = await loadSharp();
  let metadata;
  try {
    // The header only (no pixels are decoded here); libvips checks the limit against the header's dimensions.
    metadata = await sharp(bytes, INPUT_OPTIONS).metadata();
  } catch (e) {
    if (isPixelLimitError(e)) throw new TooManyPixelsError();
    throw new NotAnImageError('The file is not an image', { cause: e });
  }
  const format = metadata.format ?? 'unknown';
  // The decoder must agree with the magic bytes (a file cannot start as a PNG and be read as something else).
  if (format !== sniffed || !ACCEPTED_FORMATS.has(format)) {
    throw new NotAnImageError(`The file's bytes say ${sniffed}, its decoder ${format}`);
  }
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw new NotAnImageError('The image has no dimensions');
  if (width * height > MAX_INPUT_PIXELS) throw new TooManyPixelsError();
  return { format, width, height };
}

/**
 * The social-preview crop of an upright image: scaled to cover 1200 × 630 and cropped to it around the region
 * libvips finds most salient (`attention`: skin tones, saturated colour, detail) rather than the centre, so a
 * portrait keeps its subject; a photo narrower than 1200 px is enlarged (previewers want the full size). JPEG
 * (progressive, no metadata): every previewer reads it, where WebP is not certain.
 */
function shareCrop(image: Sharp): Promise<Buffer> {
  return image
    .resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: 'cover', position: 'attention' })
    .jpeg({ quality: SHARE_JPEG_QUALITY, progressive: true, mozjpeg: true })
    .toBuffer();
}

/**
 * The social-preview crop made from an already published variant (the largest): for photos published before the
 * crop existed (`scripts/backfill-share-images.ts`, the seed's photo cache). Same crop as `renderPhoto`'s.
 */
export async function renderShareImage(variant: Buffer): Promise<Buffer> {
  admit(variant);
  const sharp = await loadSharp();
  try {
    return await shareCrop(sharp(variant, INPUT_OPTIONS).autoOrient());
  } catch (e) {
    throw new NotAnImageError('The image could not be decoded', { cause: e });
  }
}

/**
 * Every variant of the photo, narrowest first, each `width` × `height` exactly as `domain/images.ts` computes
 * them (so a page's `width`/`height` attributes match the pixels it receives), and the social-preview crop.
 */
export async function renderPhoto(bytes: Buffer, maxWidth: number): Promise<RenderedPhoto> {
  const source = await inspectPhoto(bytes);
  const sharp = await loadSharp();
  const largest = publishedDimensions(source.width, source.height, maxWidth);
  // One decode: the upright, largest variant as 8-bit sRGB pixels, from which every WebP is encoded (CMYK and
  // 16-bit sources included).
  let upright: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    upright = await sharp(bytes, INPUT_OPTIONS)
      .autoOrient()
      .resize(largest.width, largest.height, { fit: 'fill' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (e) {
    throw new NotAnImageError('The image could not be decoded', { cause: e });
  }
  const raw = rawInput(upright.info);
  const variants: RenderedVariant[] = [];
  // One at a time: libvips already uses every core for each, and memory stays at one variant's worth.
  for (const width of photoVariantWidths(largest.width)) {
    const height = variantHeight(largest, width);
    let pipeline = sharp(upright.data, raw);
    if (width !== largest.width) pipeline = pipeline.resize(width, height, { fit: 'fill' });
    // No `withMetadata`: sharp writes no EXIF, XMP or ICC profile unless asked.
    const body = await pipeline.webp({ quality: WEBP_QUALITY, effort: 4 }).toBuffer();
    variants.push({ width, height, body });
  }
  const share = await shareCrop(sharp(upright.data, raw));
  return { format: source.format, width: largest.width, height: largest.height, variants, share };
}
