// Line breaking for styled text (runs in different faces, e.g. italic reminders inside a keyword
// line). Words may change face in the middle ("arrives.)," ends a reminder and goes on in the
// keyword's face), so a line is measured run by run in each run's face. The caller says how
// wide a run is (text-measure.ts's measureText at one size), which keeps this module free of
// fonts: text-measure's plain breakLines is this with a single span.

import type { FontFace } from './format';
import { appendText, joinSpans, spansText, trimSpansEnd, type StyledSpan } from './styled-text';

/** Width in millimetres of `text` set in `face`. */
export type MeasureRun = (text: string, face: FontFace) => number;

/** One line of styled text. */
export type StyledLine = StyledSpan[];

/**
 * Chinese and Japanese (ideographs, kana, CJK punctuation) are written without spaces and may
 * break between any two characters. Korean separates words with spaces, so Hangul wraps at
 * spaces like Latin text.
 */
const BREAKS_ANYWHERE = /[\u2e80-\u2fff\u3000-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u;

/**
 * Thai, Lao, Khmer and Myanmar are written without spaces between words but must not break
 * inside one: a run of them wraps at the word boundaries Intl.Segmenter finds (its dictionary).
 */
const BREAKS_AT_WORDS = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]/u;

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Width of a styled line: each run in its own face (painters draw runs separately, unkerned across). */
export function lineWidth(line: readonly StyledSpan[], measure: MeasureRun): number {
  return line.reduce((width, span) => width + measure(span.text, span.face), 0);
}

interface Word {
  spans: StyledSpan[];
  /** The face of the space before the word (where the line joins it to the word before). */
  gapFace: FontFace;
}

/**
 * Breaks styled text into lines no wider than `widthMm`: explicit newlines always break, lines
 * wrap at spaces, a run of Chinese or Japanese wraps between characters (filling the line it
 * starts on), and a word wider than the whole line is split between characters. With
 * `maxLines`, stops once that many lines are complete (the rest could not be shown anyway).
 */
export function breakStyledLines(
  spans: readonly StyledSpan[],
  widthMm: number,
  measure: MeasureRun,
  maxLines = Infinity,
): StyledLine[] {
  const fits = (line: readonly StyledSpan[]) => lineWidth(line, measure) <= widthMm + 1e-9;
  const lines: StyledLine[] = [];
  for (const paragraph of paragraphs(spans)) {
    if (lines.length >= maxLines) break;
    let line: StyledLine = [];
    for (const word of words(paragraph)) {
      if (lines.length >= maxLines) break;
      const joined = line.length > 0 ? appendText(line, ' ', word.gapFace) : line;
      const candidate = joinSpans([...joined, ...word.spans]);
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      const wordText = spansText(word.spans);
      if (BREAKS_ANYWHERE.test(wordText) || BREAKS_AT_WORDS.test(wordText)) {
        const units = BREAKS_AT_WORDS.test(wordText) ? segments(word.spans, wordSegmenter) : characters(word.spans);
        const pieces = splitWord(units, fits, joined);
        lines.push(...pieces.slice(0, -1));
        line = pieces[pieces.length - 1];
        continue;
      }
      if (line.length > 0) lines.push(line);
      if (fits(word.spans)) {
        line = word.spans;
        continue;
      }
      const pieces = splitWord(characters(word.spans), fits);
      lines.push(...pieces.slice(0, -1));
      line = pieces[pieces.length - 1];
    }
    lines.push(line);
  }
  return lines.slice(0, maxLines);
}

/** Shortens a line until it plus an ellipsis fits `widthMm`. */
export function truncateStyledLine(line: readonly StyledSpan[], widthMm: number, measure: MeasureRun): StyledLine {
  const chars = characters(trimSpansEnd(line));
  // The ellipsis goes on in the face of the text it cuts (a reminder's italic).
  const faceAtEnd = () => chars[chars.length - 1]?.face ?? line[0]?.face ?? 'regular';
  const cut = () => appendText(joinSpans(chars), '…', faceAtEnd());
  while (chars.length > 0 && lineWidth(cut(), measure) > widthMm + 1e-9) chars.pop();
  return appendText(trimSpansEnd(joinSpans(chars)), '…', faceAtEnd());
}

/** Splits at newlines ("\r\n" and "\r" count as one); every paragraph keeps its faces. */
function paragraphs(spans: readonly StyledSpan[]): StyledSpan[][] {
  const result: StyledSpan[][] = [[]];
  for (const span of spans) {
    span.text
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .forEach((part, i) => {
        if (i > 0) result.push([]);
        result[result.length - 1] = appendText(result[result.length - 1], part, span.face);
      });
  }
  return result;
}

/** The space-separated words of a paragraph (runs of spaces count as one). */
function words(paragraph: readonly StyledSpan[]): Word[] {
  const found: Word[] = [];
  let current: StyledSpan[] = [];
  let currentGap: FontFace = paragraph[0]?.face ?? 'regular';
  let nextGap = currentGap;
  // The first space after a word is the one a line keeps between it and the next word.
  let awaitingGap = true;
  for (const span of paragraph) {
    for (const ch of span.text) {
      if (ch === ' ') {
        if (current.length > 0) {
          found.push({ spans: current, gapFace: currentGap });
          current = [];
          awaitingGap = true;
        }
        if (awaitingGap) nextGap = span.face;
        awaitingGap = false;
        continue;
      }
      if (current.length === 0) currentGap = nextGap;
      // Built in place: a fresh word's spans belong to nobody else yet.
      const last = current[current.length - 1];
      if (last && last.face === span.face) last.text += ch;
      else current.push({ text: ch, face: span.face });
    }
  }
  if (current.length > 0) found.push({ spans: current, gapFace: currentGap });
  return found;
}

/**
 * Splits a word, given as the units it may break between, into pieces that each fit (at least
 * one unit per piece), the first piece continuing `start` (the line so far, with its space)
 * when any of the word fits there.
 */
function splitWord(units: readonly StyledSpan[], fits: (piece: StyledLine) => boolean, start: StyledLine = []): StyledLine[] {
  const pieces: StyledLine[] = [];
  let piece = start;
  for (const { text: unit, face } of units) {
    const longer = appendText(piece, unit, face);
    if (spansText(piece).trim() && !fits(longer)) {
      pieces.push(trimSpansEnd(piece));
      piece = appendText([], unit, face);
      continue;
    }
    piece = longer;
  }
  pieces.push(piece);
  return pieces;
}

/**
 * One span per character, for cutting between any two: a character being a code point, or a
 * whole grapheme cluster where the text has marks or joiners (a Devanagari syllable, an Arabic
 * letter with its vowel sign, an emoji sequence stay whole).
 */
function characters(spans: readonly StyledSpan[]): StyledSpan[] {
  return spans.flatMap((span) =>
    CLUSTERS.test(span.text)
      ? segments([span], graphemeSegmenter)
      : Array.from(span.text, (ch) => ({ text: ch, face: span.face })),
  );
}

/** Marks, joiners, variation selectors, skin tones and flag letters: what makes a cluster of several code points. */
const CLUSTERS = /\p{M}|\u200c|\u200d|[\ufe00-\ufe0f]|\p{Regional_Indicator}|\p{Emoji_Modifier}|[\u{e0020}-\u{e007f}]/u;

/** The spans cut at the segmenter's boundaries (a segment spanning two faces is cut there too). */
function segments(spans: readonly StyledSpan[], segmenter: Intl.Segmenter): StyledSpan[] {
  const units: StyledSpan[] = [];
  for (const span of spans) {
    for (const { segment } of segmenter.segment(span.text)) units.push({ text: segment, face: span.face });
  }
  return units;
}
