// The print dialog's preview model: per-card counts over the defaults (the total live, only the
// changed counts sent), and the cards read in windows as pages ask for them, stale answers dropped.

import { describe, expect, it } from 'vitest';
import type { GameSystem } from '../../card-schema/system/format';
import type { PrintPreview } from '../../src-main/api/contract';
import { PrintPreviewModel, WINDOW, type PrintPreviewDeps } from '../../src-renderer/src/print/print-preview.svelte';

const game = { id: 'g', card: { widthMm: 63, heightMm: 88 } } as unknown as GameSystem;
const entries = [
  { cardId: 'a', name: 'Alpha', systemId: 'g', count: 150 },
  { cardId: 'b', name: 'Beta', systemId: 'g', count: 2 },
];

/** A fake previewPrint over a print of `entries` (the counts applied), recording each call. */
function fakeApi() {
  const calls: { offset: number; cardCopies?: Record<string, number>; entries: boolean }[] = [];
  const deps: PrintPreviewDeps = {
    loadSystem: () => Promise.resolve(game),
    previewPrint: (input) => {
      calls.push({ offset: input.offset, cardCopies: input.cardCopies, entries: input.entries });
      const all = entries.flatMap((entry) =>
        Array.from({ length: input.cardCopies?.[entry.cardId] ?? entry.count }, () => entry),
      );
      const answer: PrintPreview = {
        count: all.length,
        offset: input.offset,
        cards: all
          .slice(input.offset, input.offset + input.limit)
          .map((entry) => ({ cardId: entry.cardId, systemId: 'g', doc: { type: 't', name: entry.name } })),
        ...(input.entries ? { entries } : {}),
      };
      return Promise.resolve(answer);
    },
  };
  return { deps, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PrintPreviewModel', () => {
  it('counts live and sends only the counts that differ from the defaults', async () => {
    const { deps } = fakeApi();
    const model = new PrintPreviewModel(deps, { kind: 'deck', deckId: 'd' });
    await model.load(1);
    expect(model.total).toBe(152);
    expect(model.cardCopies).toBeUndefined();
    model.setCount(entries[0], 0);
    model.setCount(entries[1], 5);
    expect(model.total).toBe(5);
    expect(model.cardCopies).toEqual({ a: 0, b: 5 });
    model.setCount(entries[1], 2);
    model.setCount(entries[0], 100);
    expect(model.cardCopies).toEqual({ a: 0 });
    model.resetCounts();
    expect(model.total).toBe(152);
  });

  it('reads the cards a window at a time as pages ask, and forgets them when the counts change', async () => {
    const { deps, calls } = fakeApi();
    const model = new PrintPreviewModel(deps, { kind: 'deck', deckId: 'd' });
    await model.load(1);
    expect(calls).toEqual([{ offset: 0, cardCopies: undefined, entries: true }]);
    expect(model.card(0)?.doc.name).toBe('Alpha');
    expect(model.card(WINDOW + 51)).toBeUndefined();
    await settle();
    expect(calls.at(-1)).toMatchObject({ offset: WINDOW, entries: false });
    expect(model.card(WINDOW + 51)?.doc.name).toBe('Beta');
    expect(calls).toHaveLength(2);

    model.setCount(entries[0], 1);
    await model.load(1);
    expect(calls.at(-1)).toEqual({ offset: 0, cardCopies: { a: 1 }, entries: false });
    expect(model.card(1)?.doc.name).toBe('Beta');
    expect(model.card(WINDOW + 1)).toBeUndefined();
  });
});
