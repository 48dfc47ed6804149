// What a font file draws and how wide, in the FontMetrics shape (card-schema/layout/font-metrics.ts)
// layout measures text with. Plain ESM shared by scripts/gen-font-metrics.mjs (the app's own fonts,
// at build time) and the game-system loader (fonts a game ships, when the game loads), so both
// measure fonts the same way. Takes a font fontkit opened; imports nothing itself.

/** Printable ASCII: the characters kerning pairs are taken for. */
const ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCodePoint(0x20 + i));

/** Code points the font draws with a visible or spacing glyph (controls never reach layout). */
function coveredCodePoints(font) {
  return font.characterSet.filter((cp) => cp >= 0x20 && !(cp >= 0x7f && cp < 0xa0)).sort((a, b) => a - b);
}

/**
 * Consecutive code points as flattened [gap, length - 1] pairs, the gap counted from the end
 * of the previous run (from 0 for the first): small numbers keep the generated file short.
 */
function runs(codePoints) {
  const pairs = [];
  for (const cp of codePoints) {
    const last = pairs[pairs.length - 1];
    if (last && last[1] === cp - 1) last[1] = cp;
    else pairs.push([cp, cp]);
  }
  let previous = 0;
  return pairs.flatMap(([first, last]) => {
    const gap = first - previous;
    previous = last;
    return [gap, last - first];
  });
}

/**
 * Kerning as shaped by the font's default features (what pdfkit and browsers apply); pairs of
 * printable ASCII cover nearly all card text. Each pair is shaped between two "n"s, as inside a
 * word: shaping a bare two-letter string applies start-of-text contextual rules that ordinary
 * text does not get. A font without positioning or substitution tables cannot kern.
 */
function kerningPairs(font) {
  const kern = {};
  if (!font.GPOS && !font.GSUB && !font.kern && !font.morx) return kern;
  const width = (text) => font.layout(text).advanceWidth;
  const before = new Map(ASCII.map((a) => [a, width(`n${a}`)]));
  const after = new Map(ASCII.map((b) => [b, width(`${b}n`)]));
  for (const a of ASCII) {
    const parts = [];
    for (const b of ASCII) {
      const delta = width(`n${a}${b}n`) - before.get(a) - after.get(b);
      if (delta !== 0) parts.push(`${b}${delta}`);
    }
    if (parts.length > 0) kern[a] = parts.join(' ');
  }
  return kern;
}

/** The metrics of `font`; `kerning: false` leaves out the kerning pairs (fonts set without kerning). */
export function fontMetricsOf(font, { kerning }) {
  const codePoints = coveredCodePoints(font);
  const advance = new Map(codePoints.map((cp) => [cp, font.glyphForCodePoint(cp).advanceWidth]));
  const counts = new Map();
  for (const width of advance.values()) counts.set(width, (counts.get(width) ?? 0) + 1);
  const defaultWidth = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  // [gap from the previous listed code point, width], for the same reason as `runs`.
  const widths = [];
  let previous = 0;
  for (const [cp, width] of advance) {
    if (width === defaultWidth) continue;
    widths.push(cp - previous, width);
    previous = cp;
  }
  return {
    unitsPerEm: font.unitsPerEm,
    ascent: font.ascent,
    descent: font.descent,
    capHeight: font.capHeight,
    xHeight: font.xHeight,
    cover: runs(codePoints),
    defaultWidth,
    widths,
    kern: kerning ? kerningPairs(font) : {},
  };
}
