// fontkit ships no type declarations: the little of it Cardwright's main process uses (what
// scripts/font-metrics-of.mjs measures, and what the loader checks).

declare module 'fontkit' {
  /** A font file fontkit opened: `type` says what kind ("TTF" also for CFF-based OpenType). */
  export interface Font {
    type: 'TTF' | 'WOFF' | 'WOFF2' | 'TTC' | 'DFont';
    /** The family the file names itself (its name table), a label to offer. */
    familyName: string | null;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    capHeight: number;
    xHeight: number;
    characterSet: number[];
    glyphForCodePoint(codePoint: number): { advanceWidth: number };
    /** Shaped text: glyphs (with their outlines, used by the Tabletop Simulator export) and positions in font units. */
    layout(text: string): {
      advanceWidth: number;
      glyphs: { path: { toSVG(): string } }[];
      positions: { xAdvance: number; xOffset: number; yOffset: number }[];
    };
    GPOS?: unknown;
    GSUB?: unknown;
    kern?: unknown;
    morx?: unknown;
  }

  /** Opens a font from its bytes; throws when they are no font fontkit knows. */
  export function create(buffer: Buffer): Font;
}
