// Generates the sample sets' card art: original landscape illustrations drawn from each card's
// name (a seeded random scene: sky, sun or moon, three ridges of hills, trees or crystals or
// ruins), tinted by the card's identity colors, rasterized with sharp to JPEG. Run by hand:
//   node scripts/make-sample-art.mjs <set.json> <out-dir> [colors.json]
// and embed the files with scripts/embed-sample-art.mjs. Nothing here comes from a published game.

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const WIDTH = 720;
const HEIGHT = 430;

/** mulberry32: a small seeded generator, so the same card always gets the same picture. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const seedOf = (text) => createHash('sha256').update(text).digest().readUInt32LE(0);

function mix(a, b, t) {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa
    .map((v, i) =>
      Math.round(v + (pb[i] - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function ridge(next, base, amplitude, roughness) {
  const points = [];
  let y = base;
  for (let x = 0; x <= WIDTH; x += WIDTH / 24) {
    y = Math.max(base - amplitude, Math.min(base + amplitude, y + (next() - 0.5) * roughness));
    points.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  return `M0,${HEIGHT} L${points.join(' L')} L${WIDTH},${HEIGHT} Z`;
}

function scene(name, colors) {
  const next = random(seedOf(name));
  const [main, second] = [colors[0] ?? '#7a8ca0', colors[1] ?? colors[0] ?? '#a0b4c8'];
  const night = next() < 0.35;
  const skyTop = night ? mix(main, '#0b1020', 0.75) : mix(main, '#ffffff', 0.55);
  const skyBottom = night ? mix(second, '#1c2440', 0.5) : mix(second, '#fff4dc', 0.7);
  const orbX = 80 + next() * (WIDTH - 160);
  const orbY = 60 + next() * 90;
  const orb = night ? '#f2efe0' : '#fff6c8';
  const layers = [0.45, 0.62, 0.8].map((depth, i) => ({
    path: ridge(next, HEIGHT * depth, 40 + i * 10, 70 - i * 15),
    fill: mix(mix(main, second, i / 2), night ? '#05070d' : '#1d2418', 0.35 + i * 0.22),
  }));
  const props = [];
  const kind = Math.floor(next() * 3);
  for (let i = 0; i < 9; i++) {
    const x = next() * WIDTH;
    const y = HEIGHT * (0.72 + next() * 0.2);
    const s = 14 + next() * 26;
    const fill = mix(layers[2].fill, '#000000', 0.35);
    if (kind === 0) props.push(`<path d="M${x},${y - s * 2.2} L${x - s * 0.7},${y} L${x + s * 0.7},${y} Z" fill="${fill}"/>`);
    else if (kind === 1)
      props.push(
        `<path d="M${x},${y - s * 1.8} L${x - s * 0.35},${y - s * 0.4} L${x},${y} L${x + s * 0.35},${y - s * 0.4} Z" fill="${mix(main, '#ffffff', 0.3)}" opacity="0.85"/>`,
      );
    else
      props.push(
        `<rect x="${x - s * 0.3}" y="${y - s * 1.6}" width="${s * 0.6}" height="${s * 1.6}" fill="${fill}"/><rect x="${x - s * 0.45}" y="${y - s * 1.75}" width="${s * 0.9}" height="${s * 0.25}" fill="${fill}"/>`,
      );
  }
  const stars = night
    ? Array.from(
        { length: 40 },
        () =>
          `<circle cx="${(next() * WIDTH).toFixed(1)}" cy="${(next() * HEIGHT * 0.45).toFixed(1)}" r="${(0.6 + next() * 1.4).toFixed(1)}" fill="#ffffff" opacity="${(0.4 + next() * 0.6).toFixed(2)}"/>`,
      ).join('')
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${orb}" stop-opacity="0.9"/><stop offset="1" stop-color="${orb}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  ${stars}
  <circle cx="${orbX}" cy="${orbY}" r="90" fill="url(#glow)"/>
  <circle cx="${orbX}" cy="${orbY}" r="${night ? 22 : 30}" fill="${orb}"/>
  ${layers.map((layer) => `<path d="${layer.path}" fill="${layer.fill}"/>`).join('\n  ')}
  ${props.join('')}
</svg>`;
}

const [setFile, outDir, colorsFile] = process.argv.slice(2);
if (!setFile || !outDir) {
  console.error('usage: node scripts/make-sample-art.mjs <set.json> <out-dir> [colors.json]');
  process.exit(1);
}
const set = JSON.parse(readFileSync(setFile, 'utf8'));
const palette = colorsFile ? JSON.parse(readFileSync(colorsFile, 'utf8')) : {};
mkdirSync(outDir, { recursive: true });
/** For cards without an identity color: two colors from a fixed palette, by the card's name. */
const FALLBACK = ['#2e6db4', '#2e8b57', '#c0392b', '#8e6bb8', '#c9a227', '#3a9a9a', '#b86b3a'];
for (const card of set.cards) {
  const identity = Array.isArray(card.doc.colors) ? card.doc.colors : [];
  const colors = identity.map((value) => palette[value]).filter(Boolean);
  if (colors.length === 0) {
    const seed = seedOf(card.doc.name);
    colors.push(FALLBACK[seed % FALLBACK.length], FALLBACK[(seed >>> 8) % FALLBACK.length]);
  }
  const jpeg = await sharp(Buffer.from(scene(card.doc.name, colors)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  writeFileSync(join(outDir, `${card.id}.jpg`), jpeg);
}
console.log(`${set.cards.length} pictures in ${outDir}`);
