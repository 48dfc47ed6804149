// How large an image file may be, and the sentence refusing a larger one: shared by the image
// library and the renderer (which checks before sending 50 MB over the wire). Pure: no imports.

/** The largest image file addImage accepts, in bytes. */
export const MAX_IMAGE_BYTES = 50 * 1024 * 1024;

/** Picture files one CSV import reads from its picture folder (docs/csv.md, "Pictures by file name"). */
export const MAX_CSV_PICTURES = 5_000;

/** Rounded up, so a file just over the limit does not read as exactly the limit. */
function megabytes(bytes: number): string {
  return `${Math.ceil((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

export function imageTooLargeMessage(fileName: string, bytes: number): string {
  return `${fileName}: the file is ${megabytes(bytes)}; an image may be at most ${megabytes(MAX_IMAGE_BYTES)}`;
}
