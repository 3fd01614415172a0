/**
 * Draws `web/public/placeholder.jpg`, the image of an experience card without a main image (the path the card
 * projection uses, guest spec §2). Run once with `npx tsx scripts/seed/draw-placeholder.ts`; the JPEG is committed.
 * It uses the JPEG encoder bundled in playwright-core (an internal export, hence not used at runtime): the same
 * picture as `web/public/placeholder.svg`, drawn pixel by pixel.
 */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { jpegjs } = require('playwright-core/lib/utilsBundle') as {
  jpegjs: {
    encode(image: { data: Buffer; width: number; height: number }, quality: number): { data: Buffer };
  };
};

const W = 1200;
const H = 800;
const data = Buffer.alloc(W * H * 4);
const rgb = (hex: string) =>
  [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
const [bg, sun, far, near] = ['#e8eef1', '#c9d7de', '#b4c6cf', '#9fb4bf'].map(rgb) as [
  number,
  number,
  number,
][];

/** Height of the far ridge (the polyline of the SVG) at x. */
function farRidge(x: number): number {
  const points: [number, number][] = [
    [0, 600],
    [320, 330],
    [520, 520],
    [700, 380],
    [1200, 700],
  ];
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return 700;
}
const nearRidge = (x: number) => 670 + 20 * Math.sin((x / 1200) * Math.PI * 2);

for (let y = 0; y < H; y++) {
  for (let x = 0; x < W; x++) {
    let c = bg!;
    if ((x - 760) ** 2 + (y - 300) ** 2 <= 70 ** 2) c = sun!;
    if (y >= farRidge(x)) c = far!;
    if (y >= nearRidge(x)) c = near!;
    const o = (y * W + x) * 4;
    data[o] = c[0];
    data[o + 1] = c[1];
    data[o + 2] = c[2];
    data[o + 3] = 255;
  }
}
const out = fileURLToPath(new URL('../../web/public/placeholder.jpg', import.meta.url));
writeFileSync(out, jpegjs.encode({ data, width: W, height: H }, 80).data);
console.log(`wrote ${out}`);
