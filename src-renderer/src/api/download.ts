// Saves a file the API produced (set/deck export, PDF) through the browser's download
// mechanism, which works the same in Electron and in a plain browser.

import type { FileBlob } from '../../../src-main/api/contract';

export function downloadFileBlob(file: FileBlob): void {
  const blob = new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.mimeType });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some hosts cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
