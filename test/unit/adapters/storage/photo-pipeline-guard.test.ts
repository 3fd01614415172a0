/**
 * The photo pipeline's guard (issue 29): the bytes are sniffed before any decoder sees them (only JPEG, PNG and
 * WebP reach libvips, whatever the upload declared), and every call into sharp carries the pixel limit. sharp is
 * wrapped here so the test sees every call the pipeline makes.
 */
import { createRequire } from 'node:module';
import type { SharpOptions } from 'sharp';
import {
  inspectPhoto,
  MAX_INPUT_PIXELS,
  NotAnImageError,
  renderPhoto,
  renderShareImage,
  sniffImageFormat,
  TooManyPixelsError,
  UnsupportedFormatError,
} from '../../../../functions/adapters/storage/photo-pipeline';
import { cameraJpeg, noisePng, TEXT_FILE } from '../../../support/photos';

type SharpFactory = (input?: unknown, options?: SharpOptions) => import('sharp').Sharp;

/**
 * The pipeline loads sharp with `require` at its first use (as in the Lambda bundle), so the test puts a recording
 * wrapper into the module cache before that first use, and takes it out again afterwards.
 */
const require = createRequire(import.meta.url);
const sharpPath = require.resolve('sharp');
const real = require('sharp') as SharpFactory;
const sharpCalls: { input: unknown; options: SharpOptions | undefined }[] = [];
const recording = Object.assign((input?: unknown, options?: SharpOptions) => {
  sharpCalls.push({ input, options });
  return real(input, options);
}, real);
beforeAll(() => {
  require.cache[sharpPath]!.exports = recording;
});
afterAll(() => {
  require.cache[sharpPath]!.exports = real;
});

/** A HEIC file's first box (`ftyp`, brand `heic`): what an iPhone photo starts with. */
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
  Buffer.alloc(64, 7),
]);
/** A little-endian TIFF header (`II*\0`) and a first directory offset. */
const TIFF = Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0, 0, 0]), Buffer.alloc(64)]);
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]);

beforeEach(() => {
  sharpCalls.length = 0;
});

describe('sniffing the bytes', () => {
  it('names JPEG, PNG and WebP by their magic bytes, and nothing else', async () => {
    expect(sniffImageFormat(await cameraJpeg(64, 48))).toBe('jpeg');
    expect(sniffImageFormat(await noisePng(2_000))).toBe('png');
    const webp = await real({ create: { width: 4, height: 3, channels: 3, background: '#123' } })
      .webp()
      .toBuffer();
    expect(sniffImageFormat(webp)).toBe('webp');
    for (const [label, bytes] of [
      ['svg', SVG],
      ['tiff', TIFF],
      ['heic', HEIC],
      ['gif', GIF],
      ['text', TEXT_FILE],
      ['empty', Buffer.alloc(0)],
    ] as const) {
      expect(sniffImageFormat(bytes), label).toBeNull();
    }
  });
});

describe('no decoder before the allow-list', () => {
  it.each([
    ['an SVG declared as JPEG', SVG],
    ['a TIFF declared as JPEG', TIFF],
    ['a HEIC declared as JPEG', HEIC],
    ['a GIF', GIF],
  ])('refuses %s as an unsupported format without calling sharp', async (_label, bytes) => {
    await expect(renderPhoto(bytes, 2048)).rejects.toBeInstanceOf(UnsupportedFormatError);
    await expect(inspectPhoto(bytes)).rejects.toBeInstanceOf(UnsupportedFormatError);
    await expect(renderShareImage(bytes)).rejects.toBeInstanceOf(NotAnImageError);
    expect(sharpCalls).toEqual([]);
  });

  it('refuses bytes that are no image at all, without calling sharp', async () => {
    for (const bytes of [TEXT_FILE, Buffer.alloc(0), Buffer.from([0xff, 0xd8])]) {
      const refusal = renderPhoto(bytes, 2048);
      await expect(refusal).rejects.toBeInstanceOf(NotAnImageError);
      await expect(refusal).rejects.not.toBeInstanceOf(UnsupportedFormatError);
    }
    expect(sharpCalls).toEqual([]);
  });
});

describe('the pixel limit on every sharp call', () => {
  it('passes limitInputPixels to each call of a whole render (variants and crop included)', async () => {
    const photo = await renderPhoto(await cameraJpeg(1600, 1200), 2048);
    await renderShareImage(photo.variants.at(-1)!.body);
    expect(sharpCalls.length).toBeGreaterThan(3);
    for (const call of sharpCalls) expect(call.options?.limitInputPixels).toBe(MAX_INPUT_PIXELS);
  });

  it('still tells an image over the limit apart from a broken one', async () => {
    const wide = await real({ create: { width: 8000, height: 5001, channels: 3, background: '#456' } })
      .png()
      .toBuffer();
    await expect(inspectPhoto(wide)).rejects.toBeInstanceOf(TooManyPixelsError);
    for (const call of sharpCalls) expect(call.options?.limitInputPixels).toBe(MAX_INPUT_PIXELS);
  });
});
