// pdfkit's embedded font object as the painter (paint-drawing.ts) uses it and the font registry
// (pdf-fonts.ts) hands it out: public in pdfkit, missing from its types.

/** A word as pdfkit's EmbeddedFont.layoutCached shapes it. */
export interface GlyphRun {
  glyphs: { id: number; advanceWidth: number; codePoints: number[] }[];
  /** In thousandths of an em, as pdfkit scales them. */
  positions: { xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number }[];
}

/** The parts of pdfkit's EmbeddedFont the painter uses (public in pdfkit, missing from its types). */
export interface PdfFontObject {
  id: string;
  /** 1000 / units per em. */
  scale: number;
  layoutCached(text: string): GlyphRun;
  subset: { includeGlyph(glyphId: number): number };
  widths: number[];
  unicode: number[][];
  ref(): unknown;
}
