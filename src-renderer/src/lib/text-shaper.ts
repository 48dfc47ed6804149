// The preview's TextShaper (card-schema/layout/text-shaper.ts): fontkit over the same script
// font files the PDF embeds, fetched from the bundle (same origin, as the strict CSP wants), so
// the preview measures and breaks Arabic, Hebrew, Devanagari and Thai as the print does, and
// paints those runs as the glyph outlines fontkit shaped, not as the browser would shape them.

import { create as openFont, type Font } from 'fontkit';
import { FALLBACK_FONTS } from '../../../card-schema/layout/fonts';
import type { DrawOp } from '../../../card-schema/layout/format';
import { PT_TO_MM } from '../../../card-schema/layout/text-measure';
import { setTextShaper } from '../../../card-schema/layout/text-shaper';
import { fontUrl } from './fonts';

type TextOp = Extract<DrawOp, { op: 'text' }>;

const opened = new Map<string, Font>();
let loading: Promise<void> | null = null;

/** Fetches and opens the script fonts once, then installs the shaper; layout before that measures per character. */
export function loadTextShaper(): Promise<void> {
  loading ??= openScriptFonts();
  return loading;
}

async function openScriptFonts(): Promise<void> {
  const files = new Set(FALLBACK_FONTS.filter((font) => font.shaped).flatMap((font) => Object.values(font.files)));
  await Promise.all(
    [...files].map(async (file) => {
      const response = await fetch(fontUrl(file));
      if (!response.ok) throw new Error(`The font file ${file} could not be loaded (HTTP ${response.status})`);
      // fontkit reads any byte array; its typings name Node's Buffer.
      opened.set(file, openFont(new Uint8Array(await response.arrayBuffer()) as unknown as Buffer));
    }),
  );
  const widths = new Map<string, number>();
  setTextShaper({
    advance(file, text) {
      const font = opened.get(file);
      if (!font) return undefined;
      const key = `${file}\u0000${text}`;
      let width = widths.get(key);
      if (width === undefined) {
        width = font.layout(text).advanceWidth;
        if (widths.size >= 20_000) widths.clear();
        widths.set(key, width);
      }
      return width;
    },
  });
}

type GlyphRun = ReturnType<Font['layout']>;
/** Runs already laid out, per font: a card re-renders often while it is edited. */
const runs = new WeakMap<Font, Map<string, GlyphRun>>();

function laidOut(font: Font, text: string): GlyphRun {
  let byText = runs.get(font);
  if (!byText) runs.set(font, (byText = new Map()));
  let run = byText.get(text);
  if (!run) {
    if (byText.size >= 5_000) byText.clear();
    byText.set(text, (run = font.layout(text)));
  }
  return run;
}

export interface GlyphPath {
  d: string;
  transform: string;
}

const outlines = new WeakMap<object, string>();
const n = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The glyph outlines of a run in a shaped script font, placed as fontkit lays it out (as the
 * PDF and the card images draw it); null for any other run, or before the fonts are loaded.
 */
export function shapedGlyphs(op: TextOp): GlyphPath[] | null {
  if (op.fallback === undefined || op.gameFontFile !== undefined) return null;
  const fallback = FALLBACK_FONTS.find((font) => font.id === op.fallback);
  const font = fallback?.shaped ? opened.get(fallback.files[op.font]) : undefined;
  if (!font) return null;
  const scale = (op.size * PT_TO_MM) / font.unitsPerEm;
  const run = laidOut(font, op.text);
  const paths: GlyphPath[] = [];
  let penX = 0;
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i];
    let d = outlines.get(glyph);
    if (d === undefined) outlines.set(glyph, (d = glyph.path.toSVG()));
    if (d) {
      const x = op.x + (penX + position.xOffset) * scale;
      const y = op.y - position.yOffset * scale;
      // Font units point up; the card's millimetres point down.
      paths.push({ d, transform: `translate(${n(x)} ${n(y)}) scale(${scale} ${-scale})` });
    }
    penX += position.xAdvance;
  });
  return paths;
}
