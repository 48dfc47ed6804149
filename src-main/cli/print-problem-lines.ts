// export-pdf's print problems: each one on stderr in the dialog's words, then one line saying the
// PDF was written anyway and how many problems it has by kind. The command exits
// PRINT_PROBLEMS_EXIT when there are any, unless --allow-warnings accepts them (exit 0).

import { countByKind, printProblemKindName } from '../../card-schema/print/print-problem-kinds';
import type { JobStatus, PdfJobResult, PrintWarnings } from '../api/contract';
import { problemCardLabel } from '../services/print-problems';

/** export-pdf's exit code when cards have print problems (and --allow-warnings was not given). */
export const PRINT_PROBLEMS_EXIT = 3;

/** Writes a finished export's problems to stderr; the exit code (0 without problems or with --allow-warnings). */
export function reportPrintProblems(status: JobStatus, allowWarnings: boolean): number {
  // Only an export-pdf job's result has the sheet it `used`.
  const result =
    status.state === 'done' && status.result && 'used' in status.result ? (status.result as PdfJobResult) : undefined;
  const warnings = result?.warnings;
  if (!result || !warnings) return 0;
  const written = result.file.savedTo ?? result.file.fileName;
  for (const line of problemLines(warnings, written, allowWarnings)) process.stderr.write(`${line}\n`);
  return allowWarnings ? 0 : PRINT_PROBLEMS_EXIT;
}

/** "problem: “Name” (Set): …" for each, then "Wrote X.pdf with 3 print problems: …". */
export function problemLines(warnings: PrintWarnings, written: string, allowWarnings: boolean): string[] {
  const problems = warnings.problems ?? [];
  const total = warnings.problemCount ?? problems.length;
  const lines = problems.map((problem) => `problem: ${problemCardLabel(problem)}: ${problem.message}`);
  if (total > problems.length) lines.push(`problem: … and ${total - problems.length} more`);
  const kinds = countByKind(problems)
    .map(({ kind, count }) => `${printProblemKindName(kind).toLowerCase()} (${count})`)
    .join(', ');
  const what = `${total} print ${total === 1 ? 'problem' : 'problems'}${kinds ? `: ${kinds}` : ''}`;
  lines.push(
    allowWarnings
      ? `Wrote ${written} with ${what}; accepted by --allow-warnings.`
      : `Wrote ${written} with ${what}. Exit code ${PRINT_PROBLEMS_EXIT}: fix the cards, or give --allow-warnings to accept them.`,
  );
  return lines;
}
