/**
 * Draws the site's own imagery in code (no downloads, no stock photos): the four home hero images, the Ehime
 * landing images, the nine category tiles, the six producer portraits, the 1200×630 social-share image (as
 * PNG, rendered by the test Chromium, because link previews do not read SVG) and the logo as PNG. Deterministic: the same script
 * always writes the same files. Run with `npx tsx web/scripts/draw-site-images.ts` after changing a scene.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PUBLIC = fileURLToPath(new URL('../public', import.meta.url));

interface Scene {
  skyTop: string;
  skyBottom: string;
  sun: string;
  sunX: number;
  sunY: number;
  layers: string[];
  water?: string;
  feature?: 'castle' | 'bridge' | 'orchard' | 'torii' | 'onsen' | 'boat' | 'none';
}

/** A deterministic pseudo-random sequence (mulberry32), so redrawing never changes a file. */
function random(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function ridge(width: number, height: number, base: number, amplitude: number, seed: number): string {
  const rnd = random(seed);
  const steps = 12;
  const points: string[] = [`0,${height}`];
  for (let i = 0; i <= steps; i++) {
    const x = Math.round((i / steps) * width);
    const y = Math.round(base - amplitude * (0.35 + 0.65 * Math.abs(Math.sin(i * 0.9 + rnd() * 2))));
    points.push(`${x},${y}`);
  }
  points.push(`${width},${height}`);
  return points.join(' ');
}

function feature(kind: Scene['feature'], w: number, h: number): string {
  const u = w / 1920;
  switch (kind) {
    case 'castle': {
      const x = w * 0.62;
      const y = h * 0.5;
      return `<g fill="#2b2f36"><rect x="${x - 90 * u}" y="${y}" width="${180 * u}" height="${70 * u}"/><polygon points="${x - 120 * u},${y} ${x},${y - 60 * u} ${x + 120 * u},${y}"/><rect x="${x - 55 * u}" y="${y - 110 * u}" width="${110 * u}" height="${55 * u}"/><polygon points="${x - 80 * u},${y - 105 * u} ${x},${y - 160 * u} ${x + 80 * u},${y - 105 * u}"/><rect x="${x - 30 * u}" y="${y - 190 * u}" width="${60 * u}" height="${35 * u}"/><polygon points="${x - 50 * u},${y - 185 * u} ${x},${y - 225 * u} ${x + 50 * u},${y - 185 * u}"/></g>`;
    }
    case 'bridge': {
      const y = h * 0.62;
      const t1 = w * 0.3;
      const t2 = w * 0.72;
      return `<g stroke="#e9edf2" fill="none" stroke-width="${6 * u}"><line x1="0" y1="${y}" x2="${w}" y2="${y}"/><line x1="${t1}" y1="${y + 40 * u}" x2="${t1}" y2="${y - 260 * u}"/><line x1="${t2}" y1="${y + 40 * u}" x2="${t2}" y2="${y - 260 * u}"/><path d="M0 ${y - 120 * u} Q ${t1 / 2} ${y} ${t1} ${y - 260 * u} Q ${(t1 + t2) / 2} ${y - 20 * u} ${t2} ${y - 260 * u} Q ${(t2 + w) / 2} ${y} ${w} ${y - 120 * u}" stroke-width="${3 * u}"/></g>`;
    }
    case 'orchard': {
      const rnd = random(7);
      let dots = '';
      for (let row = 0; row < 5; row++) {
        for (let i = 0; i < 18; i++) {
          const x = (i + 0.5 + (row % 2) * 0.5) * (w / 18);
          const y = h * 0.7 + row * 48 * u;
          dots += `<circle cx="${Math.round(x)}" cy="${Math.round(y)}" r="${Math.round((20 + rnd() * 8) * u)}" fill="#2f6b35"/><circle cx="${Math.round(x + 6 * u)}" cy="${Math.round(y - 4 * u)}" r="${Math.round(6 * u)}" fill="#f59a1b"/>`;
        }
      }
      return `<g>${dots}</g>`;
    }
    case 'torii': {
      const x = w * 0.5;
      const y = h * 0.72;
      return `<g fill="#c8372d"><rect x="${x - 130 * u}" y="${y - 260 * u}" width="${22 * u}" height="${260 * u}"/><rect x="${x + 108 * u}" y="${y - 260 * u}" width="${22 * u}" height="${260 * u}"/><rect x="${x - 170 * u}" y="${y - 290 * u}" width="${340 * u}" height="${26 * u}"/><rect x="${x - 150 * u}" y="${y - 220 * u}" width="${300 * u}" height="${16 * u}"/></g>`;
    }
    case 'onsen': {
      const x = w * 0.5;
      const y = h * 0.66;
      return `<g><rect x="${x - 220 * u}" y="${y - 80 * u}" width="${440 * u}" height="${120 * u}" fill="#4a2f2a"/><polygon points="${x - 260 * u},${y - 80 * u} ${x},${y - 190 * u} ${x + 260 * u},${y - 80 * u}" fill="#2d1f1c"/><rect x="${x - 60 * u}" y="${y - 150 * u}" width="${120 * u}" height="${50 * u}" fill="#6b4a3f"/><polygon points="${x - 90 * u},${y - 148 * u} ${x},${y - 200 * u} ${x + 90 * u},${y - 148 * u}" fill="#2d1f1c"/><g stroke="#fff" stroke-opacity="0.55" stroke-width="${8 * u}" fill="none" stroke-linecap="round"><path d="M${x - 40 * u} ${y - 230 * u} q ${20 * u} ${-30 * u} 0 ${-60 * u} q ${-20 * u} ${-30 * u} 0 ${-60 * u}"/><path d="M${x + 40 * u} ${y - 230 * u} q ${20 * u} ${-30 * u} 0 ${-60 * u} q ${-20 * u} ${-30 * u} 0 ${-60 * u}"/></g></g>`;
    }
    case 'boat': {
      const x = w * 0.4;
      const y = h * 0.74;
      return `<g><path d="M${x - 120 * u} ${y} L ${x + 120 * u} ${y} L ${x + 90 * u} ${y + 30 * u} L ${x - 90 * u} ${y + 30 * u} Z" fill="#f4efe6"/><rect x="${x - 4 * u}" y="${y - 140 * u}" width="${8 * u}" height="${140 * u}" fill="#f4efe6"/><polygon points="${x + 4 * u},${y - 135 * u} ${x + 90 * u},${y - 20 * u} ${x + 4 * u},${y - 20 * u}" fill="#ffffff"/></g>`;
    }
    default:
      return '';
  }
}

function landscape(scene: Scene, w: number, h: number, seed: number): string {
  const layers = scene.layers
    .map((colour, i) => {
      const base = h * (0.48 + i * 0.1);
      return `<polygon fill="${colour}" points="${ridge(w, h, base, h * (0.2 - i * 0.04), seed + i)}"/>`;
    })
    .join('');
  const water = scene.water
    ? `<rect x="0" y="${Math.round(h * 0.7)}" width="${w}" height="${Math.round(h * 0.3)}" fill="${scene.water}"/><g stroke="#ffffff" stroke-opacity="0.35" stroke-width="${Math.max(2, Math.round(w / 640))}">${[
        0.76, 0.82, 0.9,
      ]
        .map(
          (f, i) =>
            `<line x1="${Math.round(w * (0.1 + i * 0.2))}" y1="${Math.round(h * f)}" x2="${Math.round(w * (0.3 + i * 0.2))}" y2="${Math.round(h * f)}"/>`,
        )
        .join('')}</g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.skyTop}"/><stop offset="1" stop-color="${scene.skyBottom}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#s)"/><circle cx="${Math.round(w * scene.sunX)}" cy="${Math.round(h * scene.sunY)}" r="${Math.round(h * 0.09)}" fill="${scene.sun}"/>${layers}${water}${feature(scene.feature, w, h)}</svg>`;
}

const HERO: Scene[] = [
  {
    skyTop: '#f4a261',
    skyBottom: '#fde2c4',
    sun: '#fff1d6',
    sunX: 0.7,
    sunY: 0.3,
    layers: ['#7b8fa6', '#4f6680', '#2c3e50'],
    water: '#3d6f8f',
    feature: 'boat',
  },
  {
    skyTop: '#6fa8dc',
    skyBottom: '#d8ecf7',
    sun: '#fffbe6',
    sunX: 0.2,
    sunY: 0.22,
    layers: ['#7aa37a', '#4f7d4f', '#2f5732'],
    feature: 'castle',
  },
  {
    skyTop: '#8ecae6',
    skyBottom: '#f1f7e8',
    sun: '#ffe08a',
    sunX: 0.8,
    sunY: 0.2,
    layers: ['#9fc58b', '#6c9a5a', '#3f6e37'],
    feature: 'orchard',
  },
  {
    skyTop: '#3a2e5c',
    skyBottom: '#e98a6b',
    sun: '#ffd3a5',
    sunX: 0.5,
    sunY: 0.45,
    layers: ['#5a4a78', '#3b2f55'],
    water: '#2e3a63',
    feature: 'bridge',
  },
];

const EHIME: Scene[] = [
  {
    skyTop: '#f6d2b8',
    skyBottom: '#fdf1e4',
    sun: '#f29f67',
    sunX: 0.25,
    sunY: 0.3,
    layers: ['#b9a3a0', '#8d6e6a', '#5b3f3c'],
    feature: 'onsen',
  },
  {
    skyTop: '#9ad0ec',
    skyBottom: '#eaf6fb',
    sun: '#ffffff',
    sunX: 0.75,
    sunY: 0.25,
    layers: ['#8fb8c9', '#5d8aa0'],
    water: '#2f7ea6',
    feature: 'torii',
  },
  HERO[3]!,
];

const CATEGORY_SCENES: [string, Scene][] = [
  ['nature', { ...HERO[2]!, feature: 'none' }],
  ['history', HERO[1]!],
  ['wellness', EHIME[0]!],
  ['locals', { ...HERO[2]!, skyTop: '#ffd6a5', skyBottom: '#fff5e6' }],
  [
    'industrial',
    {
      skyTop: '#9aa5b1',
      skyBottom: '#e4e7eb',
      sun: '#f5f5f5',
      sunX: 0.3,
      sunY: 0.25,
      layers: ['#7b8794', '#52606d', '#323f4b'],
      water: '#52606d',
      feature: 'boat',
    },
  ],
  [
    'gourmet',
    {
      skyTop: '#f7c59f',
      skyBottom: '#fffaf0',
      sun: '#ef8354',
      sunX: 0.6,
      sunY: 0.28,
      layers: ['#c97b63', '#8c4a3c'],
      water: '#4f6d7a',
      feature: 'boat',
    },
  ],
  [
    'anniversary',
    {
      skyTop: '#ff9a8b',
      skyBottom: '#ffe3e0',
      sun: '#fff',
      sunX: 0.5,
      sunY: 0.35,
      layers: ['#d97a8c', '#a24d64'],
      water: '#6c5b7b',
      feature: 'none',
    },
  ],
  ['special', EHIME[1]!],
  ['groups', HERO[3]!],
];

const PRODUCERS: { file: string; colour: string; accent: string }[] = [
  { file: 'producer-1', colour: '#f59a1b', accent: '#2f6b35' },
  { file: 'producer-2', colour: '#3d6f8f', accent: '#d9e6ee' },
  { file: 'producer-3', colour: '#8c4a3c', accent: '#f1d3b3' },
  { file: 'producer-4', colour: '#5d8aa0', accent: '#f6f1e7' },
  { file: 'producer-5', colour: '#6c9a5a', accent: '#fdf1e4' },
  { file: 'producer-6', colour: '#a24d64', accent: '#ffe3e0' },
];

function portrait(colour: string, accent: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><rect width="400" height="400" fill="${accent}"/><circle cx="200" cy="160" r="78" fill="#f0c9a6"/><path d="M122 150 Q200 40 278 150 Q260 95 200 92 Q140 95 122 150Z" fill="#2b2118"/><path d="M60 400 Q70 270 200 262 Q330 270 340 400Z" fill="${colour}"/><rect x="60" y="20" width="40" height="6" rx="3" fill="${colour}" opacity="0.5"/></svg>`;
}

function write(path: string, content: string) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
}

HERO.forEach((scene, i) =>
  write(join(PUBLIC, 'media', 'hero', `top-${i + 1}.svg`), landscape(scene, 1920, 1080, 11 + i)),
);
EHIME.forEach((scene, i) =>
  write(join(PUBLIC, 'media', 'ehime', `ehime-${i + 1}.svg`), landscape(scene, 1920, 1080, 31 + i)),
);
write(join(PUBLIC, 'media', 'ehime', 'discover-ehime.svg'), landscape(EHIME[1]!, 1200, 500, 41));
CATEGORY_SCENES.forEach(([name, scene], i) =>
  write(join(PUBLIC, 'media', 'categories', `${name}.svg`), landscape(scene, 600, 400, 51 + i)),
);
for (const p of PRODUCERS)
  write(join(PUBLIC, 'media', 'producers', `${p.file}.svg`), portrait(p.colour, p.accent));

/** The share image: the first hero with the site's name, rendered to PNG by the Chromium the tests use. */
async function drawShareImage() {
  const svg = landscape(HERO[0]!, 1200, 630, 11).replace(
    '</svg>',
    `<rect x="0" y="400" width="1200" height="230" fill="#0d3b50" opacity="0.78"/><text x="60" y="500" font-family="Helvetica, Arial, sans-serif" font-size="64" font-weight="700" fill="#fff">Ehime Experiences</text><text x="60" y="570" font-family="Helvetica, Arial, sans-serif" font-size="34" fill="#f7a11a">Private tours and local experiences in Japan</text></svg>`,
  );
  const [{ default: chromiumPackage }, { chromium }] = await Promise.all([
    import('@sparticuz/chromium'),
    import('playwright-core'),
  ]);
  const browser = await chromium.launch({
    executablePath: await chromiumPackage.executablePath(),
    args: chromiumPackage.args.filter((f) => f !== '--single-process' && !f.startsWith('--headless')),
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
    await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
    await page.screenshot({ path: join(PUBLIC, 'og-image.png'), type: 'png' });
  } finally {
    await browser.close();
  }
}

/** The logo at the specification's path (`/logo.png`, guest spec §3), 192 px from logo.svg. */
async function drawLogoPng() {
  const { default: sharp } = await import('sharp');
  await sharp(join(PUBLIC, 'logo.svg'), { density: 288 })
    .resize(192, 192)
    .png({ compressionLevel: 9 })
    .toFile(join(PUBLIC, 'logo.png'));
}

await drawShareImage();
await drawLogoPng();
console.log('site images written to web/public/media, web/public/og-image.png and web/public/logo.png');
