// `qpdf --check` on a PDF, with qpdf compiled to WebAssembly (@neslinesli93/qpdf-wasm): its xref
// table, object syntax and every stream's encoding are checked, with no system qpdf needed.
// `runQpdf` runs any qpdf command the same way (pdf-uncompress.ts rewrites PDFs with it).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import qpdfModule from '@neslinesli93/qpdf-wasm';

const require = createRequire(import.meta.url);
const WASM = require.resolve('@neslinesli93/qpdf-wasm/dist/qpdf.wasm');

type Output = (byte: number | null) => void;
interface QpdfFs {
  init(input: () => null, output: Output, error: Output): void;
  writeFile(path: string, data: Uint8Array): void;
  readFile(path: string): Uint8Array;
}
interface QpdfOptions {
  locateFile: () => string;
  thisProgram: string;
  noFSInit: boolean;
  preRun: ((module: { FS: QpdfFs }) => void)[];
}
// The package's own typings name only `locateFile` and leave out FS.init and FS.writeFile.
const createQpdf = qpdfModule as unknown as (options: QpdfOptions) => Promise<{ FS: QpdfFs; callMain(args: string[]): number }>;

export interface QpdfCheck {
  /** qpdf's exit code: 0 clean, 2 errors, 3 warnings. */
  code: number;
  /** What qpdf printed (stdout and stderr, in order). */
  output: string;
}

export interface QpdfRun extends QpdfCheck {
  /** A file qpdf wrote in its own file system. */
  readFile(path: string): Uint8Array;
}

/** Runs qpdf with `args` on `files` (path → bytes) written into its own file system first. */
export async function runQpdf(args: string[], files: Record<string, Uint8Array>): Promise<QpdfRun> {
  const printed: number[] = [];
  const collect: Output = (byte) => {
    if (byte !== null) printed.push(byte);
  };
  const qpdf = await createQpdf({
    locateFile: () => WASM,
    thisProgram: 'qpdf',
    // The module's own stdout/stderr write straight to the process; collect them instead.
    noFSInit: true,
    preRun: [(module) => module.FS.init(() => null, collect, collect)],
  });
  for (const [path, bytes] of Object.entries(files)) qpdf.FS.writeFile(path, bytes);
  // Emscripten's exit() sets process.exitCode for the whole test process: keep the caller's.
  const exitCode = process.exitCode;
  let code: number;
  try {
    code = qpdf.callMain(args);
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (typeof status !== 'number') throw error;
    code = status;
  } finally {
    process.exitCode = exitCode;
  }
  return { code, output: Buffer.from(printed).toString('utf8'), readFile: (path) => qpdf.FS.readFile(path) };
}

export async function qpdfCheck(pdfPath: string): Promise<QpdfCheck> {
  const { code, output } = await runQpdf(['--check', '/check.pdf'], { '/check.pdf': readFileSync(pdfPath) });
  return { code, output };
}
