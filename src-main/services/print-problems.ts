// Every print problem of a print, named before paper: each distinct card laid out once at the
// print's card size, by the same layout the PDF paints, and read with the same checks the library
// rows and the editor use — the layout's own warnings (whatever kinds it reports), art under
// 300 dpi in its printed box (art-warnings.ts, with the image library's pixel sizes), and text cut
// only because the print chose another card size (laid out again at the game's size to tell).
// The print dialog lists them (printProblems), the export's notes carry them, the CLI exits 3.

import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { CardDrawing, LayoutWarning } from '../../card-schema/layout/format';
import { layoutCard } from '../../card-schema/layout/layout-card';
import { systemAtCardSize } from '../../card-schema/layout/card-size';
import { artWarnings, type ImageSize } from '../../card-schema/layout/art-warnings';
import { cardSizeOf, formatMm, type PrintOptions, type SizeMm } from '../../card-schema/print/print-options';
import {
  MAX_LISTED_PRINT_PROBLEMS,
  type PrintProblem,
  type PrintProblemList,
  type PrintSource,
  type PrintWarnings,
} from '../api/contract';
import type { PrintItem } from '../pdf/print-sheet';
import type { Library } from './library';
import { printSourceItems, type CardCopies } from './print-sources';

/** A card of a print; `cardId` names it (print-item.ts), else the document stands for it. */
export type ProblemItem = PrintItem & { cardId?: string };

/** What the checks read outside the cards: picture sizes and set names, each asked once for all cards. */
export interface ProblemLookups {
  /** The pixel size of each stored picture among `ids` (unknown ones left out). */
  imageSizes(ids: readonly string[]): Map<string, ImageSize>;
  /** The set name of each card among `cardIds`. */
  setNames(cardIds: readonly string[]): Map<string, string>;
  /** How a front is laid out at the print's size: the export passes its shared layouts (front-layouts.ts). */
  layout?: (system: GameSystem, doc: CardDocument) => CardDrawing;
}

/** The problems of what `source` prints (the dialog's list): the first MAX_LISTED_PRINT_PROBLEMS and the count. */
export async function printProblemList(
  lib: Library,
  source: PrintSource,
  copies: number,
  print: PrintOptions,
  cardCopies?: CardCopies,
): Promise<PrintProblemList> {
  const items = printSourceItems(lib, source, copies, cardCopies);
  const problems = await findPrintProblemsSliced(items, print.cardSize, libraryLookups(lib));
  return { problems: problems.slice(0, MAX_LISTED_PRINT_PROBLEMS), total: problems.length };
}

/** Picture sizes from the image library, set names from the store. */
function libraryLookups(lib: Library, layout?: ProblemLookups['layout']): ProblemLookups {
  return {
    imageSizes: (ids) =>
      new Map(lib.images.listImageInfo(ids).map((info) => [info.id, { width: info.width, height: info.height }])),
    setNames: (cardIds) => {
      const sets = new Map(lib.store.sets.listNames().map((set) => [set.id, set.name]));
      const names = new Map<string, string>();
      for (const row of lib.store.cards.getRows(cardIds)) {
        const name = sets.get(row.set_id);
        if (name !== undefined) names.set(row.id, name);
      }
      return names;
    },
    layout,
  };
}

/** A card laid out at the print's size: what the checks need of its drawing. */
interface CheckedCard {
  item: ProblemItem;
  warnings: PrintProblemWarning[];
  /** The drawing with only its image boxes (art-warnings.ts reads them). */
  images: CardDrawing;
  failed?: string;
}

/** Every problem, card by card in print order (each distinct card once), each card's in its drawing's order. */
export function findPrintProblems(
  items: readonly ProblemItem[],
  cardSize: PrintOptions['cardSize'],
  lookups: ProblemLookups,
): PrintProblem[] {
  const layout = lookups.layout ?? layoutCard;
  return problemsOf(
    distinctItems(items).map((item) => checkCard(item, cardSize, layout)),
    lookups,
  );
}

/** Main-thread work between two yields: other calls are answered in between. */
const SLICE_MS = 20;

/**
 * As findPrintProblems, in slices of SLICE_MS: laying out costs ~0.25 ms of CPU per card (more
 * at another card size), so a 10,000-card print would hold the main thread for seconds.
 */
export async function findPrintProblemsSliced(
  items: readonly ProblemItem[],
  cardSize: PrintOptions['cardSize'],
  lookups: ProblemLookups,
): Promise<PrintProblem[]> {
  const layout = lookups.layout ?? layoutCard;
  const checked: CheckedCard[] = [];
  let sliceStart = performance.now();
  for (const item of distinctItems(items)) {
    checked.push(checkCard(item, cardSize, layout));
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  return problemsOf(checked, lookups);
}

/** Each card that prints once, in print order (a card listed again, or printed 0 times, is left out). */
function distinctItems(items: readonly ProblemItem[]): ProblemItem[] {
  const distinct = new Map<string | CardDocument, ProblemItem>();
  for (const item of items) {
    const key = item.cardId ?? item.doc;
    if (item.copies > 0 && !distinct.has(key)) distinct.set(key, item);
  }
  return [...distinct.values()];
}

/** The laid-out cards' problems: their warnings, then their art's, with one look-up of picture sizes and set names. */
function problemsOf(checked: readonly CheckedCard[], lookups: ProblemLookups): PrintProblem[] {
  const imageIds = new Set<string>();
  for (const card of checked) for (const op of card.images.ops) if (op.op === 'image') imageIds.add(op.image);
  const sizes = imageIds.size > 0 ? lookups.imageSizes([...imageIds]) : new Map<string, ImageSize>();

  const found: Omit<PrintProblem, 'setName'>[] = [];
  for (const { item, warnings, images, failed } of checked) {
    const cardId = item.cardId ?? '';
    const cardName = item.doc.name;
    if (failed !== undefined) found.push({ cardId, cardName, kind: 'layout-failed', message: failed });
    for (const warning of [...warnings, ...artWarnings(images, (id) => sizes.get(id))]) {
      found.push({
        cardId,
        cardName,
        kind: warning.code,
        message: warning.message,
        ...(warning.pointer ? { field: warning.pointer } : {}),
      });
    }
  }
  const named = found.map((problem) => problem.cardId).filter((id) => id !== '');
  const setNames = named.length > 0 ? lookups.setNames([...new Set(named)]) : new Map<string, string>();
  return found.map((problem) => {
    const setName = setNames.get(problem.cardId);
    return setName === undefined ? problem : { ...problem, setName };
  });
}

/** Lays the card out at the print's size and keeps its warnings and image boxes (not its text). */
function checkCard(
  item: ProblemItem,
  cardSize: PrintOptions['cardSize'],
  layout: (system: GameSystem, doc: CardDocument) => CardDrawing,
): CheckedCard {
  const size = cardSizeOf(cardSize, item.system.card);
  const system = systemAtCardSize(item.system, size);
  let drawing: CardDrawing;
  try {
    drawing = layout(system, item.doc);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const images = { widthMm: 0, heightMm: 0, cornerRadiusMm: 0, ops: [] };
    return { item, warnings: [], images, failed: `The card cannot be laid out: ${reason}` };
  }
  let warnings: PrintProblemWarning[] = drawing.warnings ?? [];
  // Only the card size tells the two kinds of cut apart: compare with the game's own size.
  if (system !== item.system && warnings.some((warning) => warning.code === 'text-cut'))
    warnings = markCardSizeCuts(drawing.warnings ?? [], gameSizeCuts(item), size, item.system.card);
  return { item, warnings, images: { ...drawing, ops: drawing.ops.filter((op) => op.op === 'image') } };
}

/** How many cut texts each field has at the game's own card size. */
function gameSizeCuts(item: ProblemItem): Map<string, number> {
  const cuts = new Map<string, number>();
  try {
    for (const warning of layoutCard(item.system, item.doc).warnings ?? [])
      if (warning.code === 'text-cut') cuts.set(warning.pointer, (cuts.get(warning.pointer) ?? 0) + 1);
  } catch {
    // A card that does not lay out at its own size: every cut counts as the card size's.
  }
  return cuts;
}

/** The cuts the game's size does not have become text-cut-by-card-size, saying both sizes. */
function markCardSizeCuts(
  warnings: LayoutWarning[],
  atGameSize: Map<string, number>,
  size: SizeMm,
  game: SizeMm,
): PrintProblemWarning[] {
  const left = new Map(atGameSize);
  return warnings.map((warning) => {
    if (warning.code !== 'text-cut') return warning;
    const known = left.get(warning.pointer) ?? 0;
    if (known > 0) {
      left.set(warning.pointer, known - 1);
      return warning;
    }
    return {
      ...warning,
      code: 'text-cut-by-card-size',
      message:
        `Cut by the card size chosen for this print (${sizeLabel(size)}): it fits on the game's ${sizeLabel(game)} card. ` +
        warning.message,
    };
  });
}

/** A layout warning, or one this module makes of it. */
type PrintProblemWarning = Omit<LayoutWarning, 'code'> & { code: PrintProblem['kind'] };

const sizeLabel = (size: SizeMm) => `${formatMm(size.widthMm)} × ${formatMm(size.heightMm)} mm`;

/** At most this many cards' messages in an export's notes (`problems` lists every problem). */
const NOTED_CARDS = 20;

/** An export's notes: its cards' problems, one message per card ("“Name” (Set): …"); undefined when none. */
export function printProblemNotes(problems: readonly PrintProblem[]): PrintWarnings | undefined {
  if (problems.length === 0) return undefined;
  const byCard = new Map<string, { label: string; messages: string[] }>();
  for (const problem of problems) {
    const key = problem.cardId || problem.cardName;
    let card = byCard.get(key);
    if (!card) byCard.set(key, (card = { label: problemCardLabel(problem), messages: [] }));
    card.messages.push(problem.message);
  }
  const messages = [...byCard.values()].slice(0, NOTED_CARDS).map((card) => `${card.label}: ${card.messages.join(' ')}`);
  return {
    cards: byCard.size,
    messages,
    problems: problems.slice(0, MAX_LISTED_PRINT_PROBLEMS),
    problemCount: problems.length,
  };
}

/** "“Ember Drake” (Core Set)": how a problem names its card. */
export function problemCardLabel(problem: Pick<PrintProblem, 'cardName' | 'setName'>): string {
  return `“${problem.cardName}”${problem.setName ? ` (${problem.setName})` : ''}`;
}

/** The export's notes for its items, reusing the fronts the PDF was painted from. */
export function exportProblemNotes(
  lib: Library,
  items: readonly ProblemItem[],
  print: Pick<PrintOptions, 'cardSize'>,
  layout: ProblemLookups['layout'],
): { warnings?: PrintWarnings } {
  const warnings = printProblemNotes(findPrintProblems(items, print.cardSize, libraryLookups(lib, layout)));
  return warnings ? { warnings } : {};
}
