// Layout warnings for text: what a text element could not show as the card says. They come
// from the layout itself, so the editor, the library and the print all report the same thing.

import type { LayoutWarning } from './format';
import { FALLBACK_MARK } from './fonts';
import { stackOf, type TextFont } from './font-coverage';
import { templateFields } from './template';
import { own } from '../own-keys';

/** Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms: set right to left. */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

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

/** Warnings for characters no embedded font draws, split into right-to-left text and the rest. */
export function glyphWarnings(missing: string[], site: WarningSite): LayoutWarning[] {
  const warnings: LayoutWarning[] = [];
  const rtl = missing.filter((ch) => RIGHT_TO_LEFT.test(ch));
  const other = missing.filter((ch) => !RIGHT_TO_LEFT.test(ch));
  if (rtl.length > 0) {
    warnings.push({
      pointer: site.holding(rtl[0]),
      code: 'right-to-left',
      message: `Right-to-left text (Hebrew, Arabic) cannot be set on cards yet: its ${rtl.length} different letters print as ${FALLBACK_MARK}.`,
    });
  }
  if (other.length > 0) {
    warnings.push({
      pointer: site.holding(other[0]),
      code: 'missing-glyphs',
      message: `No card font has ${quoted(other)}: printed as ${FALLBACK_MARK}.`,
    });
  }
  return warnings;
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
