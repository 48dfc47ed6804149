// Types for font-metrics-of.mjs (plain ESM so `node scripts/gen-font-metrics.mjs` runs without a build).

import type { FontMetrics } from '../card-schema/layout/font-metrics';

/** The little of a fontkit font the measuring reads (fontkit ships no type declarations). */
export interface MeasurableFont {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  capHeight: number;
  xHeight: number;
  characterSet: number[];
  glyphForCodePoint(codePoint: number): { advanceWidth: number };
  layout(text: string): { advanceWidth: number };
  GPOS?: unknown;
  GSUB?: unknown;
  kern?: unknown;
  morx?: unknown;
}

export function fontMetricsOf(font: MeasurableFont, options: { kerning: boolean }): FontMetrics;
