/**
 * Photos for the pipeline's tests, made with sharp on the spot: a phone-sized JPEG (with camera EXIF and an
 * orientation when asked), an image of a given size in bytes, and files that only pretend to be images.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A JPEG `width` × `height` as the camera stored it, with EXIF (camera, copyright) and `orientation` (1–8). */
export async function cameraJpeg(width: number, height: number, orientation = 1): Promise<Buffer> {
  // A gradient, so that a rotation or a stretch would show in the variants' pixels.
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      pixels[o] = Math.round((255 * x) / width);
      pixels[o + 1] = Math.round((255 * y) / height);
      pixels[o + 2] = 96;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'Pixel', Model: 'Pixel 9', Copyright: 'A host' } })
    .withMetadata({ orientation })
    .toBuffer();
}

/** A PNG of noise of at least `bytes` bytes (noise does not compress): a real image, and a large one. */
export async function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A text file, as a host might rename one `holiday.jpg`. */
export const TEXT_FILE = Buffer.from('Dear host,\nthis is a text file with a .jpg name.\n');
