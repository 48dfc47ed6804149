// Registers the card font (the same files the PDF exporter embeds) so the SVG preview
// renders text exactly like the print. The files are bundled by Vite as same-origin assets,
// which the strict CSP (font-src 'self') allows; no remote or system fonts are involved.

import { FONT_FAMILY, FONT_FILES } from '../../../card-schema/layout/fonts';
import type { FontFace as CardFontFace } from '../../../card-schema/layout/format';

export { FONT_FAMILY };

// Every font in resources/fonts as a bundled URL, keyed by file name.
const bundled = import.meta.glob<string>('../../../resources/fonts/*.ttf', {
  query: '?url',
  import: 'default',
  eager: true,
});

function fontUrl(fileName: string): string {
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

let loading: Promise<void> | null = null;

/** Adds the card font faces to the document once; resolves when they are usable. */
export function loadCardFonts(): Promise<void> {
  loading ??= Promise.all(
    (Object.keys(FONT_FILES) as CardFontFace[]).map(async (face) => {
      const { weight, style } = FACE_STYLE[face];
      const fontFace = new FontFace(FONT_FAMILY, `url("${fontUrl(FONT_FILES[face])}")`, { weight, style });
      document.fonts.add(fontFace);
      await fontFace.load();
    }),
  ).then(() => undefined);
  return loading;
}
