// Right-to-left text (Hebrew, Arabic) on a broken line: the Unicode Bidirectional Algorithm
// (bidi-js) gives each character its level, and the line's pieces (one font, one level each)
// are put in visual order, left to right, for painting. Lines without right-to-left letters
// never come here: they are painted in the order they were typed.
//
// A piece's text is given as painters draw it: fontkit (in pdfkit, the card images and the
// preview's shaper alike) lays out a run in its script's own direction, reversing Arabic and
// Hebrew letters into visual order itself. So a piece keeps its typed order when that direction
// is the one it needs (an Arabic word), and is reversed here when it is not (punctuation and
// spaces inside right-to-left text, with brackets mirrored; Arabic-Indic digits, which read
// left to right).

import bidiFactory from 'bidi-js';
import type { FontFace } from './format';
import { fontRuns, type FontStack } from './font-coverage';
import type { StyledSpan } from './styled-text';

const bidi = bidiFactory();

/** Letters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdcf\ufdf0-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/** True when the text holds a right-to-left letter (only then does a line need reordering). */
export function hasRightToLeft(text: string): boolean {
  return RIGHT_TO_LEFT.test(text);
}

/** A strong letter: the first one of a paragraph sets its direction (Unicode rule P2). */
const STRONG = /[\p{L}]/u;

/** The direction of text: right to left when its first letter is a right-to-left one. */
export function textDirection(text: string): 'ltr' | 'rtl' {
  const first = STRONG.exec(text)?.[0];
  return first !== undefined && RIGHT_TO_LEFT.test(first) ? 'rtl' : 'ltr';
}

/**
 * The direction of each broken line's paragraph (its first letter's, textDirection): a
 * paragraph's lines share it, whatever letter a wrapped line starts with. `text` is what was
 * broken; each paragraph gave one line when empty, else lines holding all its non-space characters.
 */
export function lineDirections(lines: readonly string[], text: string): ('ltr' | 'rtl')[] {
  const paragraphs = text.split(/\r\n?|\n/);
  const directions: ('ltr' | 'rtl')[] = [];
  let paragraph = -1;
  let left = 0; // non-space characters of the current paragraph not yet on a line
  for (const line of lines) {
    // An empty paragraph leaves `left` at 0: its one (empty) line, then the next paragraph.
    if (left === 0) left = nonSpace(paragraphs[++paragraph] ?? '');
    directions.push(textDirection(paragraphs[paragraph] ?? line));
    left = Math.max(0, left - nonSpace(line));
  }
  return directions;
}

const nonSpace = (text: string) => Array.from(text).filter((ch) => ch !== ' ').length;

/** The first character with a script of its own decides the direction fontkit lays a run out in. */
const SCRIPTED = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

function drawsRightToLeft(text: string): boolean {
  const first = SCRIPTED.exec(text)?.[0];
  return first !== undefined && RTL_SCRIPT.test(first);
}

export interface VisualPiece {
  /** The text as painters draw it (see above). */
  text: string;
  face: FontFace;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Reverses text by grapheme cluster (marks stay on their letter), mirroring brackets. */
function reversed(text: string): string {
  return Array.from(graphemes.segment(text), ({ segment }) => bidi.getMirroredCharacter(segment) ?? segment)
    .reverse()
    .join('');
}

interface Piece extends VisualPiece {
  level: number;
}

/**
 * The pieces of a line in visual order, left to right. `direction` is the paragraph's (the
 * line's first letter's, textDirection); each piece is set in one font at one bidi level.
 */
export function visualPieces(
  line: readonly StyledSpan[],
  stackOf: (face: FontFace) => FontStack,
  direction: 'ltr' | 'rtl',
): VisualPiece[] {
  const text = line.map((span) => span.text).join('');
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const pieces: Piece[] = [];
  let offset = 0;
  for (const span of line) {
    for (const run of fontRuns(span.text, stackOf(span.face))) {
      let start = 0;
      for (let i = 0; i < run.text.length; i++) {
        const level = levels[offset + i];
        const startLevel = levels[offset + start];
        // A surrogate pair's second half stays with its first.
        const low = i > 0 && run.text.charCodeAt(i) >= 0xdc00 && run.text.charCodeAt(i) <= 0xdfff;
        if (i > start && level !== startLevel && !low) {
          pieces.push({ text: run.text.slice(start, i), face: span.face, level: startLevel });
          start = i;
        }
      }
      if (run.text.length > start) pieces.push({ text: run.text.slice(start), face: span.face, level: levels[offset + start] });
      offset += run.text.length;
    }
  }
  reorder(pieces);
  return pieces.map((piece) => {
    const rightToLeft = piece.level % 2 === 1;
    const text = rightToLeft === drawsRightToLeft(piece.text) ? piece.text : reversed(piece.text);
    return { text, face: piece.face };
  });
}

/** Unicode rule L2: from the highest level down to the lowest odd one, reverse every run at that level or higher. */
function reorder(pieces: Piece[]): void {
  let highest = 0;
  let lowestOdd = Infinity;
  for (const { level } of pieces) {
    highest = Math.max(highest, level);
    if (level % 2 === 1) lowestOdd = Math.min(lowestOdd, level);
  }
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < pieces.length; i++) {
      if (pieces[i].level < level) continue;
      let end = i;
      while (end + 1 < pieces.length && pieces[end + 1].level >= level) end++;
      pieces.splice(i, end - i + 1, ...pieces.slice(i, end + 1).reverse());
      i = end;
    }
  }
}
