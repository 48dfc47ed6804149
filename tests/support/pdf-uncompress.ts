// A PDF's objects as text: qpdf (WebAssembly, as pdf-check.ts) rewrites it in QDF form, every
// stream uncompressed and no object streams, so tests can search its dictionaries and content.

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
const createQpdf = qpdfModule as unknown as (options: QpdfOptions) => Promise<{ FS: QpdfFs; callMain(args: string[]): number }>;

/** The PDF's bytes in QDF form, as latin1 text (binary streams stay as their bytes). */
export async function uncompressedPdf(bytes: Uint8Array): Promise<string> {
  const printed: number[] = [];
  const collect: Output = (byte) => {
    if (byte !== null) printed.push(byte);
  };
  const qpdf = await createQpdf({
    locateFile: () => WASM,
    thisProgram: 'qpdf',
    noFSInit: true,
    preRun: [(module) => module.FS.init(() => null, collect, collect)],
  });
  qpdf.FS.writeFile('/in.pdf', bytes);
  const exitCode = process.exitCode;
  let code: number;
  try {
    code = qpdf.callMain(['--qdf', '--object-streams=disable', '/in.pdf', '/out.pdf']);
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (typeof status !== 'number') throw error;
    code = status;
  } finally {
    process.exitCode = exitCode;
  }
  if (code !== 0 && code !== 3) throw new Error(`qpdf --qdf failed (${code}): ${Buffer.from(printed).toString('utf8')}`);
  return Buffer.from(qpdf.FS.readFile('/out.pdf')).toString('latin1');
}
