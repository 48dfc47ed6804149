// What each kind of print problem is called where they are listed by kind (the print dialog's
// groups, the CLI's summary line). The kinds come from the layout's warnings, which may grow
// (a new script warning, say): a kind without a name here is named from its code.

const KIND_NAMES: Readonly<Record<string, string>> = {
  'text-cut': 'Text cut off',
  'text-cut-by-card-size': 'Text cut by the chosen card size',
  'missing-glyphs': 'Characters no font has (printed as boxes)',
  'right-to-left': 'Right-to-left text',
  'art-resolution': 'Art under 300 dpi',
  'unknown-symbol': 'Unknown symbols',
  'layout-failed': 'Cards that do not lay out',
};

/** "Text cut off"; an unnamed kind "emoji-sequence" is "Emoji sequence". */
export function printProblemKindName(kind: string): string {
  const named = KIND_NAMES[kind];
  if (named) return named;
  const words = kind.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The kinds in the order they first appear, each with how often: for lists grouped by kind. */
export function countByKind(problems: readonly { kind: string }[]): { kind: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const problem of problems) counts.set(problem.kind, (counts.get(problem.kind) ?? 0) + 1);
  return [...counts].map(([kind, count]) => ({ kind, count }));
}
