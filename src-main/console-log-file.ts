// Sends console.error and console.warn to a log file instead of the terminal. The command line's
// screen shows one sentence per failure; the developer detail (a failed job's stack, say) goes to
// the log. Job processes and threads started afterwards inherit the file through the environment.

import { appendFileSync } from 'node:fs';
import { format } from 'node:util';

const LOG_FILE_VARIABLE = 'CARDWRIGHT_LOG_FILE';

/** From now on, this process (and the job processes it starts) log to `file`. CARDWRIGHT_DEBUG=1 keeps the terminal. */
export function logConsoleTo(file: string): void {
  if (process.env.CARDWRIGHT_DEBUG === '1') return;
  process.env[LOG_FILE_VARIABLE] = file;
  logConsoleToInherited();
}

/** In a job process or thread: log where the process that started it logs, if it chose a file. */
export function logConsoleToInherited(): void {
  const file = process.env[LOG_FILE_VARIABLE];
  if (!file) return;
  const write =
    (level: string) =>
    (...args: unknown[]): void => {
      try {
        appendFileSync(file, `${new Date().toISOString()} ${level} [${process.pid}] ${format(...args)}\n`);
      } catch {
        // An unwritable log must not turn a reported failure into a crash: keep it off the screen.
      }
    };
  console.error = write('error');
  console.warn = write('warn');
}
