// Where a gradient fill runs across its shape, the same for every painter (the SVG preview,
// the PDF, the exported images): along the angle (0 top to bottom, 90 left to right), through
// the box's centre, from the corner where it starts to the one where it ends (as CSS does), so
// the first color is at one edge of the shape and the second at the other, whatever its size.

import type { ResolvedGradient } from './format';

export interface GradientBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The gradient's line in the box's coordinates: the first color at (x1, y1), the second at (x2, y2). */
export function gradientLine(angle: number, box: GradientBox): { x1: number; y1: number; x2: number; y2: number } {
  const radians = ((Number.isFinite(angle) ? angle : 0) * Math.PI) / 180;
  // Snap the usual angles, so 0 and 90 run exactly along the box's sides.
  const dx = snap(Math.sin(radians));
  const dy = snap(Math.cos(radians));
  const half = (Math.abs(box.w * dx) + Math.abs(box.h * dy)) / 2;
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  return { x1: cx - dx * half, y1: cy - dy * half, x2: cx + dx * half, y2: cy + dy * half };
}

function snap(value: number): number {
  const rounded = Math.round(value);
  return Math.abs(value - rounded) < 1e-9 ? rounded : value;
}

/** Whether a fill is a gradient rather than one color. */
export function isGradient(fill: string | ResolvedGradient | undefined): fill is ResolvedGradient {
  return typeof fill === 'object' && fill !== null;
}

/**
 * A hex color as a color without alpha and its opacity (#rrggbbaa → #rrggbb, aa / 255), as SVG
 * gradient stops take it; "none" fully transparent; anything else as it is, opaque.
 */
export function splitAlpha(color: string): { color: string; opacity: number } {
  if (/^\s*(?:none|transparent)\s*$/i.test(color)) return { color: '#000000', opacity: 0 };
  const match = /^#([0-9a-f]{4}|[0-9a-f]{8})$/i.exec(color.trim());
  if (!match) return { color, opacity: 1 };
  const digits = match[1].length === 4 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  return { color: `#${digits.slice(0, 6)}`, opacity: Math.round((parseInt(digits.slice(6), 16) / 255) * 1000) / 1000 };
}

/** The color halfway along a gradient (both ends hex): what a thumbnail paints it with. */
export function gradientMiddle(gradient: ResolvedGradient): string | undefined {
  const from = hexChannels(gradient.from);
  const to = hexChannels(gradient.to);
  if (!from || !to) return undefined;
  const mixed = from.map((channel, i) => Math.round((channel + to[i]) / 2));
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

function hexChannels(color: string): number[] | undefined {
  const match = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color);
  if (!match) return undefined;
  let digits = match[1];
  if (digits.length <= 4) digits = [...digits].map((digit) => digit + digit).join('');
  if (digits.length === 6) digits += 'ff';
  return [0, 2, 4, 6].map((i) => parseInt(digits.slice(i, i + 2), 16));
}
