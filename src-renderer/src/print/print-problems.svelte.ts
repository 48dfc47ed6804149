// The print dialog's list of print problems: one printProblems call for the print (again, a
// moment later, when the card size or the per-card counts change), grouped by kind for the list.
// Only the newest answer is shown; the loader is injectable so the model is tested without a backend.

import type { ApiInput, PrintProblem, PrintProblemList } from '../../../src-main/api/contract';
import { countByKind, printProblemKindName } from '../../../card-schema/print/print-problem-kinds';
import { errorMessage } from '../api/client';

export type PrintProblemsRequest = Pick<ApiInput<'printProblems'>, 'source' | 'cardCopies'> & {
  cardSize: NonNullable<ApiInput<'printProblems'>['print']>['cardSize'];
};

export type PrintProblemsLoader = (input: ApiInput<'printProblems'>) => Promise<PrintProblemList>;

export interface ProblemGroup {
  kind: string;
  /** "Text cut off" */
  name: string;
  problems: PrintProblem[];
}

export class PrintProblemsModel {
  list: PrintProblemList | null = $state.raw(null);
  error: string | null = $state(null);
  /** A request is on its way (the list shown is the previous one's). */
  checking = $state(false);
  #asked = 0;

  constructor(private readonly load: PrintProblemsLoader) {}

  /** Asks for the print's problems; an answer to an older request is dropped. */
  async check(request: PrintProblemsRequest): Promise<void> {
    const ask = ++this.#asked;
    this.checking = true;
    try {
      const list = await this.load({
        source: request.source,
        cardCopies: request.cardCopies,
        print: { cardSize: request.cardSize },
      });
      if (ask !== this.#asked) return;
      this.list = list;
      this.error = null;
    } catch (error) {
      if (ask !== this.#asked) return;
      this.error = errorMessage(error);
    } finally {
      if (ask === this.#asked) this.checking = false;
    }
  }

  /** All problems, counting those past the listed ones. */
  readonly total: number = $derived(this.list?.total ?? 0);

  /** How many distinct cards the listed problems are on. */
  readonly cards: number = $derived(new Set((this.list?.problems ?? []).map((problem) => problem.cardId)).size);

  /** The listed problems by kind, kinds in the order they first appear. */
  readonly groups: ProblemGroup[] = $derived.by(() => {
    const problems = this.list?.problems ?? [];
    return countByKind(problems).map(({ kind }) => ({
      kind,
      name: printProblemKindName(kind),
      problems: problems.filter((problem) => problem.kind === kind),
    }));
  });
}
