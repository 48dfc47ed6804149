// `cardwright export-pdf` with issue 33's home-cutting flags, spawned as built (out/main/cli.js):
// --help lists them, --skip-slots / --page-range / --registration-marks / --cut-guides outlines
// really change the PDF, and a bad range or a whole skipped sheet is refused in one sentence.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { openSampleCardwright } from './sample-app';

const root = resolve(__dirname, '../..');
const BIN = join(root, 'bin', 'cardwright.js');
const BUILT = existsSync(join(root, 'out', 'main', 'cli.js'));

let dataDir: string;
let outDir: string;

async function cardwright(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args, '--data-dir', dataDir], {
      cwd: outDir,
      env: { ...process.env, CARDWRIGHT_DATA_DIR: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const pages = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-cli-cut-data-'));
  outDir = mkdtempSync(join(tmpdir(), 'cw-cli-cut-out-'));
  const app = openSampleCardwright(dataDir);
  await app.close();
});

afterAll(() => {
  for (const dir of [dataDir, outDir]) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(BUILT)('export-pdf home-cutting flags', { timeout: 120_000 }, () => {
  it('lists the flags in --help', async () => {
    const help = await cardwright('export-pdf', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--cut-guides none\|corners\|lines\|outlines\s+outlines: each card’s cut line/);
    expect(help.stdout).toMatch(/--registration-marks \/ --no-registration-marks/);
    expect(help.stdout).toMatch(/--skip-slots N \(0 to 500\)\s+leave the first N slots/);
    expect(help.stdout).toMatch(/--page-range TEXT\s+write only these pages/);
    expect(help.stdout).toMatch(/--card-page-order front-back\|back-front/);
  });

  it('writes only the page range, with skipped slots, registration marks and outlines', async () => {
    // 61 cards at 9 a sheet, 3 slots skipped: 64 slots, 8 sheets; pages 2-3 only.
    const run = await cardwright(
      'export-pdf',
      '--set',
      'osmcg starter set',
      '--skip-slots',
      '3',
      '--page-range',
      '2-3',
      '--registration-marks',
      '--cut-guides',
      'outlines',
      '--allow-warnings',
      '--out',
      'range.pdf',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(pages(join(outDir, 'range.pdf'))).toBe(2);
  });

  it('refuses a backwards range and a whole skipped sheet in one sentence, exit 1', async () => {
    const backwards = await cardwright('export-pdf', '--set', 'osmcg starter set', '--page-range', '5-2', '--out', 'bad.pdf');
    expect(backwards.code, backwards.stderr).toBe(1);
    expect(backwards.stderr).toMatch(
      /Page range “5-2” runs backwards at “5-2”: write the lower page first \(the export has \d+ pages\)\./,
    );
    const past = await cardwright('export-pdf', '--set', 'osmcg starter set', '--page-range', '1,400', '--out', 'bad.pdf');
    expect(past.stderr).toMatch(/Page range “1,400” asks for page 400, but the export has \d+ pages\./);
    const skipped = await cardwright('export-pdf', '--set', 'osmcg starter set', '--skip-slots', '9', '--out', 'bad.pdf');
    expect(skipped.code).toBe(1);
    expect(skipped.stderr).toMatch(/Skipped slots must be a whole number from 0 to \d+ \(a sheet holds \d+ cards\), got 9/);
    expect(existsSync(join(outDir, 'bad.pdf'))).toBe(false);
  });
});
