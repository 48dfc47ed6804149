// The kinds of paint the inspector offers for a colour or fill (layout/format.ts Paint, Fill),
// and a sensible paint to start from when the designer switches kind.

import type { FieldPaint, Fill, GradientPaint, Paint } from '../../../../card-schema/layout/format';

export type PaintMode = 'none' | 'solid' | 'identity' | 'field' | 'gradient';

export const PAINT_MODES: readonly { mode: PaintMode; label: string }[] = [
  { mode: 'none', label: 'None' },
  { mode: 'solid', label: 'Colour' },
  { mode: 'identity', label: "Card's identity colour" },
  { mode: 'field', label: "By a field's value" },
  { mode: 'gradient', label: 'Gradient' },
];

export const isGradientPaint = (fill: Fill | undefined): fill is GradientPaint =>
  typeof fill === 'object' && fill !== null && 'gradient' in fill;
export const isFieldPaint = (fill: Fill | undefined): fill is FieldPaint =>
  typeof fill === 'object' && fill !== null && 'byField' in fill;

export function paintMode(fill: Fill | undefined): PaintMode {
  if (fill === undefined) return 'none';
  if (typeof fill === 'string') return 'solid';
  if (isGradientPaint(fill)) return 'gradient';
  if (isFieldPaint(fill)) return 'field';
  return 'identity';
}

/** A solid colour standing for any paint (a gradient's first stop, a field table's default). */
export function solidOf(fill: Fill | undefined, fallback = '#888888'): string {
  if (typeof fill === 'string') return fill;
  if (isGradientPaint(fill)) return solidOf(fill.gradient[0], fallback);
  if (isFieldPaint(fill)) return fill.default;
  if (fill && 'identityOr' in fill) return fill.identityOr;
  return fallback;
}

/** The paint to switch to: keeps the current colour where the new kind has one. */
export function paintFor(mode: PaintMode, current: Fill | undefined, field: string | undefined): Fill | undefined {
  const solid = solidOf(current);
  switch (mode) {
    case 'none':
      return undefined;
    case 'solid':
      return solid;
    case 'identity':
      return { identity: 0 };
    case 'field':
      return { byField: field ?? 'name', values: {}, default: solid } satisfies FieldPaint;
    case 'gradient':
      return { gradient: [solid, '#ffffff'], angle: 0 };
  }
}

/** A gradient stop as a colour (the inspector edits solid stops). */
export const stopColor = (paint: Paint): string => solidOf(paint);
