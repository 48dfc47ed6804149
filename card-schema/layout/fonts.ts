// The fonts embedded in PDFs and used by the card preview. The files live in resources/fonts;
// font-metrics.ts holds what each file draws and how wide, so text breaks the same everywhere.
//
// Card text is set in the card font (Inter: Latin, Greek, Cyrillic). A character Inter has no
// glyph for is set in the first fallback font that has one (CJK, emoji, then the Arabic, Hebrew,
// Devanagari and Thai script fonts); what no font draws is reported
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
  /**
   * Set for scripts whose letters change shape with their neighbours (Arabic joining, Indic
   * conjuncts): runs in this font are measured by the installed TextShaper (text-shaper.ts),
   * and painters draw them shaped, as fontkit lays them out.
   */
  shaped?: true;
}

/** A script font (regular and bold files; italic text uses the regular one, as no italic exists). */
function scriptFont(id: string, family: string, name: string): FallbackFont {
  const regular = `NotoSans${name}-Regular.ttf`;
  return { id, family, files: { regular, bold: `NotoSans${name}-Bold.ttf`, italic: regular }, shaped: true };
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
  // After the others, so they set only the characters no earlier font has.
  scriptFont('arabic', 'Cardwright Arabic', 'Arabic'),
  scriptFont('hebrew', 'Cardwright Hebrew', 'Hebrew'),
  scriptFont('devanagari', 'Cardwright Devanagari', 'Devanagari'),
  scriptFont('thai', 'Cardwright Thai', 'Thai'),
];

/** Stands in for a character no embedded font draws (the card font's white square). */
export const FALLBACK_MARK = '□';
