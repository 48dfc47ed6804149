// Layout warnings for text: what a text element could not show as the card says. They come
// from the layout itself, so the editor, the library and the print all report the same thing.

import type { LayoutWarning } from './format';
import { FALLBACK_MARK } from './fonts';
import { stackOf, type TextFont } from './font-coverage';
import { templateFields } from './template';
import { own } from '../own-keys';

export interface CoveredText {
  /** The text with every character no embedded font draws replaced by FALLBACK_MARK. */
  text: string;
  /** Those characters, each once, in order of appearance. */
  missing: string[];
}

export function coverText(text: string, font: TextFont): CoveredText {
  const stack = stackOf(font);
  const missing = new Set<string>();
  let covered = '';
  for (const ch of text) {
    if (ch === '\n' || stack.fontFor(ch) !== null) covered += ch;
    else {
      missing.add(ch);
      covered += FALLBACK_MARK;
    }
  }
  return { text: covered, missing: [...missing] };
}

/** Where a text element's warnings point: the card fields its template names. */
export class WarningSite {
  constructor(
    private readonly template: string,
    private readonly values: Record<string, unknown>,
    private readonly vars: Record<string, string>,
  ) {}

  /** Card fields (not vars) the template names that hold something. */
  private fields(): { name: string; shown: string }[] {
    return templateFields(this.template)
      .filter((name) => !Object.hasOwn(this.vars, name))
      .map((name) => ({ name, shown: JSON.stringify(own(this.values, name)) ?? '' }))
      .filter((field) => field.shown !== '' && field.shown !== '""');
  }

  /** The field holding the most text: the one to shorten when the whole does not fit. */
  longest(): string {
    const fields = this.fields().sort((a, b) => b.shown.length - a.shown.length);
    return fields.length > 0 ? fieldPointer(fields[0].name) : '';
  }

  /** The first field whose value contains `ch`. */
  holding(ch: string): string {
    const field = this.fields().find((candidate) => candidate.shown.includes(ch));
    return field ? fieldPointer(field.name) : this.longest();
  }
}

/** The JSON pointer of a top-level card field (RFC 6901 escapes). */
export function fieldPointer(field: string): string {
  return `/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

const quoted = (chars: string[]) =>
  chars
    .slice(0, 5)
    .map((ch) => `“${ch}” (U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')})`)
    .join(', ') + (chars.length > 5 ? ` and ${chars.length - 5} more` : '');

/** The warning for characters no embedded font draws. */
export function glyphWarnings(missing: string[], site: WarningSite): LayoutWarning[] {
  if (missing.length === 0) return [];
  return [
    {
      pointer: site.holding(missing[0]),
      code: 'missing-glyphs',
      message: `No card font has ${quoted(missing)}: printed as ${FALLBACK_MARK}.`,
    },
  ];
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** Parts of an emoji sequence: pictographs, skin tones, flag letters, the keycap frame. */
const EMOJI_PART = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u20e3/u;
/** ZWJ, keycap frame, flag letters, skin tones, variation selector 16, tag characters (subdivision flags). */
const SEQUENCE_MARK = /\u200d|\u20e3|\ufe0f|\p{Regional_Indicator}|\p{Emoji_Modifier}|[\u{e0020}-\u{e007f}]/u;
/** What holds a sequence together without being drawn: ZWJ and the emoji/text variation selectors. */
const GLUE = /\u200d|\ufe0e|\ufe0f/gu;

/**
 * Emoji sequences in the text (a skin tone, a ZWJ family, a flag, a keycap): the embedded
 * monochrome emoji font has no single picture for any of them, so each prints as its parts.
 */
export function emojiSequences(text: string): string[] {
  // Every sequence has one of these; most text has none and skips the segmenting.
  if (!SEQUENCE_MARK.test(text)) return [];
  const found = new Set<string>();
  for (const { segment } of graphemes.segment(text)) {
    if (segment.length < 3 || !EMOJI_PART.test(segment)) continue;
    if ([...segment.replace(GLUE, '')].length > 1) found.add(segment);
  }
  return [...found];
}

/** The warning for emoji sequences, naming the first few and the pictures each prints as. */
export function emojiWarning(sequences: string[], site: WarningSite): LayoutWarning {
  const named = sequences
    .slice(0, 3)
    .map((sequence) => `${sequence} prints as ${[...sequence.replace(GLUE, '')].join(' ')}`)
    .join('; ');
  const more = sequences.length > 3 ? ` (and ${sequences.length - 3} more)` : '';
  return {
    pointer: site.holding(sequences[0]),
    code: 'emoji-sequence',
    message: `The card's emoji font draws no combined emoji, so each prints as separate pictures: ${named}${more}.`,
  };
}

/** The warning for `{tokens}` that name none of the game's symbols (printed as they are typed). */
export function symbolWarning(tokens: string[], symbolIds: string[], site: WarningSite): LayoutWarning {
  const named = tokens.slice(0, 3).join(', ') + (tokens.length > 3 ? ` and ${tokens.length - 3} more` : '');
  const known =
    symbolIds
      .slice(0, 8)
      .map((id) => `{${id}}`)
      .join(', ') + (symbolIds.length > 8 ? ', …' : '');
  return {
    pointer: site.holding(tokens[0]),
    code: 'unknown-symbol',
    message: `${named} ${tokens.length === 1 ? 'is no symbol' : 'are no symbols'} of this game, so ${tokens.length === 1 ? 'it prints' : 'they print'} as typed; its symbols are ${known}.`,
  };
}

/** The warning for text that does not fit even at its smallest size and is cut. */
export function cutWarning(site: WarningSite, sizePt: number, linesNeeded: number, linesShown: number): LayoutWarning {
  return {
    pointer: site.longest(),
    code: 'text-cut',
    message:
      `Too long for its box: even at ${sizePt} pt it needs ${linesNeeded} lines where ${linesShown} fit, ` +
      `so the card is printed with the text cut off after “…”. Shorten it.`,
  };
}
