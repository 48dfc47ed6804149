// The fonts embedded in PDFs and used by the card preview. The files live in resources/fonts;
// font-metrics.ts holds what each file draws and how wide, so text breaks the same everywhere.
//
// Card text is set in the card font (Inter: Latin, Greek, Cyrillic). A character Inter has no
// glyph for is set in the first fallback font that has one; what no font draws is reported
// as a layout warning and painted as FALLBACK_MARK, so the preview never shows a glyph the
// print cannot.

import type { FontFace } from './format';

export const FONT_FAMILY = 'Inter';

/** File names inside resources/fonts, one per face. */
export const FONT_FILES: Record<FontFace, string> = {
  regular: 'Inter-Regular.ttf',
  bold: 'Inter-Bold.ttf',
  italic: 'Inter-Italic.ttf',
};

export interface FallbackFont {
  /** Names the font in drawing operations (`DrawOp.fallback`). */
  id: string;
  /** CSS family name in the preview; specific to Cardwright so no installed font can stand in. */
  family: string;
  /** The file drawing each face: a face the font has no file for reuses another, never a synthesized one. */
  files: Record<FontFace, string>;
}

/** Tried in order for characters the card font lacks. */
export const FALLBACK_FONTS: readonly FallbackFont[] = [
  {
    id: 'cjk',
    family: 'Cardwright CJK',
    files: {
      regular: 'NotoSansCJKsc-Regular-Common.otf',
      bold: 'NotoSansCJKsc-Bold-Common.otf',
      // CJK type has no italics; upright is what CJK typesetting uses for emphasis too.
      italic: 'NotoSansCJKsc-Regular-Common.otf',
    },
  },
  {
    id: 'emoji',
    family: 'Cardwright Emoji',
    // One monochrome weight: PDFs cannot carry colour emoji fonts, and emoji barely change with weight.
    files: { regular: 'NotoEmoji-Regular.ttf', bold: 'NotoEmoji-Regular.ttf', italic: 'NotoEmoji-Regular.ttf' },
  },
];

/** Stands in for a character no embedded font draws (the card font's white square). */
export const FALLBACK_MARK = '□';
