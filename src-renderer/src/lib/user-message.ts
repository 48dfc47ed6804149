// The sentence a user reads for anything a catch block receives. The backend's ApiCallError and
// the errors our own code words on purpose (plain `Error`s) are shown as they are; what an engine
// or library threw (TypeError, SyntaxError, "SQLITE_BUSY: …", "Unexpected token …") is not the
// app's words: it goes to the developer console and the user reads one sentence instead.

/** Text that only a parser, a database or a runtime writes, never Cardwright. */
const ENGINE_TEXT =
  /SQLITE_|database is locked|is not valid JSON|Unexpected (token|end of JSON|non-whitespace)|in JSON at position|Cannot read propert|is not a function|is not defined|undefined \(reading|ENOENT|EACCES|EPERM|\bat [\w.<>]+ \(/;

/** Errors whose name says the runtime threw them (a bug or a broken file), not our code. */
const ENGINE_ERRORS = new Set(['TypeError', 'SyntaxError', 'RangeError', 'ReferenceError', 'EvalError', 'URIError']);

export const UNEXPECTED_MESSAGE =
  'Something went wrong in Cardwright. The details are in the developer console (Ctrl+Shift+I); reload the window if it happens again.';

function rawText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}

/** True when the text is fit to show: worded by Cardwright, not by an engine. */
export function isAppWording(error: unknown): boolean {
  if (error instanceof Error && error.name !== 'ApiCallError' && ENGINE_ERRORS.has(error.name)) return false;
  const text = rawText(error).trim();
  return text !== '' && text !== '[object Object]' && !ENGINE_TEXT.test(text);
}

/** What to show for `error`; anything not in the app's words is logged and replaced by one sentence. */
export function userMessage(error: unknown, log: (...data: unknown[]) => void = console.error): string {
  if (isAppWording(error)) return rawText(error).trim();
  log('[cardwright] unexpected error:', error);
  return UNEXPECTED_MESSAGE;
}
