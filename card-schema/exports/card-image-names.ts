// File names of exported card images (src-main/card-images/) from a pattern ("{number}-{name}"):
// each placeholder filled from the card, the result made safe for every file system (safeFileName), and unique within
// the export whatever the case ("Bolt", "Bolt (2)"), so no image overwrites another.

import type { CardRecord } from '../system/format';
import { safeFileName } from '../files/safe-file-name';

export const NAME_PLACEHOLDERS = ['number', 'name', 'id', 'set', 'type'] as const;
export type NamePlaceholder = (typeof NAME_PLACEHOLDERS)[number];

export const DEFAULT_NAME_PATTERN = '{number}-{name}';
/** Each image format's file extension. */
export const IMAGE_EXTENSION = { png: '.png', jpeg: '.jpg' } as const;
/** What a back face's file name ends in, before its extension. */
export const BACK_SUFFIX = '-back';

/** One sentence naming what is wrong with the pattern, or undefined when it is usable. */
export function namePatternProblem(pattern: string): string | undefined {
  if (pattern.trim() === '') return 'The file name pattern is empty; use for example {number}-{name}';
  for (const match of pattern.matchAll(/\{([^{}]*)\}/g)) {
    if (!(NAME_PLACEHOLDERS as readonly string[]).includes(match[1]))
      return `The file name pattern has an unknown placeholder {${match[1]}}; use ${NAME_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`;
  }
  return undefined;
}

/** What fills the placeholders for one card. */
export interface NameValues {
  /** The card's `number` field, else its place in the export, zero-padded to the export's size. */
  number: string;
  name: string;
  id: string;
  set: string;
  type: string;
}

export function nameValues(card: CardRecord, index: number, count: number, setName: string): NameValues {
  const own = card.doc.number;
  const number =
    (typeof own === 'string' && own.trim() !== '') || typeof own === 'number'
      ? String(own).trim()
      : String(index + 1).padStart(String(count).length, '0');
  return { number, name: card.doc.name, id: card.id, set: setName, type: card.doc.type };
}

/** The pattern filled in, before it is made safe. */
export function fillPattern(pattern: string, values: NameValues): string {
  return pattern.replace(/\{(number|name|id|set|type)\}/g, (_all, key: NamePlaceholder) => values[key]);
}

/** Hands out safe, unique file names (case-insensitively unique: macOS and Windows ignore case). */
export class FileNamer {
  private readonly used = new Set<string>();

  constructor(
    private readonly pattern: string,
    private readonly extension: string,
  ) {}

  /** The front's file name; the back's is the same stem + BACK_SUFFIX. */
  next(values: NameValues): { front: string; back: string } {
    // Room for " (NNNNN)" and the back suffix within safeFileName's 120 characters.
    const stem = safeFileName(fillPattern(this.pattern, values), '').slice(0, 100).trim() || 'card';
    for (let attempt = 1; ; attempt++) {
      const candidate = attempt === 1 ? stem : `${stem} (${attempt})`;
      const front = `${candidate}${this.extension}`;
      const back = `${candidate}${BACK_SUFFIX}${this.extension}`;
      if (this.used.has(front.toLowerCase()) || this.used.has(back.toLowerCase())) continue;
      this.used.add(front.toLowerCase());
      this.used.add(back.toLowerCase());
      return { front, back };
    }
  }
}

/** The file names the first card would get, for a dialog's live example. */
export function exampleFileNames(
  pattern: string,
  values: NameValues,
  format: keyof typeof IMAGE_EXTENSION,
): { front: string; back: string } {
  return new FileNamer(pattern, IMAGE_EXTENSION[format]).next(values);
}
