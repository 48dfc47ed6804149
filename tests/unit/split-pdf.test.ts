// A print export split every N pages (print.splitEveryPages): each part a complete PDF of its own
// (pages, fonts, TrimBox/BleedBox), named "… (part i of n).pdf" where the user saved, a sheet's
// front and back never in different parts, and N rounded up to even for duplex (with a note).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { JobSpecInput, JobStatus, PdfJobResult } from '../../src-main/api/contract';
import type { Cardwright } from '../../src-main/api/service';
import { apiContract } from '../../src-main/api/contract';
import { openSampleCardwright } from './sample-app';

let dir: string;
let saveDir: string;
let app: Cardwright;
const revealed: string[] = [];

function pdfinfo(path: string): { pages: number; trimBoxes: number } {
  const info = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', '9999', path], { encoding: 'utf8' });
  return { pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]), trimBoxes: info.match(/Page\s+\d+\s+TrimBox:/g)?.length ?? 0 };
}

function embeddedFonts(path: string): string[] {
  const rows = execFileSync('pdffonts', [path], { encoding: 'utf8' }).trim().split('\n').slice(2);
  return rows.map((row) => row.trim().split(/\s+/)).map((cols) => `${cols[0]} emb=${cols.at(-5)}`);
}

async function exportPdf(print: Record<string, unknown>, name: string): Promise<JobStatus> {
  const set = (await app.handlers.listSets(apiContract.listSets.input.parse({})))[0];
  nextName = name;
  const job = { kind: 'exportPdf', source: { kind: 'set', setId: set.id }, print } satisfies JobSpecInput;
  const started = await app.handlers.startJob(apiContract.startJob.input.parse({ job, saveAs: true }));
  return app.jobs.wait(started!.id);
}

let nextName = 'print.pdf';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cw-split-'));
  saveDir = join(dir, 'saved');
  mkdirSync(saveDir);
  app = openSampleCardwright(join(dir, 'data'), {
    desktop: {
      chooseSavePath: async () => join(saveDir, nextName),
      openPath: async () => {},
      showInFolder: (path) => void revealed.push(path),
    },
  });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('split every N pages', () => {
  it('writes 3 complete PDFs with the right pages, fonts and boxes, listed in the job result', async () => {
    const whole = await exportPdf({ layout: 'gutterfold' }, 'Whole.pdf');
    const total = (whole.result as PdfJobResult).pages;
    expect(total).toBeGreaterThanOrEqual(3);
    const every = Math.ceil(total / 3);
    const expected = Math.ceil(total / every);
    expect(expected).toBe(3);

    const status = await exportPdf({ layout: 'gutterfold', splitEveryPages: every }, 'Core Set.pdf');
    expect(status.state).toBe('done');
    const result = status.result as PdfJobResult;
    expect(result.pages).toBe(total);
    expect(result.parts!.map((part) => part.fileName)).toEqual([
      'Core Set (part 1 of 3).pdf',
      'Core Set (part 2 of 3).pdf',
      'Core Set (part 3 of 3).pdf',
    ]);
    expect(result.file).toEqual(result.parts![0]);
    // Only the parts are written (no "Core Set.pdf", no partial file left).
    expect(
      readdirSync(saveDir)
        .filter((name) => name.startsWith('Core Set'))
        .sort(),
    ).toEqual(result.parts!.map((part) => part.fileName));
    const pages = result.parts!.map((part) => {
      expect(part.savedTo).toBe(join(saveDir, part.fileName));
      const info = pdfinfo(part.savedTo!);
      expect(info.trimBoxes).toBe(info.pages);
      const fonts = embeddedFonts(part.savedTo!);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) expect(font).toMatch(/emb=yes/);
      return info.pages;
    });
    expect(pages).toEqual([every, every, total - 2 * every]);
    expect(pages.reduce((a, b) => a + b, 0)).toBe(total);
    // "Show in folder" shows the first part (there is no file under the plain name).
    await app.handlers.openJobOutput({ jobId: status.id, reveal: true });
    expect(revealed.at(-1)).toBe(join(saveDir, 'Core Set (part 1 of 3).pdf'));
  });

  it('keeps duplex pairs together: an odd N is rounded up to even, and the export says so', async () => {
    const status = await exportPdf({ layout: 'duplex-long', faces: 'both', splitEveryPages: 3 }, 'Duplex.pdf');
    const result = status.result as PdfJobResult;
    expect(result.used.notes).toContain(
      'Split every 4 pages rather than 3: the front and back of a sheet stay in the same file.',
    );
    const pages = result.parts!.map((part) => pdfinfo(part.savedTo!).pages);
    expect(pages.slice(0, -1).every((count) => count === 4)).toBe(true);
    expect(pages.reduce((a, b) => a + b, 0)).toBe(result.pages);
    for (const count of pages) expect(count % 2).toBe(0);
  });

  it('writes one plain file when the export fits in one part', async () => {
    const status = await exportPdf({ splitEveryPages: 10_000 }, 'Small.pdf');
    const result = status.result as PdfJobResult;
    expect(result.parts).toBeUndefined();
    expect(result.file.fileName).toBe('Small.pdf');
    expect(pdfinfo(join(saveDir, 'Small.pdf')).pages).toBe(result.pages);
  });

  const BIN = resolve(import.meta.dirname, '../../bin/cardwright.js');
  it.runIf(existsSync(resolve(import.meta.dirname, '../../out/main/cli.js')))(
    'the CLI writes every part beside --out and prints a part: line for each',
    async () => {
      const cliData = join(dir, 'cli-data');
      await openSampleCardwright(cliData).close();
      const outDir = join(dir, 'cli-out');
      mkdirSync(outDir);
      const args = ['export-pdf', '--deck', 'Ember Vanguard', '--split-every-pages', '2', '--out', join(outDir, 'ember.pdf')];
      const { stdout } = await promisify(execFile)(process.execPath, [BIN, ...args, '--data-dir', cliData]);
      const lines = stdout.trim().split('\n');
      const pages = Number(/^pages: (\d+)$/m.exec(stdout)![1]);
      const parts = lines.filter((line) => line.startsWith('part: ')).map((line) => line.slice('part: '.length));
      expect(parts.length).toBe(Math.ceil(pages / 2));
      expect(parts[0]).toBe(join(outDir, `ember (part 1 of ${parts.length}).pdf`));
      expect(lines).toContain(`file: ${parts[0]}`);
      expect(readdirSync(outDir).sort()).toEqual(parts.map((part) => part.slice(outDir.length + 1)).sort());
      expect(parts.map((part) => pdfinfo(part).pages).reduce((a, b) => a + b, 0)).toBe(pages);
    },
    120_000,
  );
});
