// A PDF's objects as text: qpdf (WebAssembly, as pdf-check.ts) rewrites it in QDF form, every
// stream uncompressed and no object streams, so tests can search its dictionaries and content.

import { runQpdf } from './pdf-check';

/** The PDF's bytes in QDF form, as latin1 text (binary streams stay as their bytes). */
export async function uncompressedPdf(bytes: Uint8Array): Promise<string> {
  const run = await runQpdf(['--qdf', '--object-streams=disable', '/in.pdf', '/out.pdf'], { '/in.pdf': bytes });
  if (run.code !== 0 && run.code !== 3) throw new Error(`qpdf --qdf failed (${run.code}): ${run.output}`);
  return Buffer.from(run.readFile('/out.pdf')).toString('latin1');
}
