// Which pages of an export to write: "1-3,6", numbered as the preview and the PDF number them
// (the calibration page included; the separate backs file's pages after the main file's). Pure,
// so the print dialog can say what is wrong while the user types.

/** At most this many comma-separated parts, so a hostile range stays cheap to read. */
const MAX_PARTS = 100;

export type PageRangeOutcome = { pages: Set<number> | null; error?: undefined } | { pages?: undefined; error: string };

/**
 * The pages a range selects (`null`: every page, for an empty range), or one sentence naming the
 * range, what is wrong and the page count.
 */
export function readPageRange(text: string, pageCount: number): PageRangeOutcome {
  const range = text.trim();
  if (range === '') return { pages: null };
  const count = `the export has ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}`;
  const parts = range.split(',');
  if (parts.length > MAX_PARTS) return { error: `Page range “${shorten(range)}” has more than ${MAX_PARTS} parts (${count}).` };
  const pages = new Set<number>();
  for (const raw of parts) {
    const part = raw.trim();
    const match = /^(\d{1,6})(?:\s*-\s*(\d{1,6})?)?$/.exec(part);
    if (!match) {
      return {
        error: `Page range “${shorten(range)}” is not understood at “${shorten(part)}”: use page numbers and ranges such as “1-3,6” (${count}).`,
      };
    }
    const first = Number(match[1]);
    const open = match[2] === undefined && part.includes('-');
    const last = open ? pageCount : Number(match[2] ?? match[1]);
    if (first < 1) return { error: `Page range “${shorten(range)}” names page 0, but pages are numbered from 1 (${count}).` };
    if (last < first)
      return { error: `Page range “${shorten(range)}” runs backwards at “${part}”: write the lower page first (${count}).` };
    if (last > pageCount || first > pageCount) {
      return { error: `Page range “${shorten(range)}” asks for page ${Math.max(first, last)}, but ${count}.` };
    }
    for (let page = first; page <= last; page++) pages.add(page);
  }
  return { pages };
}

/** The range's error sentence, or undefined when it is fine. */
export function pageRangeError(text: string, pageCount: number): string | undefined {
  return readPageRange(text, pageCount).error;
}

/** Whether page `number` (1-based) is written; throws the range's sentence when it is wrong. */
export function pageFilter(text: string, pageCount: number): (page: number) => boolean {
  const outcome = readPageRange(text, pageCount);
  if (outcome.error !== undefined) throw new Error(outcome.error);
  const { pages } = outcome;
  return pages === null ? () => true : (page) => pages.has(page);
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
