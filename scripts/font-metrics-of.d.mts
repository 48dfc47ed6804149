// Types for font-metrics-of.mjs (plain ESM so `node scripts/gen-font-metrics.mjs` runs without a build).

import type { Font } from 'fontkit';
import type { FontMetrics } from '../card-schema/layout/font-metrics';

/** The little of a fontkit font the measuring reads (declared in src-main/fonts/fontkit.d.ts). */
export type MeasurableFont = Omit<Font, 'type'>;

export function fontMetricsOf(font: MeasurableFont, options: { kerning: boolean }): FontMetrics;
