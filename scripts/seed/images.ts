/**
 * Demo images drawn from code: landscape illustrations per topic (hero and event images) and
 * initials avatars, rendered to small WebP files with sharp. Deterministic (the same name gives
 * the same picture), offline, and a few kilobytes each, so the repository carries no binaries.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { writeAtomic } from '../lib/image-refs.ts';
import { DATA_DIR } from '../lib/paths.ts';

export type Theme =
  'energy' | 'solar' | 'water' | 'mining' | 'city' | 'farm' | 'finance' | 'climate' | 'people' | 'report';

/** A small deterministic PRNG seeded from a string (mulberry32 over an FNV-1a hash). */
function random(seedText: string): () => number {
  let h = 2166136261;
  for (const ch of seedText) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PALETTES: Record<Theme, [string, string, string, string]> = {
  energy: ['#8ec5e8', '#f3d9a4', '#3d6b4a', '#24422f'],
  solar: ['#f7c873', '#f08a4b', '#8a5a3c', '#4a3326'],
  water: ['#9fd3e6', '#d8eef2', '#2f7a8c', '#1d4f5c'],
  mining: ['#e8b98a', '#c98b5e', '#6b4a36', '#3b2a20'],
  city: ['#f2a65a', '#6c5b7b', '#355c7d', '#1f2f44'],
  farm: ['#bfe3a5', '#f6e7a1', '#6f9a3e', '#3f5f22'],
  finance: ['#1f3b4d', '#2d5f73', '#3fa796', '#f2c14e'],
  climate: ['#ffb47a', '#ff7f50', '#8c3b2e', '#4a1f1a'],
  people: ['#f3c6a5', '#e59866', '#7d5a50', '#3e2c28'],
  report: ['#20323f', '#2c4a5e', '#3fa796', '#e8eef2'],
};

function hills(r: () => number, w: number, h: number, base: number, color: string): string {
  const pts: string[] = [`M0 ${h}`, `L0 ${base}`];
  for (let x = 0; x <= w; x += w / 6)
    pts.push(`Q ${x + w / 12} ${base - 40 - r() * 90} ${x + w / 6} ${base - r() * 30}`);
  pts.push(`L${w} ${h} Z`);
  return `<path d="${pts.join(' ')}" fill="${color}"/>`;
}

function turbine(x: number, y: number, s: number, angle: number): string {
  const blade = `<path d="M0 0 L${4 * s} ${-46 * s} L${-2 * s} ${-48 * s} Z" fill="#f4f6f7"/>`;
  return `<g transform="translate(${x} ${y})"><rect x="${-2 * s}" y="0" width="${4 * s}" height="${110 * s}" fill="#eef1f2"/>
    <g transform="rotate(${angle})">${blade}<g transform="rotate(120)">${blade}</g><g transform="rotate(240)">${blade}</g></g>
    <circle r="${4 * s}" fill="#dfe4e6"/></g>`;
}

function themeLayer(theme: Theme, r: () => number, w: number, h: number, p: string[]): string {
  const parts: string[] = [];
  if (theme === 'energy')
    for (let i = 0; i < 5; i++)
      parts.push(turbine(180 + i * 280 + r() * 60, 420 + r() * 80, 1.4 + r() * 0.8, r() * 120));
  if (theme === 'solar') {
    for (let row = 0; row < 4; row++) {
      for (let i = 0; i < 9; i++) {
        const x = 80 + i * 170 + row * 25;
        const y = 560 + row * 80;
        parts.push(
          `<polygon points="${x},${y} ${x + 140},${y} ${x + 120},${y + 50} ${x - 20},${y + 50}" fill="#1e3a5f" stroke="#9cc3e6" stroke-width="3"/>`,
        );
      }
    }
  }
  if (theme === 'water') {
    for (let i = 0; i < 6; i++) {
      const y = 560 + i * 55;
      parts.push(
        `<path d="M0 ${y} Q ${w / 4} ${y - 25} ${w / 2} ${y} T ${w} ${y} V ${h} H 0 Z" fill="${p[2]}" opacity="${0.35 + i * 0.1}"/>`,
      );
    }
  }
  if (theme === 'mining') {
    parts.push(
      `<g stroke="#2a1d16" stroke-width="10" fill="none"><path d="M1050 640 L1150 300 L1250 640"/><path d="M1090 500 L1210 500"/><path d="M1120 400 L1180 400"/></g><circle cx="1150" cy="300" r="34" fill="none" stroke="#2a1d16" stroke-width="10"/>`,
    );
    parts.push(`<path d="M0 700 L500 520 L900 700 Z" fill="${p[3]}" opacity="0.8"/>`);
  }
  if (theme === 'city') {
    let x = 0;
    while (x < w) {
      const bw = 60 + r() * 110;
      const bh = 180 + r() * 360;
      parts.push(`<rect x="${x}" y="${h - bh}" width="${bw}" height="${bh}" fill="${p[3]}"/>`);
      for (let wy = h - bh + 20; wy < h - 20; wy += 36) {
        for (let wx = x + 12; wx < x + bw - 16; wx += 26)
          if (r() > 0.45)
            parts.push(`<rect x="${wx}" y="${wy}" width="12" height="18" fill="#f9d77e" opacity="0.85"/>`);
      }
      x += bw + 8;
    }
  }
  if (theme === 'farm') {
    for (let i = 0; i < 12; i++)
      parts.push(`<path d="M${w / 2} 520 L${-400 + i * 220} ${h}" stroke="${p[3]}" stroke-width="14" opacity="0.5"/>`);
  }
  if (theme === 'finance') {
    for (let i = 0; i < 9; i++) {
      const bh = 120 + i * 45 + r() * 80;
      parts.push(
        `<rect x="${180 + i * 140}" y="${760 - bh}" width="90" height="${bh}" rx="8" fill="${i % 3 === 2 ? p[3] : p[2]}"/>`,
      );
    }
    parts.push(
      `<polyline points="${Array.from({ length: 9 }, (_, i) => `${225 + i * 140},${600 - i * 50 - r() * 40}`).join(' ')}" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>`,
    );
  }
  if (theme === 'climate') {
    parts.push(`<path d="M0 ${h} L0 700 Q 300 640 600 720 T 1200 690 T 1600 700 V ${h} Z" fill="#5a2a1e"/>`);
    for (let i = 0; i < 14; i++)
      parts.push(
        `<path d="M${100 + i * 110} 900 l 30 -${90 + r() * 60} l 30 ${90 + r() * 60}" fill="#3b1b14" opacity="0.7"/>`,
      );
  }
  if (theme === 'people') {
    for (let i = 0; i < 7; i++) {
      const x = 220 + i * 190;
      const y = 560 + (i % 2) * 40;
      parts.push(
        `<circle cx="${x}" cy="${y}" r="46" fill="${p[3]}"/><path d="M${x - 80} ${h} Q ${x} ${y + 40} ${x + 80} ${h} Z" fill="${p[3]}"/>`,
      );
    }
  }
  if (theme === 'report') {
    parts.push(`<rect x="560" y="120" width="480" height="640" rx="18" fill="${p[3]}"/>`);
    for (let i = 0; i < 9; i++)
      parts.push(`<rect x="620" y="${220 + i * 52}" width="${300 + r() * 60}" height="18" rx="9" fill="#9fb3c0"/>`);
    parts.push(`<rect x="620" y="160" width="220" height="28" rx="8" fill="${p[2]}"/>`);
  }
  return parts.join('\n');
}

/**
 * What each topic's illustration shows, as its text alternative (at most 125 characters): the
 * demo pictures are drawings, so the description says so and names what is drawn.
 */
export const ILLUSTRATION_ALT: Record<Theme, string> = {
  energy: 'Illustration: five white wind turbines on rolling green hills under a pale sun and a blue sky.',
  solar: 'Illustration: rows of dark blue solar panels on brown hills under an orange evening sky.',
  water: 'Illustration: layered blue-green waves of a reservoir under a pale sun.',
  mining: 'Illustration: a mine headframe and a spoil heap against brown hills and a dusty sky.',
  city: 'Illustration: a city skyline at dusk, tower blocks with lit windows against a purple sky.',
  farm: 'Illustration: furrows of a ploughed field running to green hills under a pale sun.',
  finance: 'Illustration: a bar chart in teal and yellow with a white line rising to the right.',
  climate: 'Illustration: a red sun over scorched brown hills and dry scrub, suggesting heat and drought.',
  people: 'Illustration: seven silhouetted people standing together in front of warm brown hills.',
  report: 'Illustration: the cover of a report, a white page with grey lines of text on a dark blue background.',
};

/** The SVG source of a 16:9 illustration for a topic. */
function illustrationSvg(name: string, theme: Theme, w = 1600, h = 900): string {
  const r = random(name);
  const p = PALETTES[theme];
  const sunX = 200 + r() * 1200;
  const sky =
    theme === 'finance' || theme === 'report'
      ? ''
      : `<circle cx="${sunX}" cy="${170 + r() * 120}" r="${60 + r() * 50}" fill="#fff4d6" opacity="0.9"/>`;
  const ground =
    theme === 'city' || theme === 'finance' || theme === 'report' || theme === 'water'
      ? ''
      : hills(r, w, h, 600, p[2]) + hills(r, w, h, 700, p[3]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p[0]}"/><stop offset="1" stop-color="${p[1]}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>${sky}${ground}
  ${themeLayer(theme, r, w, h, p)}
</svg>`;
}

/**
 * Encoded illustrations, by their drawing, size and sharp's version: a seed encodes ~50 (3 of its
 * ~5 CPU-seconds), and `npm test` seeds ~7 databases, `npm start` one per reset.
 */
const ILLUSTRATION_CACHE = path.join(DATA_DIR, 'seed-images');

export async function illustrationWebp(name: string, theme: Theme, width = 1600, height = 900): Promise<Buffer> {
  const svg = illustrationSvg(name, theme, 1600, 900);
  const key = createHash('sha256').update(`${sharp.versions.vips}\0${width}x${height} q70\0${svg}`).digest('hex');
  const file = path.join(ILLUSTRATION_CACHE, `${key.slice(0, 32)}.webp`);
  try {
    return fs.readFileSync(file);
  } catch {
    // not encoded yet
  }
  const webp = await sharp(Buffer.from(svg)).resize(width, height).webp({ quality: 70 }).toBuffer();
  // Whole or not at all: suites seeding side by side never read half a file.
  writeAtomic(file, webp);
  return webp;
}

/** A round avatar with initials on a colour derived from the name. */
export async function avatarWebp(name: string, size = 256): Promise<Buffer> {
  const r = random(name);
  const hue = Math.floor(r() * 360);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <rect width="${size}" height="${size}" fill="hsl(${hue} 45% 32%)"/>
    <text x="50%" y="54%" dominant-baseline="middle" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif"
      font-size="${size * 0.4}" font-weight="700" fill="hsl(${hue} 70% 92%)">${initials || '?'}</text></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

/** Picks an illustration theme from an article's category slugs. */
export function themeFor(categorySlugs: string[], isReport = false): Theme {
  if (isReport) return 'report';
  const order: [RegExp, Theme][] = [
    [/green-hydrogen|renewables/, 'solar'],
    [/energy|just-energy/, 'energy'],
    [/water|biodiversity/, 'water'],
    [/mining|minerals|social-licence/, 'mining'],
    [/cities|transport|waste/, 'city'],
    [/agriculture|food/, 'farm'],
    [/finance|bonds|investing|carbon-markets|governance|regulation/, 'finance'],
    [/climate|environment/, 'climate'],
    [/social|labour|community/, 'people'],
  ];
  for (const [re, theme] of order) if (categorySlugs.some((s) => re.test(s))) return theme;
  return 'climate';
}
