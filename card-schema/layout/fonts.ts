// The font embedded in PDFs and used by the card preview. The files live in resources/fonts;
// font-metrics.ts holds their advance widths so text breaks the same everywhere.

import type { FontFace } from './format';

export const FONT_FAMILY = 'Inter';

/** File names inside resources/fonts, one per face. */
export const FONT_FILES: Record<FontFace, string> = {
  regular: 'Inter-Regular.ttf',
  bold: 'Inter-Bold.ttf',
  italic: 'Inter-Italic.ttf',
};
