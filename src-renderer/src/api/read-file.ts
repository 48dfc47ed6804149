// Reads a file the user picked in an <input type="file"> as text, for importSet/importDeck: its
// bytes decoded as UTF-8, UTF-16 (by its byte-order mark) or Latin-1 when they are not UTF-8
// (card-schema/files/decode-text.ts), so a file saved by an old editor imports unchanged.

import { decodeTextBytes } from '../../../card-schema/files/decode-text';

export interface PickedTextFile {
  fileName: string;
  text: string;
}

export async function readPickedFile(file: File): Promise<PickedTextFile> {
  try {
    return { fileName: file.name, text: decodeTextBytes(new Uint8Array(await file.arrayBuffer())).text };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not read "${file.name}": ${reason}`, { cause: error });
  }
}

/** The first file of an <input type="file"> change event, or null if the user cancelled. */
export function firstPickedFile(event: Event): File | null {
  const input = event.currentTarget as HTMLInputElement | null;
  return input?.files?.[0] ?? null;
}
