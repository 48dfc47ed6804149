// Generates the sample sets' card art: original landscape illustrations drawn from each card's
// name (a seeded random scene: sky, sun or moon, three ridges of hills, trees or crystals or
// ruins), tinted by the card's identity colors, rasterized with sharp to JPEG. Run by hand:
//   node scripts/make-sample-art.mjs <set.json> <out-dir> [colors.json] [options]
// and embed the files with scripts/embed-sample-art.mjs. Nothing here comes from a published game.
//
// Options:
//   --size <w>x<h>         the pictures' size in pixels (default 720x430, a landscape box)
//   --box <w>x<h> [--dpi <n>]
//                          or the art box in millimetres: the smallest picture that covers it at
//                          n dpi (default 300), so it prints sharp at the default crop
//   --game <folder>        tint by the game's identity (system.json `identity`: the card's values
//                          of its field, by their colors) when no colors.json is given
// colors.json maps the card's `colors` values to hex colors (OSMCG's identity). Cards without
// identity colors get two from a fixed palette, by their name.
//
// Every position and size in a scene is relative to the picture's size, so a portrait picture
// composes like a landscape one (more sky, the same hills and trees); at 720x430 the pictures are
// byte for byte the ones the landscape-only generator made.
//
// The shipped art, each game's pictures covering its layouts' art boxes at 300 dpi or more:
//   osmcg                  720x430 (boxes 53 mm wide)           --game card-schema/systems/osmcg
//   odd-frontier, omms     720x430 (53 x 28.4 and 49 x 31 mm boxes)
//   muhq, miscrits         --size 760x360 (boxes 54.6 x 22 to 28 mm, 51 x 26 mm)  --game card-schema/systems/<id>
// (--game osmcg gives the colors the OSMCG pictures were first made with; muhq, odd-frontier and
// omms have no identity, so their cards take the fallback palette.)

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

/** The size the scenes were first drawn at; their proportions are fractions of it. */
const BASE_WIDTH = 720;
const BASE_HEIGHT = 430;
const MM_PER_INCH = 25.4;

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

/** A ridge of hills across the picture: a random walk around `base`, filled down to the bottom. */
function ridge(next, size, base, amplitude, roughness) {
  const points = [];
  let y = base;
  for (let i = 0; i <= 24; i++) {
    const x = (i * size.width) / 24;
    y = Math.max(base - amplitude, Math.min(base + amplitude, y + (next() - 0.5) * roughness));
    points.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  return `M0,${size.height} L${points.join(' L')} L${size.width},${size.height} Z`;
}

/**
 * The scene of one card at `size`. Horizontal positions are fractions of the width, vertical ones
 * of the height; features (sun, hills' roughness, trees, stars) scale with the picture's area, so
 * a taller picture shows more sky and bigger trees rather than stretched ones.
 */
function scene(name, colors, size) {
  const { width: W, height: H } = size;
  const sx = W / BASE_WIDTH;
  const sy = H / BASE_HEIGHT;
  const s = Math.sqrt(sx * sy);
  const next = random(seedOf(name));
  const [main, second] = [colors[0] ?? '#7a8ca0', colors[1] ?? colors[0] ?? '#a0b4c8'];
  const night = next() < 0.35;
  const skyTop = night ? mix(main, '#0b1020', 0.75) : mix(main, '#ffffff', 0.55);
  const skyBottom = night ? mix(second, '#1c2440', 0.5) : mix(second, '#fff4dc', 0.7);
  const orbX = (W * 80) / BASE_WIDTH + next() * (W - (W * 160) / BASE_WIDTH);
  const orbY = (H * 60) / BASE_HEIGHT + next() * ((H * 90) / BASE_HEIGHT);
  const orb = night ? '#f2efe0' : '#fff6c8';
  const layers = [0.45, 0.62, 0.8].map((depth, i) => ({
    path: ridge(next, size, H * depth, (40 + i * 10) * s, (70 - i * 15) * s),
    fill: mix(mix(main, second, i / 2), night ? '#05070d' : '#1d2418', 0.35 + i * 0.22),
  }));
  const props = [];
  const kind = Math.floor(next() * 3);
  const count = Math.max(3, Math.round(9 * sx));
  for (let i = 0; i < count; i++) {
    const x = next() * W;
    const y = H * (0.72 + next() * 0.2);
    const r = (14 + next() * 26) * s;
    const fill = mix(layers[2].fill, '#000000', 0.35);
    if (kind === 0) props.push(`<path d="M${x},${y - r * 2.2} L${x - r * 0.7},${y} L${x + r * 0.7},${y} Z" fill="${fill}"/>`);
    else if (kind === 1)
      props.push(
        `<path d="M${x},${y - r * 1.8} L${x - r * 0.35},${y - r * 0.4} L${x},${y} L${x + r * 0.35},${y - r * 0.4} Z" fill="${mix(main, '#ffffff', 0.3)}" opacity="0.85"/>`,
      );
    else
      props.push(
        `<rect x="${x - r * 0.3}" y="${y - r * 1.6}" width="${r * 0.6}" height="${r * 1.6}" fill="${fill}"/><rect x="${x - r * 0.45}" y="${y - r * 1.75}" width="${r * 0.9}" height="${r * 0.25}" fill="${fill}"/>`,
      );
  }
  const stars = night
    ? Array.from(
        { length: Math.round(40 * sx * sy) },
        () =>
          `<circle cx="${(next() * W).toFixed(1)}" cy="${(next() * H * 0.45).toFixed(1)}" r="${((0.6 + next() * 1.4) * s).toFixed(1)}" fill="#ffffff" opacity="${(0.4 + next() * 0.6).toFixed(2)}"/>`,
      ).join('')
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${orb}" stop-opacity="0.9"/><stop offset="1" stop-color="${orb}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  ${stars}
  <circle cx="${orbX}" cy="${orbY}" r="${90 * s}" fill="url(#glow)"/>
  <circle cx="${orbX}" cy="${orbY}" r="${(night ? 22 : 30) * s}" fill="${orb}"/>
  ${layers.map((layer) => `<path d="${layer.path}" fill="${layer.fill}"/>`).join('\n  ')}
  ${props.join('')}
</svg>`;
}

const USAGE =
  'usage: node scripts/make-sample-art.mjs <set.json> <out-dir> [colors.json] [--size <w>x<h> | --box <w>x<h> [--dpi <n>]] [--game <folder>]';

function fail(message) {
  console.error(message);
  console.error(USAGE);
  process.exit(1);
}

/** "<w>x<h>" as two positive numbers, or undefined when the text is not that. */
function pair(text) {
  const match = /^(\d+(?:\.\d+)?)[x×](\d+(?:\.\d+)?)$/.exec(text ?? '');
  const [w, h] = match ? [Number(match[1]), Number(match[2])] : [];
  return w > 0 && h > 0 ? { w, h } : undefined;
}

/** The pictures' pixel size from the options: --size as given, --box covered at --dpi. */
function pictureSize(values) {
  if (values.size !== undefined && values.box !== undefined) fail('give --size or --box, not both');
  if (values.dpi !== undefined && values.box === undefined) fail('--dpi goes with --box');
  if (values.box !== undefined) {
    const box = pair(values.box);
    const dpi = Number(values.dpi ?? 300);
    if (!box) fail(`--box ${values.box}: expected <width>x<height> in millimetres, like 59.6x84.6`);
    if (!(dpi > 0)) fail(`--dpi ${values.dpi}: expected a positive number`);
    // Rounded up, so the picture covers the box at no less than `dpi`.
    const pixels = (mm) => Math.ceil(Number(((mm / MM_PER_INCH) * dpi).toFixed(6)));
    return { width: pixels(box.w), height: pixels(box.h) };
  }
  if (values.size === undefined) return { width: BASE_WIDTH, height: BASE_HEIGHT };
  const size = pair(values.size);
  if (!size || !Number.isInteger(size.w) || !Number.isInteger(size.h))
    fail(`--size ${values.size}: expected <width>x<height> in pixels, like 704x1000`);
  return { width: size.w, height: size.h };
}

/** The game's identity colors, by value, and the card field that holds the values. */
function gameIdentity(folder) {
  const identity = JSON.parse(readFileSync(join(folder, 'system.json'), 'utf8')).identity;
  if (!identity) return undefined;
  return { field: identity.field, palette: Object.fromEntries(identity.values.map((value) => [value.id, value.color])) };
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { size: { type: 'string' }, box: { type: 'string' }, dpi: { type: 'string' }, game: { type: 'string' } },
  });
} catch (error) {
  fail(error.message);
}
const [setFile, outDir, colorsFile] = parsed.positionals;
if (!setFile || !outDir || parsed.positionals.length > 3) fail('expected a set file, an output folder and maybe a colors file');
const size = pictureSize(parsed.values);
const set = JSON.parse(readFileSync(setFile, 'utf8'));
const game = parsed.values.game !== undefined && !colorsFile ? gameIdentity(parsed.values.game) : undefined;
const identityField = game?.field ?? 'colors';
const palette = colorsFile ? JSON.parse(readFileSync(colorsFile, 'utf8')) : (game?.palette ?? {});
mkdirSync(outDir, { recursive: true });
/** For cards without an identity color: two colors from a fixed palette, by the card's name. */
const FALLBACK = ['#2e6db4', '#2e8b57', '#c0392b', '#8e6bb8', '#c9a227', '#3a9a9a', '#b86b3a'];
for (const card of set.cards) {
  const value = card.doc[identityField];
  const identity = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const colors = identity.map((id) => palette[id]).filter(Boolean);
  if (colors.length === 0) {
    const seed = seedOf(card.doc.name);
    colors.push(FALLBACK[seed % FALLBACK.length], FALLBACK[(seed >>> 8) % FALLBACK.length]);
  }
  const jpeg = await sharp(Buffer.from(scene(card.doc.name, colors, size)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  writeFileSync(join(outDir, `${card.id}.jpg`), jpeg);
}
console.log(`${set.cards.length} pictures of ${size.width} × ${size.height} pixels in ${outDir}`);
