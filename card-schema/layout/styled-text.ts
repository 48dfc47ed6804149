// Text whose parts are set in different faces: a keyword line in the element's face with each
// keyword's reminder in italic. Template rendering brackets reminder text with two Unicode
// noncharacters (reserved for a program's internal use, so no card or font has a meaning for
// them); layout splits the rendered text into spans at those marks, after the string steps
// (sanitizing, symbol tokens) are done.

import type { FontFace } from './format';

/** A run of text set in one face. */
export interface StyledSpan {
  text: string;
  face: FontFace;
}

/** The face reminder text is set in, whatever the element's face. */
export const REMINDER_FACE: FontFace = 'italic';

const REMINDER_START = '\ufdd0';
const REMINDER_END = '\ufdd1';
const MARKS = /[\ufdd0\ufdd1]/g;

/** Brackets `text` as reminder text inside a rendered template. */
export function markReminder(text: string): string {
  return `${REMINDER_START}${text}${REMINDER_END}`;
}

/** Drops reminder marks from text that must not carry any (card fields, layout templates). */
export function withoutMarks(text: string): string {
  return text.replace(MARKS, '');
}

/** Splits rendered text at its reminder marks: reminders in REMINDER_FACE, the rest in `face`. */
export function styledSpans(text: string, face: FontFace): StyledSpan[] {
  const spans: StyledSpan[] = [];
  let current = face;
  let run = '';
  for (const ch of text) {
    if (ch !== REMINDER_START && ch !== REMINDER_END) {
      run += ch;
      continue;
    }
    if (run !== '') spans.push({ text: run, face: current });
    run = '';
    current = ch === REMINDER_START ? REMINDER_FACE : face;
  }
  if (run !== '') spans.push({ text: run, face: current });
  return joinSpans(spans);
}

/** The text of spans, faces dropped. */
export function spansText(spans: readonly StyledSpan[]): string {
  return spans.map((span) => span.text).join('');
}

/**
 * Appends text in a face, merging it into the last span when that has the same face, so one
 * face's text is always measured (and kerned) as one run. Returns a new array.
 */
export function appendText(spans: readonly StyledSpan[], text: string, face: FontFace): StyledSpan[] {
  if (text === '') return [...spans];
  const last = spans[spans.length - 1];
  if (last && last.face === face) return [...spans.slice(0, -1), { text: last.text + text, face }];
  return [...spans, { text, face }];
}

/** `spans` with neighbours of the same face merged and empty spans dropped. */
export function joinSpans(spans: readonly StyledSpan[]): StyledSpan[] {
  return spans.reduce<StyledSpan[]>((joined, span) => appendText(joined, span.text, span.face), []);
}

/** `spans` without trailing spaces. */
export function trimSpansEnd(spans: readonly StyledSpan[]): StyledSpan[] {
  const trimmed = [...spans];
  while (trimmed.length > 0) {
    const last = trimmed[trimmed.length - 1];
    const text = last.text.trimEnd();
    if (text !== '') {
      trimmed[trimmed.length - 1] = { text, face: last.face };
      break;
    }
    trimmed.pop();
  }
  return trimmed;
}
