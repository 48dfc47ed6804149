// What the command line and the web host say when they stop on an error: one sentence in the
// user's words, never a stack trace (CARDWRIGHT_DEBUG=1 adds it, for a bug report). Loads no
// native module, so the entry points can use it before the rest of the app is imported.

import { UsageError } from './argv';

/** A failure already put in the user's words: printed as it is, exit code 1. */
export class Failure extends Error {}

/** Where the error happened, to name it in the sentence. */
export interface ErrorContext {
  /** The data folder in use. */
  dataDir?: string;
  /** The port the web host was to listen on. */
  port?: number;
}

interface SystemError {
  code?: string;
  path?: string;
  syscall?: string;
  name?: string;
  found?: number;
  supported?: number;
  file?: string;
}

const where = (path: string | undefined, context: ErrorContext) => path ?? context.dataDir ?? 'the disk';

/** The error as one sentence for the user. */
export function errorSentence(error: unknown, context: ErrorContext = {}): string {
  if (!(error instanceof Error)) return `Cardwright stopped: ${String(error)}.`;
  if (error instanceof UsageError || error instanceof Failure) return sentence(error.message);
  const detail = error as Error & SystemError;
  if (detail.name === 'DatabaseTooNewError')
    return (
      `The library in ${context.dataDir ?? detail.file} was written by a newer Cardwright (database version ${detail.found}; ` +
      `this one reads up to ${detail.supported}), so it was left untouched: update Cardwright or give another --data-dir.`
    );
  switch (detail.code) {
    case 'EADDRINUSE':
      return `Port ${context.port ?? '?'} is in use by another program (perhaps another Cardwright): stop it, or start with --port N (0 picks a free port).`;
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
    case 'SQLITE_READONLY':
    case 'SQLITE_CANTOPEN':
    case 'SQLITE_PERM':
      return `Cardwright cannot write to ${where(detail.path, context)} (${detail.code === 'EROFS' ? 'a read-only disk' : 'no permission'}): choose a folder you can write to.`;
    case 'ENOSPC':
    case 'SQLITE_FULL':
    case 'EDQUOT':
      return `The disk holding ${where(detail.path, context)} is full: free some space and run the command again.`;
    case 'ENOENT':
      return `${detail.path ?? 'A file'} does not exist.`;
    case 'SQLITE_CORRUPT':
    case 'SQLITE_NOTADB':
      return `The library in ${context.dataDir ?? 'the data folder'} is damaged or not a Cardwright library: restore a backup (see the README) or give another --data-dir.`;
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return `The library in ${context.dataDir ?? 'the data folder'} is busy in another program: close it and try again.`;
    default:
      break;
  }
  // An API error is already a sentence for the user (ApiError has a code such as BAD_INPUT).
  if (/^[A-Z_]+$/.test(detail.code ?? '') && !detail.syscall && !detail.code?.startsWith('SQLITE'))
    return sentence(error.message);
  return `Cardwright stopped on an unexpected error: ${sentence(error.message.split('\n')[0])}`;
}

/**
 * A failed job's message as a sentence: the job reports a system error as text ("The job stopped
 * unexpectedly: ENOSPC: no space left on device, write"), said here in the user's words; `folder`
 * is where the job was writing.
 */
export function jobFailureSentence(message: string, folder?: string): string {
  const code = /\b(ENOSPC|EDQUOT|EACCES|EPERM|EROFS|SQLITE_FULL|SQLITE_READONLY)\b/.exec(message)?.[1];
  if (code) return errorSentence(Object.assign(new Error(message), { code, path: folder }));
  return sentence(message);
}

/** Ends with one full stop (or the question mark it has). */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.?!]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Prints the error's sentence (prefixed with `cardwright: `) and exits: 2 for a wrong command line, else 1. */
export function exitWithError(error: unknown, context: ErrorContext = {}, prefix = 'cardwright: '): never {
  process.stderr.write(`${prefix}${errorSentence(error, context)}\n`);
  if (process.env.CARDWRIGHT_DEBUG && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
}
