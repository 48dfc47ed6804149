// `qpdf --check` on a PDF, with qpdf compiled to WebAssembly (@neslinesli93/qpdf-wasm): its xref
// table, object syntax and every stream's encoding are checked, with no system qpdf needed.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import qpdfModule from '@neslinesli93/qpdf-wasm';

const require = createRequire(import.meta.url);
const WASM = require.resolve('@neslinesli93/qpdf-wasm/dist/qpdf.wasm');

type Output = (byte: number | null) => void;
interface QpdfFs {
  init(input: () => null, output: Output, error: Output): void;
  writeFile(path: string, data: Uint8Array): void;
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

export async function qpdfCheck(pdfPath: string): Promise<QpdfCheck> {
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
  qpdf.FS.writeFile('/check.pdf', readFileSync(pdfPath));
  // Emscripten's exit() sets process.exitCode for the whole test process: keep the caller's.
  const exitCode = process.exitCode;
  let code: number;
  try {
    code = qpdf.callMain(['--check', '/check.pdf']);
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (typeof status !== 'number') throw error;
    code = status;
  } finally {
    process.exitCode = exitCode;
  }
  return { code, output: Buffer.from(printed).toString('utf8') };
}
