// `npx cardwright` end to end: the built command line (out/main/cli.js through bin/cardwright.js)
// spawned with plain Node against a temporary data folder holding the samples. Checks the PDFs
// with pdfinfo, the set file, and that every refusal is one sentence naming what is wrong.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { openCardwright } from '../../src-main/api/service';
import { appPaths } from '../../src-main/app-paths';

const root = resolve(__dirname, '../..');
const BIN = join(root, 'bin', 'cardwright.js');
const BUILT = existsSync(join(root, 'out', 'main', 'cli.js'));

let dataDir: string;
let outDir: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cardwright(...args: string[]): Promise<Run> {
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

function pdfInfo(file: string): { pages: number; size: string } {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), size: /Page size:\s+(.*)/.exec(info)?.[1] ?? '' };
}

/** stdout's `key: value` lines. */
function fields(stdout: string): Record<string, string> {
  return Object.fromEntries(
    stdout
      .trim()
      .split('\n')
      .map((line) => line.split(/: (.*)/s).slice(0, 2)),
  );
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-cli-data-'));
  outDir = mkdtempSync(join(tmpdir(), 'cw-cli-out-'));
  // A library as the app leaves it after its first start: the samples seeded.
  const app = openCardwright({ dataDir, ...appPaths(root) });
  await app.close();
});

afterAll(() => {
  for (const dir of [dataDir, outDir]) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(BUILT)('cardwright CLI (out/main/cli.js)', { timeout: 120_000 }, () => {
  it('prints a set by name, N copies each, on the paper and bleed asked for', async () => {
    const run = await cardwright(
      'export-pdf',
      '--set',
      'osmcg starter set',
      '--copies',
      '2',
      '--paper',
      'Letter',
      '--bleed',
      '2',
      '--out',
      'core.pdf',
    );
    expect(run.stderr).toContain('Print set “OSMCG Starter Set”, 2 copies each');
    expect(run.code).toBe(0);
    const result = fields(run.stdout);
    expect(result.file).toBe(join(outDir, 'core.pdf'));
    expect(result.cards).toBe('122');
    const info = pdfInfo(join(outDir, 'core.pdf'));
    expect(String(info.pages)).toBe(result.pages);
    expect(info.size).toContain('(letter)');
  });

  it('prints a deck by name, listed cards by id and a search, named after them by default', async () => {
    const deck = await cardwright('export-pdf', '--deck', 'Ember Vanguard');
    expect(deck.code, deck.stderr).toBe(0);
    expect(fields(deck.stdout)).toMatchObject({ file: join(outDir, 'Ember Vanguard.pdf'), cards: '31', pages: '4' });
    expect(pdfInfo(join(outDir, 'Ember Vanguard.pdf')).pages).toBe(4);

    const cards = await cardwright(
      'export-pdf',
      '--cards',
      'osmcg-mission-010, osmcg-mission-010',
      '--out',
      'two.pdf',
      '--cut-guides',
      'none',
      '--faces',
      'both',
      '--layout',
      'gutterfold',
    );
    expect(cards.code, cards.stderr).toBe(0);
    expect(fields(cards.stdout).cards).toBe('2');

    const search = await cardwright('export-pdf', '--search', 'ember', '--set', 'osmcg-core', '--out', 'ember.pdf');
    expect(search.code, search.stderr).toBe(0);
    expect(Number(fields(search.stdout).cards)).toBeGreaterThan(0);
    expect(pdfInfo(join(outDir, 'ember.pdf')).pages).toBe(Number(fields(search.stdout).pages));
  });

  it('exports a set file', async () => {
    const run = await cardwright('export-set', '--set', 'osmcg-core', '--out', 'core.set.json');
    expect(run.code, run.stderr).toBe(0);
    const file = JSON.parse(readFileSync(join(outDir, 'core.set.json'), 'utf8')) as { format: string; cards: unknown[] };
    expect(file.format).toBe('cardwright-set');
    expect(file.cards).toHaveLength(61);
  });

  it('refuses a wrong command line in one sentence naming the option, with exit code 2', async () => {
    const refusals: [string[], string][] = [
      [['export-pdf', '--set', 'osmcg-core', '--frobnicate', '1'], 'export-pdf has no option --frobnicate'],
      [['export-pdf', '--set', 'osmcg-core', '--bleed', '9'], '--bleed: Too big'],
      [['export-pdf', '--set', 'osmcg-core', '--layout', 'sideways'], '--layout: Invalid option'],
      [['export-pdf', '--set', 'osmcg-core', '--copies', '0'], '--copies: Too small'],
      [['export-pdf', '--set', 'nope'], '--set: no set has the id or name “nope”'],
      [['export-pdf', '--deck', 'x', '--cards', 'y'], 'give only one of --deck, --cards'],
      [['export-pdf'], 'export-pdf needs what to print'],
      [['export-pdf', '--set', 'osmcg-core', '--out', 'no/such/folder/x.pdf'], '--out: there is no folder'],
      [['print-everything'], 'Unknown command "print-everything"'],
      [['export-pdf', 'core'], 'Unexpected "core"'],
    ];
    for (const [args, message] of refusals) {
      const run = await cardwright(...args);
      expect(run.stderr, args.join(' ')).toContain(message);
      expect(run.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(run.code, args.join(' ')).toBe(2);
    }
  });

  it('fails an export that cannot print with exit code 1: nothing found, or above the 10,000-card cap', async () => {
    const none = await cardwright('export-pdf', '--search', 'no such card anywhere');
    expect(none.stderr).toContain('cardwright: No card matches “no such card anywhere”');
    expect(none.code).toBe(1);
    const many = await cardwright('export-pdf', '--search', '--copies', '99');
    expect(many.stderr).toContain('The whole library prints more than 10,000 cards at 99 copies each');
    expect(many.code).toBe(1);
  });

  it('shows help, and refuses a data folder without a library', async () => {
    const help = await cardwright('export-pdf', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--paper');
    expect(help.stdout).toContain('~/.config/Cardwright');
    const { stderr, code } = await promisify(execFile)(process.execPath, [
      BIN,
      'export-pdf',
      '--set',
      'x',
      '--data-dir',
      outDir,
    ]).then(
      () => ({ stderr: '', code: 0 }),
      (error: Run) => error,
    );
    expect(stderr).toContain('--data-dir: there is no Cardwright library in');
    expect(code).toBe(2);
  });
});
