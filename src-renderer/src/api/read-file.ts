// Reads a file the user picked in an <input type="file"> as UTF-8 text, for importSet/importDeck.

export interface PickedTextFile {
  fileName: string;
  text: string;
}

export async function readPickedFile(file: File): Promise<PickedTextFile> {
  try {
    return { fileName: file.name, text: await file.text() };
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
