// `npx cardwright` end to end: the built command line (out/main/cli.js through bin/cardwright.js)
// spawned with plain Node against a temporary data folder holding the samples. Checks the PDFs
// with pdfinfo, the set file, and that every refusal is one sentence naming what is wrong.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { dispatch } from '../../src-main/api/dispatch';
import { openSampleCardwright } from './sample-app';

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
  return run([...args, '--data-dir', dataDir]);
}

async function run(args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], {
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
  // A library as the app leaves it after its first start: the samples seeded, and one card that
  // prints with a warning (a symbol token muhq's game does not have).
  const app = openSampleCardwright(dataDir);
  const odd = await dispatch(app.handlers, 'saveCard', {
    id: 'muhq-odd-token',
    setId: 'muhq-vale',
    doc: { type: 'spell', name: 'Odd Token', playCost: 1, startingCopies: 1, text: '{Q}: gain 1 {R}.' },
  });
  if (!odd.ok) throw new Error(JSON.stringify(odd));
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

  it('names each print problem on stderr, writes the PDF and exits 3; --allow-warnings exits 0', async () => {
    const problem =
      "problem: “Odd Token” (muhq's game: The Vale): {Q} is no symbol of this game, so it prints as typed; its symbols are {T}, {R}, {coin}, {health}, {move}, {atk}, {upkeep}.\n";
    const run = await cardwright('export-pdf', '--cards', 'muhq-odd-token', '--out', 'odd.pdf');
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain(problem);
    expect(run.stderr).toContain(
      `Wrote ${join(outDir, 'odd.pdf')} with 1 print problem: unknown symbols (1). Exit code 3: fix the cards, or give --allow-warnings to accept them.\n`,
    );
    expect(run.stdout).not.toContain('warnings');
    expect(fields(run.stdout).cards).toBe('1');
    expect(pdfInfo(join(outDir, 'odd.pdf')).pages).toBe(1);

    const allowed = await cardwright(
      'export-pdf',
      '--cards',
      'muhq-odd-token',
      '--out',
      'odd.pdf',
      '--force',
      '--allow-warnings',
    );
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stderr).toContain(problem);
    expect(allowed.stderr).toContain(
      `Wrote ${join(outDir, 'odd.pdf')} with 1 print problem: unknown symbols (1); accepted by --allow-warnings.\n`,
    );
    expect(pdfInfo(join(outDir, 'odd.pdf')).pages).toBe(1);

    const help = await cardwright('export-pdf', '--help');
    expect(help.stdout).toMatch(/--allow-warnings +exit 0 even when cards have print problems \(default: exit 3/);
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

  it('refuses a wrong command line in one sentence naming what is accepted and the nearest, with exit code 2', async () => {
    const refusals: [string[], string][] = [
      [
        ['export-pdf', '--set', 'osmcg-core', '--frobnicate', '1'],
        'export-pdf has no option --frobnicate; cardwright export-pdf --help lists its options.',
      ],
      [['export-pdf', '--set', 'osmcg-core', '--bleeed', '2'], 'export-pdf has no option --bleeed (did you mean --bleed?)'],
      [
        ['export-pdf', '--set', 'osmcg-core', '--bleed', '9'],
        '--bleed: 9 is not accepted; give a number from 0 to 6 (default 3).',
      ],
      [
        ['export-pdf', '--set', 'osmcg-core', '--layout', 'gutterfol'],
        '--layout: "gutterfol" is not accepted (did you mean gutterfold?); give duplex-long, duplex-short, gutterfold, separate-backs or card-per-page (default duplex-long).',
      ],
      [
        ['export-pdf', '--set', 'osmcg-core', '--paper', 'A5'],
        '--paper: "A5" is not accepted (did you mean A4?); give A4, Letter, A3, Legal, Tabloid or --paper-width-mm with --paper-height-mm instead (default A4).',
      ],
      [['export-pdf', '--set', 'osmcg-core', '--card-size', 'pokr'], '--card-size: "pokr" is not accepted (did you mean poker?)'],
      [
        ['export-pdf', '--set', 'osmcg-core', '--copies', '0'],
        '--copies: "0" is not accepted; give a whole number from 1 to 99 (default 1).',
      ],
      [['export-pdf', '--set', 'osmcg-cor'], '--set: no set has the id or name “osmcg-cor” (did you mean osmcg-core?).'],
      [
        ['export-pdf', '--cards', 'osmcg-mission-010,no-such-card'],
        '--cards: no card has the id "no-such-card"; nothing was printed.',
      ],
      [['export-pdf', '--deck', 'x', '--cards', 'y'], 'give only one of --deck, --cards'],
      [['export-pdf'], 'export-pdf needs what to print'],
      [['export-pdf', '--set', 'osmcg-core', '--out', 'no/such/folder/x.pdf'], '--out: there is no folder'],
      [
        ['exprot-pdf'],
        'There is no command "exprot-pdf" (did you mean export-pdf?); the commands are export-pdf, export, export-set, import, validate, deck, export-images and help.',
      ],
      [['print-everything'], 'There is no command "print-everything"; the commands are export-pdf, export, export-set'],
      [['export-pdf', 'core'], 'export-pdf takes no word "core"'],
      [['--paper', 'A4'], 'Give the command first'],
    ];
    for (const [args, message] of refusals) {
      const run = await cardwright(...args);
      expect(run.stderr, args.join(' ')).toContain(message);
      expect(run.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(run.code, args.join(' ')).toBe(2);
    }
    // Refused before any job started: nothing was written.
    expect(readdirSync(outDir).filter((name) => name.endsWith('.pdf') && name.startsWith('OSMCG'))).toEqual([]);
  });

  it('takes --data-dir and --help anywhere on the line', async () => {
    const first = await run(['--data-dir', dataDir, 'export-pdf', '--set', 'osmcg-missions-objectives', '--out', 'first.pdf']);
    expect(first.code, first.stderr).toBe(0);
    expect(fields(first.stdout).file).toBe(join(outDir, 'first.pdf'));
    const middle = await run(['export-pdf', '--data-dir', dataDir, '--help']);
    expect(middle.code).toBe(0);
    expect(middle.stdout).toContain('Usage: cardwright export-pdf');
    const before = await run(['--help', 'deck']);
    expect(before.stdout).toContain('Usage: cardwright deck check FILE');
  });

  it('keeps a file already at --out unless --force is given', async () => {
    writeFileSync(join(outDir, 'kept.pdf'), 'mine');
    const kept = await cardwright('export-pdf', '--set', 'osmcg-missions-objectives', '--out', 'kept.pdf');
    expect(kept.stderr.trim()).toBe(
      `cardwright: ${join(outDir, 'kept.pdf')} is there already and was kept; give --force to replace it, or another --out.`,
    );
    expect(kept.code).toBe(2);
    expect(readFileSync(join(outDir, 'kept.pdf'), 'utf8')).toBe('mine');
    const replaced = await cardwright('export-pdf', '--set', 'osmcg-missions-objectives', '--out', 'kept.pdf', '--force');
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(readFileSync(join(outDir, 'kept.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    // The name the job suggests is kept too.
    const named = await cardwright('export-set', '--set', 'osmcg-missions-objectives');
    expect(named.code, named.stderr).toBe(0);
    const again = await cardwright('export-set', '--set', 'osmcg-missions-objectives');
    expect(again.stderr).toContain('is there already and was kept; give --force to replace it');
    expect(again.code).toBe(2);
  });

  it('says in one sentence, exit code 1, that --out cannot be written', async () => {
    const denied = await cardwright('export-pdf', '--set', 'osmcg-missions-objectives', '--out', '/sys/cardwright.pdf');
    expect(denied.stderr).toMatch(
      /^cardwright: Cardwright cannot write to \/sys \((no permission|a read-only disk)\): choose a folder you can write to\.\n$/,
    );
    expect(denied.code).toBe(1);
  });

  it('fails an export that cannot print with exit code 1: nothing found, or above the 10,000-card cap', async () => {
    const none = await cardwright('export-pdf', '--search', 'no such card anywhere');
    expect(none.stderr).toContain('cardwright: No card matches “no such card anywhere”');
    expect(none.code).toBe(1);
    const many = await cardwright('export-pdf', '--search', '--copies', '99');
    expect(many.stderr).toContain('The whole library prints more than 10,000 cards at 99 copies each');
    expect(many.code).toBe(1);
  });

  it('lists every command, and for each command every option with what it accepts and its default', async () => {
    const help = await cardwright('--help');
    expect(help.code).toBe(0);
    for (const command of ['export-pdf', 'export', 'export-set', 'import', 'validate', 'deck', 'help'])
      expect(help.stdout).toMatch(new RegExp(`^  ${command} +\\S`, 'm'));
    const options: Record<string, string[]> = {
      'export-pdf': ['--deck', '--set', '--cards', '--search', '--copies', '--out', '--force', '--data-dir', '--help'],
      export: ['--to json', '--to folder', '--to csv', '--to cockatrice', '--out', '--force', '--data-dir'],
      'export-set': ['--set', '--out', '--force', '--data-dir'],
      import: ['--replace', '--copy', '--game', '--set', '--new-set', '--new-ids', '--dry-run', '--data-dir'],
      validate: ['--data-dir', '--help'],
      deck: ['--game', '--to text', '--to json', '--to cod', '--to tts', '--out', '--force', '--data-dir'],
    };
    for (const [command, flags] of Object.entries(options)) {
      const own = await cardwright(command, '--help');
      const viaHelp = await cardwright('help', command);
      expect(own.code, command).toBe(0);
      expect(viaHelp.stdout, command).toBe(own.stdout);
      for (const flag of flags) expect(own.stdout, `${command} ${flag}`).toMatch(new RegExp(`^ +${flag}\\b`, 'm'));
    }
    const pdf = (await cardwright('export-pdf', '--help')).stdout;
    expect(pdf).toMatch(/^ +--paper A4\|Letter\|A3\|Legal\|Tabloid +default A4; or --paper-width-mm with\s+--paper-height-mm$/m);
    expect(pdf).toMatch(
      /^ +--card-size game\|poker\|bridge\|mini-american\|mini-euro\|euro\|japanese\|tarot\|square\n? +default game/m,
    );
    expect(pdf).toMatch(/^ +--bleed-mm N \(0 to 6\) +default 3$/m);
    expect(pdf).toMatch(/^ +--layout duplex-long\|duplex-short\|gutterfold\|separate-backs\|card-per-page/m);
    expect(pdf).toMatch(/^ +--calibration-page \/ --no-calibration-page +default false$/m);
    const unknown = await cardwright('help', 'exprot');
    expect(unknown.stderr).toContain('There is no command "exprot" (did you mean export?)');
    expect(unknown.code).toBe(2);
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
