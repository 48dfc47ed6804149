// How large one API call's input may be, for both transports: the loopback host counts the bytes
// of the request body, the desktop shell estimates the JSON size of what IPC delivered. Either
// way the call is refused before it is parsed, with the same sentence naming the limit.

import { MAX_DECK_TEXT, MAX_IMPORT_TEXT } from './contract';
import { MAX_IMAGE_BYTES } from './image-limits';
import { MAX_FONT_FILE_BYTES } from '../fonts/measure-font-file';

const MiB = 1024 * 1024;
/** JSON escaping of an embedded file (quotes, newlines) grows it by up to about half again. */
const escaped = (chars: number) => Math.ceil(chars * 1.5) + MiB;
/** Bytes travel as base64 over HTTP (IPC counts them as they are): 4 characters for every 3 bytes. */
const base64 = (bytes: number) => Math.ceil(bytes / 3) * 4 + MiB;

/**
 * Most calls carry a few ids or one card; 4 MiB holds the largest of them (getCards' 10,000 ids).
 * Imports carry a whole file: startJob (import jobs) and importDeck get the contract's limits,
 * addImage a picture of up to MAX_IMAGE_BYTES, stageGameFont a font file of up to MAX_FONT_FILE_BYTES.
 */
export const DEFAULT_PAYLOAD_LIMIT = 4 * MiB;
/**
 * Whatever the method, the JSON outside strings (the lists, objects, numbers and punctuation that
 * parsing turns into values) stays within the ordinary limit: only a file's text may be longer.
 */
export const MAX_STRUCTURE = DEFAULT_PAYLOAD_LIMIT;
const PAYLOAD_LIMITS: Partial<Record<string, number>> = {
  startJob: escaped(MAX_IMPORT_TEXT),
  importDeck: escaped(MAX_DECK_TEXT),
  parseDeckList: escaped(MAX_DECK_TEXT),
  addImage: base64(MAX_IMAGE_BYTES),
  stageGameFont: base64(MAX_FONT_FILE_BYTES),
  readSetFolder: base64(MAX_IMPORT_TEXT),
};

export function payloadLimit(method: string): number {
  return Object.prototype.hasOwnProperty.call(PAYLOAD_LIMITS, method) ? PAYLOAD_LIMITS[method]! : DEFAULT_PAYLOAD_LIMIT;
}

export function describeBytes(bytes: number): string {
  return bytes >= MiB ? `${Math.round(bytes / MiB)} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

export function tooLargeMessage(method: string, limit: number): string {
  return `The request to ${method.slice(0, 80)} is larger than its limit of ${describeBytes(limit)}`;
}

/** `at`: where the text passes the limit, when the request arrived as text. */
export function tooMuchStructureMessage(method: string, at?: number): string {
  const where = at === undefined ? '' : ` (at character ${at})`;
  return `The request to ${method.slice(0, 80)} has more than ${describeBytes(MAX_STRUCTURE)} of JSON outside its strings${where}; only a file's text may be longer`;
}

export type PayloadProblem = 'tooLarge' | 'tooMuchStructure';

/** The sentence refusing `input` (a value, as IPC delivers it) to `method`, or undefined within the limits. */
export function payloadLimitError(method: string, input: unknown): string | undefined {
  const limit = payloadLimit(method);
  const problem = payloadExceeds(input, limit, MAX_STRUCTURE);
  if (problem === 'tooLarge') return tooLargeMessage(method, limit);
  if (problem === 'tooMuchStructure') return tooMuchStructureMessage(method);
  return undefined;
}

/**
 * Whether `value` written as JSON would take more than `limit` characters ('tooLarge'), or more than
 * `structureLimit` outside its strings. Walks without recursion and stops as soon as a count
 * passes its limit, so a 50-million-entry list costs no more than its first few million entries
 * (JSON.stringify would build the whole text first). Strings count their length, bytes their byte
 * length, and a value reached twice (IPC can carry cycles) twice.
 */
export function payloadExceeds(value: unknown, limit: number, structureLimit = limit): PayloadProblem | undefined {
  let size = 0;
  let structure = 0;
  const pending: object[] = [];
  const add = (child: unknown, punctuation: number): PayloadProblem | undefined => {
    let other = punctuation;
    if (typeof child === 'string') size += child.length + 2;
    else if (ArrayBuffer.isView(child) || child instanceof ArrayBuffer) size += child.byteLength;
    else if (child !== null && typeof child === 'object') {
      other += 2;
      pending.push(child);
    } else other += typeof child === 'number' ? String(child).length : 5;
    size += other;
    structure += other;
    if (size > limit) return 'tooLarge';
    return structure > structureLimit ? 'tooMuchStructure' : undefined;
  };
  let problem = add(value, 0);
  while (!problem && pending.length) {
    const container = pending.pop()!;
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length && !problem; i++) problem = add(container[i], 1); // the comma
    } else {
      const record = container as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        problem = add(record[key], key.length + 4); // quotes, colon, comma
        if (problem) break;
      }
    }
  }
  return problem;
}
