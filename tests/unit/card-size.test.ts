// A game's cards laid out again at a print's card-size override (card-schema/layout/card-size.ts):
// boxes follow the card, shapes keep their proportions, and every sample card of every game
// still fits its text at every card-size preset.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemAtCardSize } from '../../card-schema/layout/card-size';
import { layoutCard, layoutCardBack } from '../../card-schema/layout/layout-card';
import { CARD_SIZE_PRESETS, type CardSizePreset } from '../../card-schema/print/print-options';
import type { CardDrawing } from '../../card-schema/layout/format';
import { loadGameSystems } from '../../src-main/services/game-systems';
import { ROOT, loadSamples } from './systems/harness';

const { systems } = loadGameSystems(join(ROOT, 'card-schema/systems'));
const osmcg = systems.find((system) => system.id === 'osmcg')!;
const TAROT = CARD_SIZE_PRESETS.tarot;

describe('systemAtCardSize', () => {
  it('is the game itself at its own size, and one object per other size', () => {
    expect(systemAtCardSize(osmcg, { ...osmcg.card })).toBe(osmcg);
    expect(systemAtCardSize(osmcg, TAROT)).toBe(systemAtCardSize(osmcg, { ...TAROT }));
    expect(systemAtCardSize(osmcg, TAROT).card).toMatchObject({ widthMm: 70, heightMm: 120 });
  });

  it('moves and sizes boxes with the card, and scales text, radii and pips by the smaller ratio', () => {
    const sx = TAROT.widthMm / osmcg.card.widthMm;
    const sy = TAROT.heightMm / osmcg.card.heightMm;
    const s = Math.min(sx, sy);
    const resized = systemAtCardSize(osmcg, TAROT);
    for (const [id, layout] of Object.entries(osmcg.layouts)) {
      layout.elements.forEach((element, i) => {
        const after = resized.layouts[id].elements[i];
        expect(after.kind).toBe(element.kind);
        expect(after.x).toBeCloseTo(element.x * sx, 9);
        expect(after.w).toBeCloseTo(element.w * sx, 9);
        expect(after.y).toBeCloseTo(element.y * sy, 9);
        expect(after.h).toBeCloseTo(element.h * sy, 9);
        if (element.kind === 'text' && after.kind === 'text') {
          expect(after.size).toBeCloseTo(element.size * s, 9);
          expect(after.minSize).toBe(element.minSize === undefined ? undefined : element.minSize * s);
        }
        if (element.kind === 'pips' && after.kind === 'pips') expect(after.size).toBeCloseTo(element.size * s, 9);
        if (element.kind === 'rect' && after.kind === 'rect') {
          expect('radius' in after).toBe('radius' in element);
          if (element.radius !== undefined) expect(after.radius).toBeCloseTo(element.radius * s, 9);
        }
      });
    }
  });
});

const presets = Object.keys(CARD_SIZE_PRESETS) as CardSizePreset[];

describe.each(systems.map((system) => [system.id]))('%s samples at every card-size preset', (systemId) => {
  const samples = loadSamples(systemId);

  it.each(presets)('%s: the drawing is the new size, everything on the card, no text cut', (preset) => {
    const size = CARD_SIZE_PRESETS[preset];
    const system = systemAtCardSize(samples.system, size);
    const drawings: [string, CardDrawing][] = samples.cards.flatMap((card) => [
      [card.id, layoutCard(system, card.doc)],
      [`${card.id} back`, layoutCardBack(system, card.doc)],
    ]);
    for (const [label, drawing] of drawings) {
      expect([drawing.widthMm, drawing.heightMm], label).toEqual([size.widthMm, size.heightMm]);
      for (const op of drawing.ops) {
        if (op.op !== 'text' && op.op !== 'rect' && op.op !== 'image') continue;
        expect(op.x, `${label}: ${op.op} x`).toBeGreaterThanOrEqual(-0.01);
        expect(op.x, `${label}: ${op.op} x`).toBeLessThanOrEqual(size.widthMm);
        expect(op.y, `${label}: ${op.op} y`).toBeLessThanOrEqual(size.heightMm + 0.01);
      }
    }
    const cut = drawings.flatMap(([label, drawing]) =>
      (drawing.warnings ?? []).filter((warning) => warning.code === 'text-cut').map((warning) => `${label}: ${warning.message}`),
    );
    expect(cut).toEqual([]);
  });
});
