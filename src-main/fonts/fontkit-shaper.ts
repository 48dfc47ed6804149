// The main process's TextShaper (card-schema/layout/text-shaper.ts): fontkit over the app's own
// font files, the engine pdfkit draws the PDF's text with and card-svg.ts the card images', so
// layout measures shaped runs exactly as they are then drawn. Files are read and opened on the
// first run that needs them: most prints have no Arabic, Hebrew, Devanagari or Thai at all.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create as openFont, type Font } from 'fontkit';
import { setTextShaper, type TextShaper } from '../../card-schema/layout/text-shaper';

/** Shaped widths kept per file: line breaking measures the same words at every size it tries. */
const MEASURED_PER_FILE = 20_000;

/** A shaper over the font files in `fontsDir`. */
export function fontkitShaper(fontsDir: string): TextShaper {
  const fonts = new Map<string, Font | null>();
  const measured = new Map<string, Map<string, number>>();
  const fontOf = (file: string): Font | null => {
    let font = fonts.get(file);
    if (font === undefined) {
      try {
        font = openFont(readFileSync(join(fontsDir, file)));
      } catch {
        // A missing file is reported where the print reads its fonts (pdf-fonts.ts); here the run
        // is measured character by character instead.
        font = null;
      }
      fonts.set(file, font);
    }
    return font;
  };
  return {
    advance(file, text) {
      const font = fontOf(file);
      if (!font) return undefined;
      let widths = measured.get(file);
      if (!widths) measured.set(file, (widths = new Map()));
      let width = widths.get(text);
      if (width === undefined) {
        width = font.layout(text).advanceWidth;
        if (widths.size >= MEASURED_PER_FILE) widths.clear();
        widths.set(text, width);
      }
      return width;
    },
  };
}

let installedFor: string | undefined;

/** Installs the shaper over `fontsDir` for this thread's layout (once per folder). */
export function installFontkitShaper(fontsDir: string): void {
  if (installedFor === fontsDir) return;
  installedFor = fontsDir;
  setTextShaper(fontkitShaper(fontsDir));
}
