/**
 * The address scheme of published photos (DESIGN §4b "Photos"), shared by the API, the seed and the SPA.
 *
 * The photo pipeline writes resized WebP variants of every uploaded photo and the API stores one URL per photo,
 * so answers keep their plain string shapes (`mainImages: string[]`, a card's `image: string`). That URL carries
 * everything a page needs to render the photo without layout shift and at the right size: the photo's id, the
 * dimensions of its largest variant and the width of the variant it points at:
 *
 *     /images/p/<id>/<width>x<height>/<variant width>.webp      e.g. /images/p/3f9c…/2048x1536/1280.webp
 *
 * The variants are the widths of `PHOTO_WIDTHS` narrower than the photo, plus the photo's own width (never
 * upscaled), so every variant's address follows from the stored one. Beside them, every photo has its social-preview
 * crop, a 1200 × 630 JPEG (`SHARE_IMAGE`), at `/images/p/<id>/<width>x<height>/1200x630.jpg`: what `og:image` and
 * `twitter:image` point at (link previews want that shape, and not every previewer reads WebP). Anything else (the
 * seed's old drawings, the placeholder, an external URL) is not a pipeline photo and is shown as it is.
 */

/** Where public images are served, on the site's own origin (CloudFront `/images/*`, the local server alike). */
export const PUBLIC_IMAGES_PATH = '/images/';

/** Published photos, under the public images path. */
export const PHOTOS_PATH = `${PUBLIC_IMAGES_PATH}p/`;

/**
 * Where the browser posts a presigned upload form: a path of the site's own origin that CloudFront (and the local
 * server) forwards to the images bucket, so uploads need no CORS (DESIGN §1: one origin).
 */
export const UPLOAD_FORM_PATH = '/uploads';

/**
 * Variant widths in pixels, about a quarter apart, so that whatever a slot needs (a 72 px avatar at 3×, a phone's
 * half-width tile or full-width card at 2–3×, a desktop card, the detail page's main photo, the lightbox on a
 * laptop or a large screen) the browser downloads at most about a third more pixels than it shows.
 */
export const PHOTO_WIDTHS = [320, 480, 640, 800, 960, 1280, 1600, 2048] as const;

/** The widest variant of each kind of upload: avatars are shown at most a few hundred pixels wide. */
export const PHOTO_MAX_WIDTH = { 'experience-image': 2048, avatar: 640 } as const;

/** The variant a plain `src` (and the stored URL) points at: sharp enough for a detail page, far from the full. */
export const DEFAULT_PHOTO_WIDTH = 1280;

/** The social-preview crop of every photo (`og:image`): cover-cropped to exactly this size, as a JPEG. */
export const SHARE_IMAGE = { width: 1200, height: 630, file: '1200x630.jpg' } as const;

export interface Photo {
  id: string;
  /** Width of the largest variant (the photo's own width, or the pipeline's maximum). */
  width: number;
  /** Height of the largest variant. */
  height: number;
  /** What precedes the path (`https://example.com` for an absolute URL; empty for a site path). */
  origin: string;
}

export interface PhotoVariant {
  width: number;
  height: number;
  url: string;
}

const ID = /^[A-Za-z0-9_-]{8,64}$/;
const PHOTO_PATH = /^\/images\/p\/([A-Za-z0-9_-]{8,64})\/(\d{1,5})x(\d{1,5})\/(\d{1,5})\.webp$/;

/** The dimensions of the largest variant of a photo of `width` × `height` pixels (after its EXIF rotation). */
export function publishedDimensions(
  width: number,
  height: number,
  maxWidth: number,
): { width: number; height: number } {
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

/** Widths of a photo's variants, narrowest first: the standard widths below its own, then its own. */
export function photoVariantWidths(width: number): number[] {
  return [...PHOTO_WIDTHS.filter((w) => w < width), width];
}

/** The height of the variant `variantWidth` wide (the one formula the pipeline resizes with). */
export function variantHeight(photo: Pick<Photo, 'width' | 'height'>, variantWidth: number): number {
  if (variantWidth === photo.width) return photo.height;
  return Math.max(1, Math.round((photo.height * variantWidth) / photo.width));
}

/** The folder of a photo's objects: `/images/p/<id>/<width>x<height>/`. */
function folderOf(photo: Omit<Photo, 'origin'>): string {
  return `${PHOTOS_PATH}${photo.id}/${photo.width}x${photo.height}/`;
}

function pathOf(photo: Omit<Photo, 'origin'>, variantWidth: number): string {
  return `${folderOf(photo)}${variantWidth}.webp`;
}

/** The URL the API stores for a newly published photo (its detail-sized variant, or its own width if smaller). */
export function photoUrl(photo: Omit<Photo, 'origin'>): string {
  if (!ID.test(photo.id)) throw new Error(`Not a photo id: ${photo.id}`);
  const widths = photoVariantWidths(photo.width);
  const stored = widths.includes(DEFAULT_PHOTO_WIDTH) ? DEFAULT_PHOTO_WIDTH : widths[widths.length - 1]!;
  return pathOf(photo, stored);
}

/** The photo a URL names, or null for anything that is not a pipeline photo (it is then shown as it is). */
export function parsePhotoUrl(url: string | null | undefined): Photo | null {
  if (!url) return null;
  let origin = '';
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    if (!URL.canParse(url)) return null;
    const parsed = new URL(url);
    if (parsed.search || parsed.hash) return null;
    origin = parsed.origin;
    path = parsed.pathname;
  }
  const m = PHOTO_PATH.exec(path);
  if (!m) return null;
  const photo = { id: m[1]!, width: Number(m[2]), height: Number(m[3]), origin };
  if (photo.width < 1 || photo.height < 1) return null;
  // The stored variant must be one the pipeline writes; anything else is a made-up address.
  if (!photoVariantWidths(photo.width).includes(Number(m[4]))) return null;
  return photo;
}

/**
 * The address of a photo's social-preview crop (`SHARE_IMAGE`), with the origin `url` has; other images come back
 * as they are.
 */
export function shareImageUrl(url: string): string {
  const photo = parsePhotoUrl(url);
  if (!photo) return url;
  return `${photo.origin}${folderOf(photo)}${SHARE_IMAGE.file}`;
}

/** Every variant of a photo, narrowest first. */
export function photoVariants(photo: Photo): PhotoVariant[] {
  return photoVariantWidths(photo.width).map((width) => ({
    width,
    height: variantHeight(photo, width),
    url: `${photo.origin}${pathOf(photo, width)}`,
  }));
}

/**
 * The narrowest variant at least `minWidth` pixels wide (the widest when none is): for a single address where no
 * `srcset` applies, such as a social preview. Non-pipeline URLs come back as they are.
 */
export function photoVariantUrl(url: string, minWidth: number): string {
  const photo = parsePhotoUrl(url);
  if (!photo) return url;
  const variants = photoVariants(photo);
  return (variants.find((v) => v.width >= minWidth) ?? variants[variants.length - 1]!).url;
}

/** What an `<img>` needs: `src` always; for a pipeline photo also its variants, `sizes` and its dimensions. */
export interface ImageAttributes {
  src: string;
  srcSet?: string;
  sizes?: string;
  width?: number;
  height?: number;
}

/**
 * The attributes of an `<img>` showing `url` at `sizes` (the CSS widths it takes, as in the `sizes` attribute):
 * the browser then downloads the narrowest variant that covers the slot at the screen's density. `width` and
 * `height` give the box its aspect ratio before any byte arrives. Other images get `src` only.
 */
export function responsiveImage(url: string, sizes: string): ImageAttributes {
  const photo = parsePhotoUrl(url);
  if (!photo) return { src: url };
  const variants = photoVariants(photo);
  return {
    src: photoVariantUrl(url, DEFAULT_PHOTO_WIDTH),
    srcSet: variants.map((v) => `${v.url} ${v.width}w`).join(', '),
    sizes,
    width: photo.width,
    height: photo.height,
  };
}
