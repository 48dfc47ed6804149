// The print dialog's problem list model: one printProblems call per request with the card size,
// the answer grouped by kind (kinds in order of first appearance, named, unknown kinds named from
// their code), an older answer arriving late dropped, and a failed call shown as an error.

import { describe, expect, it, vi } from 'vitest';
import type { PrintProblem, PrintProblemList } from '../../src-main/api/contract';
import { PrintProblemsModel } from '../../src-renderer/src/print/print-problems.svelte';

vi.mock('../../src-renderer/src/api/client', () => ({
  api: {},
  errorMessage: (error: unknown) => (error instanceof Error ? error.message : String(error)),
}));

const problem = (cardId: string, kind: string): PrintProblem =>
  ({ cardId, cardName: `Card ${cardId}`, kind, message: `${kind} on ${cardId}` }) as PrintProblem;

const source = { kind: 'set', setId: 's' } as const;

describe('PrintProblemsModel', () => {
  it('asks with the card size and groups the answer by kind', async () => {
    const answer: PrintProblemList = {
      problems: [
        problem('a', 'text-cut'),
        problem('b', 'emoji-sequence'),
        problem('c', 'text-cut'),
        problem('a', 'art-resolution'),
      ],
      total: 4,
    };
    const load = vi.fn(async () => answer);
    const model = new PrintProblemsModel(load);
    await model.check({ source, cardSize: 'tarot' });
    expect(load).toHaveBeenCalledWith({ source, cardCopies: undefined, print: { cardSize: 'tarot' } });
    expect([model.total, model.cards]).toEqual([4, 3]);
    expect(model.groups.map((group) => [group.name, group.problems.map((p) => p.cardId)])).toEqual([
      ['Text cut off', ['a', 'c']],
      ['Emoji sequence', ['b']],
      ['Art under 300 dpi', ['a']],
    ]);
  });

  it('keeps the newest answer when an older one arrives later, and shows a failure', async () => {
    let finishSlow: (list: PrintProblemList) => void = () => undefined;
    const slow = new Promise<PrintProblemList>((resolve) => (finishSlow = resolve));
    const answers = [slow, Promise.resolve({ problems: [], total: 0 })];
    const model = new PrintProblemsModel(() => answers.shift()!);
    const first = model.check({ source, cardSize: 'game' });
    await model.check({ source, cardSize: 'japanese' });
    finishSlow({ problems: [problem('x', 'text-cut')], total: 1 });
    await first;
    expect(model.total).toBe(0);
    expect(model.checking).toBe(false);

    const failing = new PrintProblemsModel(() => Promise.reject(new Error('No card matches “x”')));
    await failing.check({ source, cardSize: 'game' });
    expect(failing.error).toBe('No card matches “x”');
  });
});
