/**
 * Seed pictures drawn in code (no downloads, no binary files in the repository): SVG landscapes whose palette and
 * silhouette follow the experience's scene, and round avatars with initials. `photos.ts` rasterises them at a
 * phone photo's size. Deterministic: the same input always draws the same picture.
 */
export type Scene =
  | 'onsen'
  | 'castle'
  | 'oldTown'
  | 'workshop'
  | 'bridge'
  | 'sea'
  | 'night'
  | 'food'
  | 'orchard'
  | 'temple'
  | 'city';

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  mid: string;
  near: string;
  water?: string;
  stars?: boolean;
}

const PALETTES: Record<Scene, Palette> = {
  onsen: {
    skyTop: '#f6d2b8',
    skyBottom: '#fdf1e4',
    sun: '#f29f67',
    far: '#b9a3a0',
    mid: '#8d6e6a',
    near: '#5b3f3c',
  },
  castle: {
    skyTop: '#7fb3e0',
    skyBottom: '#e3f1fb',
    sun: '#fff4c2',
    far: '#9ec3a5',
    mid: '#5f9470',
    near: '#2f5d40',
  },
  oldTown: {
    skyTop: '#e8c07d',
    skyBottom: '#fbecd0',
    sun: '#fff1c1',
    far: '#c6a57a',
    mid: '#9a7650',
    near: '#5e4328',
  },
  workshop: {
    skyTop: '#b8c6db',
    skyBottom: '#eef2f7',
    sun: '#ffffff',
    far: '#a0aec0',
    mid: '#718096',
    near: '#2d3748',
  },
  bridge: {
    skyTop: '#4aa3df',
    skyBottom: '#d6eefa',
    sun: '#fff8d6',
    far: '#8cb7a0',
    mid: '#4f8a6b',
    near: '#2b5e48',
    water: '#2b83c6',
  },
  sea: {
    skyTop: '#5fb0d8',
    skyBottom: '#e0f4fb',
    sun: '#fffbe0',
    far: '#89b6a6',
    mid: '#53907a',
    near: '#2c614f',
    water: '#1f78b4',
  },
  night: {
    skyTop: '#0b1333',
    skyBottom: '#2b3a6b',
    sun: '#f4f1d0',
    far: '#27345c',
    mid: '#1a2444',
    near: '#0e1630',
    stars: true,
  },
  food: {
    skyTop: '#f7b267',
    skyBottom: '#fde4c8',
    sun: '#fff3d6',
    far: '#e08e45',
    mid: '#b5602c',
    near: '#7a3b16',
  },
  orchard: {
    skyTop: '#8fd0f0',
    skyBottom: '#effaff',
    sun: '#fff1b8',
    far: '#a9cf8f',
    mid: '#6fa55a',
    near: '#3f7434',
  },
  temple: {
    skyTop: '#d9a5b3',
    skyBottom: '#f8e6ea',
    sun: '#fff0f3',
    far: '#b39aa3',
    mid: '#7d6470',
    near: '#4a3440',
  },
  city: {
    skyTop: '#f0a04b',
    skyBottom: '#fde2c2',
    sun: '#fff2d0',
    far: '#b08d78',
    mid: '#6e5a52',
    near: '#3b302c',
  },
};

/** A small deterministic generator (mulberry32) seeded from a string. */
function random(seedText: string): () => number {
  let h = 1779033703 ^ seedText.length;
  for (let i = 0; i < seedText.length; i++) {
    h = Math.imul(h ^ seedText.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const W = 1200;
const H = 800;

function ridge(rand: () => number, baseY: number, amplitude: number, steps: number): string {
  const points: string[] = [`M0 ${H}`, `L0 ${baseY.toFixed(0)}`];
  for (let i = 1; i <= steps; i++) {
    const x = (W / steps) * i;
    const y = baseY - amplitude * (0.3 + rand() * 0.7);
    const cx = x - W / steps / 2;
    points.push(`Q${cx.toFixed(0)} ${(y - amplitude * 0.4).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)}`);
  }
  points.push(`L${W} ${H}`, 'Z');
  return points.join(' ');
}

function silhouette(scene: Scene, color: string): string {
  switch (scene) {
    case 'castle':
      return `<g fill="${color}"><rect x="520" y="430" width="160" height="90"/><path d="M490 440 L600 390 L710 440 Z"/><rect x="545" y="360" width="110" height="40"/><path d="M520 370 L600 330 L680 370 Z"/><rect x="570" y="300" width="60" height="35"/><path d="M555 308 L600 280 L645 308 Z"/></g>`;
    case 'temple':
      return `<g fill="${color}"><rect x="580" y="300" width="40" height="220"/>${[0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<path d="M${530 + i * 8} ${330 + i * 42} L600 ${305 + i * 42} L${670 - i * 8} ${330 + i * 42} Z"/>`,
        )
        .join('')}</g>`;
    case 'bridge':
      return `<g stroke="${color}" stroke-width="8" fill="none"><path d="M150 470 L1050 470"/><path d="M330 470 L330 300 M870 470 L870 300"/><path d="M150 460 Q330 290 600 440 Q870 290 1050 460"/></g>`;
    case 'onsen':
      return `<g fill="${color}"><rect x="470" y="420" width="260" height="100"/><path d="M440 430 L600 350 L760 430 Z"/><rect x="560" y="320" width="80" height="40"/><path d="M545 330 L600 300 L655 330 Z"/></g><g stroke="#ffffff" stroke-opacity="0.7" stroke-width="6" fill="none"><path d="M560 290 q-15 -25 0 -50 q15 -25 0 -50"/><path d="M600 280 q-15 -25 0 -50 q15 -25 0 -50"/><path d="M640 290 q-15 -25 0 -50 q15 -25 0 -50"/></g>`;
    case 'oldTown':
      return `<g fill="${color}">${[0, 1, 2, 3, 4, 5]
        .map(
          (i) =>
            `<rect x="${120 + i * 170}" y="440" width="150" height="90"/><path d="M${105 + i * 170} 450 L${195 + i * 170} 400 L${285 + i * 170} 450 Z"/>`,
        )
        .join('')}</g>`;
    case 'workshop':
      return `<g fill="${color}"><rect x="380" y="380" width="440" height="150"/><path d="M380 380 L450 330 L520 380 L590 330 L660 380 L730 330 L800 380 Z"/><rect x="740" y="250" width="40" height="100"/></g>`;
    case 'city':
      return `<g fill="${color}">${[60, 140, 90, 180, 120, 210, 100, 160]
        .map((h, i) => `<rect x="${200 + i * 100}" y="${520 - h}" width="80" height="${h}"/>`)
        .join('')}</g>`;
    case 'orchard':
      return `<g>${[0, 1, 2, 3, 4, 5, 6]
        .map(
          (i) =>
            `<circle cx="${150 + i * 150}" cy="470" r="55" fill="${color}"/><circle cx="${135 + i * 150}" cy="455" r="9" fill="#f7a11a"/><circle cx="${170 + i * 150}" cy="480" r="9" fill="#f7a11a"/>`,
        )
        .join('')}</g>`;
    case 'food':
      return `<g><ellipse cx="600" cy="470" rx="260" ry="70" fill="#ffffff" opacity="0.9"/><ellipse cx="600" cy="462" rx="200" ry="48" fill="${color}"/></g>`;
    default:
      return '';
  }
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function landscapeSvg(options: { title: string; scene: Scene; variant: number }): string {
  const palette = PALETTES[options.scene];
  const rand = random(`${options.title}#${options.variant}`);
  const sunX = 200 + rand() * 800;
  const sunY = 140 + rand() * 120;
  const id = `g${options.variant}`;
  const stars = palette.stars
    ? Array.from({ length: 90 }, () => {
        const x = (rand() * W).toFixed(0);
        const y = (rand() * 420).toFixed(0);
        const r = (0.8 + rand() * 1.8).toFixed(1);
        return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" opacity="${(0.4 + rand() * 0.6).toFixed(2)}"/>`;
      }).join('')
    : '';
  const water = palette.water
    ? `<rect x="0" y="500" width="${W}" height="${H - 500}" fill="${palette.water}"/>${Array.from(
        { length: 12 },
        (_, i) =>
          `<path d="M${(rand() * W).toFixed(0)} ${520 + i * 22} h${(40 + rand() * 120).toFixed(0)}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="3"/>`,
      ).join('')}`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeXml(options.title)}">
<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.skyTop}"/><stop offset="1" stop-color="${palette.skyBottom}"/></linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#${id})"/>${stars}
<circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${(50 + rand() * 30).toFixed(0)}" fill="${palette.sun}" opacity="0.95"/>
<path d="${ridge(rand, 420, 140, 5)}" fill="${palette.far}"/>
<path d="${ridge(rand, 500, 110, 7)}" fill="${palette.mid}"/>${water}
${silhouette(options.scene, palette.near)}
<path d="${ridge(rand, 640, 70, 9)}" fill="${palette.near}"/>
</svg>`;
}

/** A round avatar with initials, for the seeded hosts. */
export function avatarSvg(name: string, color: string): string {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256" role="img" aria-label="${escapeXml(name)}"><circle cx="128" cy="128" r="128" fill="${color}"/><text x="128" y="150" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="88" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text></svg>`;
}
