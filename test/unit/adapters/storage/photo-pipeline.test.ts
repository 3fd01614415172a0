import sharp from 'sharp';
import {
  inspectPhoto,
  NotAnImageError,
  TooManyPixelsError,
  renderPhoto,
  renderShareImage,
} from '../../../../functions/adapters/storage/photo-pipeline';
import { PHOTO_MAX_WIDTH } from '../../../../functions/domain/images';
import { cameraJpeg, noisePng, TEXT_FILE } from '../../../support/photos';

const decoded = async (body: Buffer) => sharp(body).metadata();

describe('the photo pipeline', () => {
  it('turns a 4000×3000 phone photo into WebP variants from 320 to 2048 px, exactly as announced', async () => {
    const photo = await renderPhoto(await cameraJpeg(4000, 3000), PHOTO_MAX_WIDTH['experience-image']);
    expect(photo).toMatchObject({ format: 'jpeg', width: 2048, height: 1536 });
    expect(photo.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 240],
      [480, 360],
      [640, 480],
      [800, 600],
      [960, 720],
      [1280, 960],
      [1600, 1200],
      [2048, 1536],
    ]);
    for (const variant of photo.variants) {
      const meta = await decoded(variant.body);
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', variant.width, variant.height]);
      // Camera, copyright and position data stay with the original, which is not kept.
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
    // A fraction of the original's weight: the card variant is a few kilobytes.
    expect(photo.variants[1]!.body.length).toBeLessThan(60_000);
  }, 30_000);

  it('turns a photo taken sideways upright (EXIF orientation 6: rotate 90°)', async () => {
    const photo = await renderPhoto(await cameraJpeg(1600, 1200, 6), 2048);
    expect([photo.width, photo.height]).toEqual([1200, 1600]);
    const full = photo.variants.at(-1)!;
    expect([full.width, full.height]).toEqual([1200, 1600]);
    // The source's left edge (dark red, x = 0) is the top after a clockwise quarter turn.
    const { data } = await sharp(full.body).raw().toBuffer({ resolveWithObject: true });
    const topRowRed = data[Math.round(1200 / 2) * 3]!;
    const bottomRowRed = data[(1599 * 1200 + 600) * 3]!;
    expect(topRowRed).toBeLessThan(40);
    expect(bottomRowRed).toBeGreaterThan(215);
  }, 30_000);

  describe('the social-preview crop (og:image)', () => {
    const isCrop = async (body: Buffer) => {
      const meta = await decoded(body);
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
      expect(meta.exif).toBeUndefined();
    };

    it('is a 1200 × 630 JPEG from a landscape phone photo', async () => {
      const photo = await renderPhoto(await cameraJpeg(4000, 3000), PHOTO_MAX_WIDTH['experience-image']);
      await isCrop(photo.share);
      // A photo, not a blank: JPEG of a 1200 × 630 area with detail, yet well under previewers' limits.
      expect(photo.share.length).toBeGreaterThan(5_000);
      expect(photo.share.length).toBeLessThan(1_000_000);
    }, 30_000);

    it('is a 1200 × 630 JPEG from a portrait photo taken sideways, cropped from the upright photo', async () => {
      const photo = await renderPhoto(await cameraJpeg(1600, 1200, 6), 2048);
      expect([photo.width, photo.height]).toEqual([1200, 1600]);
      await isCrop(photo.share);
      // Upright: the source's red grows left to right, so after the quarter turn it grows top to bottom (by the
      // crop's 630 of 1600 rows: about 100 levels) and stays level along a row.
      const { data } = await sharp(photo.share).raw().toBuffer({ resolveWithObject: true });
      const red = (x: number, y: number) => data[(y * 1200 + x) * 3]!;
      expect(red(600, 629) - red(600, 0)).toBeGreaterThan(80);
      expect(Math.abs(red(1199, 315) - red(0, 315))).toBeLessThan(12);
    }, 30_000);

    it('is 1200 × 630 even from a photo smaller than that, and from a published WebP variant', async () => {
      await isCrop((await renderPhoto(await cameraJpeg(500, 400), 2048)).share);
      const largest = (await renderPhoto(await cameraJpeg(900, 1200), 2048)).variants.at(-1)!;
      await isCrop(await renderShareImage(largest.body));
      await expect(renderShareImage(TEXT_FILE)).rejects.toBeInstanceOf(NotAnImageError);
    });
  });

  it('never makes a small photo larger than it is', async () => {
    const photo = await renderPhoto(await cameraJpeg(500, 400), 2048);
    expect(photo.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 256],
      [480, 384],
      [500, 400],
    ]);
  });

  it('keeps an avatar within 640 px', async () => {
    const photo = await renderPhoto(await cameraJpeg(3000, 3000), PHOTO_MAX_WIDTH.avatar);
    expect(photo.variants.map((v) => v.width)).toEqual([320, 480, 640]);
  });

  it('reads PNG (and its transparency) as well as JPEG', async () => {
    const png = await sharp({
      create: { width: 800, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const photo = await renderPhoto(png, 2048);
    expect(photo.format).toBe('png');
    expect((await decoded(photo.variants[0]!.body)).hasAlpha).toBe(true);
    expect((await inspectPhoto(await noisePng(10_000))).format).toBe('png');
  });

  it.each([
    ['a text file named .jpg', TEXT_FILE],
    ['an empty file', Buffer.alloc(0)],
    [
      'an SVG drawing (scripts and external references have no place in a photo)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    ],
    ['a truncated JPEG', async () => (await cameraJpeg(800, 600)).subarray(0, 2000)],
  ])('refuses %s as not an image', async (_label, input) => {
    const bytes = typeof input === 'function' ? await input() : input;
    await expect(renderPhoto(bytes, 2048)).rejects.toBeInstanceOf(NotAnImageError);
  });

  it('refuses an image over 40 megapixels from its header, before decoding it', async () => {
    const wide = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#456' } })
      .png()
      .toBuffer();
    await expect(inspectPhoto(wide)).rejects.toBeInstanceOf(TooManyPixelsError);
    const fits = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#456' } })
      .png()
      .toBuffer();
    await expect(inspectPhoto(fits)).resolves.toMatchObject({ width: 8000, height: 5000 });
  });
});
