// Saves a file through the browser's download mechanism, which works the same in Electron and in
// a plain browser: a small file the API answered with (a deck list), or a job's file by address.

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

/**
 * Downloads what the host serves at `url` (same origin: a job's file, streamed from disk by the
 * download route): the browser saves it as it arrives, nothing of it passes through the page.
 */
export function downloadFromUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
