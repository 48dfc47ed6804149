// Registers the card font and the fallback fonts (the same files the PDF exporter embeds) so
// the SVG preview renders text exactly like the print. The files are bundled by Vite as same-origin assets,
// which the strict CSP (font-src 'self') allows; no remote or system fonts are involved.

import { FALLBACK_FONTS, FONT_FAMILY, FONT_FILES } from '../../../card-schema/layout/fonts';
import type { DrawOp, FontFace as CardFontFace } from '../../../card-schema/layout/format';

export { FONT_FAMILY };

// Every font in resources/fonts as a bundled URL, keyed by file name.
const bundled = import.meta.glob<string>(['../../../resources/fonts/*.ttf', '../../../resources/fonts/*.otf'], {
  query: '?url',
  import: 'default',
  eager: true,
});

/** The bundled URL of a font file in resources/fonts. */
export function fontUrl(fileName: string): string {
  const entry = Object.entries(bundled).find(([path]) => path.endsWith(`/${fileName}`));
  if (!entry) throw new Error(`Card font file "${fileName}" is missing from resources/fonts`);
  return entry[1];
}

/** CSS weight and style of each layout font face. */
export const FACE_STYLE: Record<CardFontFace, { weight: string; style: string }> = {
  regular: { weight: '400', style: 'normal' },
  bold: { weight: '700', style: 'normal' },
  italic: { weight: '400', style: 'italic' },
};

/** The family a game font file is registered under (game-fonts.ts), unquoted: its SHA-256's start. */
export function gameFontFamilyName(file: string): string {
  return `Cardwright Game ${file.slice(0, 16)}`;
}

/**
 * The CSS family of a text op: its game font file's (game-fonts.ts), its fallback font's, or the
 * card font's. No generic family after it: a character the layout did not cover was already
 * replaced, and a system font standing in would draw what the print cannot.
 */
export function familyOf(op: Pick<Extract<DrawOp, { op: 'text' }>, 'fallback' | 'gameFontFile'>): string {
  if (op.gameFontFile !== undefined) return `"${gameFontFamilyName(op.gameFontFile)}"`;
  return FALLBACK_FONTS.find((font) => font.id === op.fallback)?.family ?? FONT_FAMILY;
}

let loading: Promise<void> | null = null;

/**
 * Adds the card font faces to the document once; resolves when they are usable. The fallback
 * fonts (a few MB) are added too but load when a card first uses them, like any @font-face.
 */
export function loadCardFonts(): Promise<void> {
  loading ??= addFontFaces();
  return loading;
}

function addFontFaces(): Promise<void> {
  for (const fallback of FALLBACK_FONTS) {
    for (const face of Object.keys(fallback.files) as CardFontFace[]) {
      const { weight, style } = FACE_STYLE[face];
      document.fonts.add(new FontFace(fallback.family, `url("${fontUrl(fallback.files[face])}")`, { weight, style }));
    }
  }
  return Promise.all(
    (Object.keys(FONT_FILES) as CardFontFace[]).map(async (face) => {
      const { weight, style } = FACE_STYLE[face];
      const fontFace = new FontFace(FONT_FAMILY, `url("${fontUrl(FONT_FILES[face])}")`, { weight, style });
      document.fonts.add(fontFace);
      await fontFace.load();
    }),
  ).then(() => undefined);
}
