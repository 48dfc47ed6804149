// A file name every desktop OS accepts, from a name people chose: pure, so the app's dialogs can
// show the very name an export will write (src-main re-exports it from services/file-format.ts).

const RESERVED_WINDOWS_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/** A file name every desktop OS accepts, derived from a user-chosen name. */
export function safeFileName(name: string, extension: string): string {
  let base = name
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 120)
    .trim();
  if (!base) base = 'untitled';
  if (RESERVED_WINDOWS_NAMES.test(base)) base = `_${base}`;
  return `${base}${extension}`;
}
