// `npx cardwright deck check|convert` end to end: the built CLI spawned with plain Node against
// a temporary data folder holding the samples, with decklists in every format.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { openSampleCardwright } from './sample-app';

const root = resolve(__dirname, '../..');
const BIN = join(root, 'bin', 'cardwright.js');
const BUILT = existsSync(join(root, 'out', 'main', 'cli.js'));

let dataDir: string;
let work: string;

async function cardwright(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args, '--data-dir', dataDir], {
      cwd: work,
      env: { ...process.env, CARDWRIGHT_DATA_DIR: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const LEGAL = readFileSync(join(root, 'resources', 'samples', 'osmcg', 'deck-legal.json'), 'utf8');

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-deck-cli-data-'));
  work = mkdtempSync(join(tmpdir(), 'cw-deck-cli-'));
  const app = openSampleCardwright(dataDir);
  await app.close();
  writeFileSync(join(work, 'legal.deck.json'), LEGAL);
});

afterAll(() => {
  for (const dir of [dataDir, work]) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(BUILT)('cardwright deck (out/main/cli.js)', { timeout: 120_000 }, () => {
  it('checks a legal deck file (exit 0) and converts it to text, .cod and back to JSON', async () => {
    const legal = await cardwright('deck', 'check', 'legal.deck.json');
    expect(legal.stdout).toMatch(/^Ember Vanguard: legal \(hero 1, main 30/);
    expect(legal.code).toBe(0);

    const text = await cardwright('deck', 'convert', 'legal.deck.json', '--to', 'text');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Hero:\n1 Pyra, Ashen Marshal\n');
    writeFileSync(join(work, 'ember.txt'), text.stdout);

    const cod = await cardwright('deck', 'convert', 'ember.txt', '--to', 'cod', '--out', 'ember.cod');
    expect(cod.code).toBe(0);
    expect(readFileSync(join(work, 'ember.cod'), 'utf8')).toContain('<card number="2" name="Fire Bolt"/>');

    const json = await cardwright('deck', 'convert', 'ember.cod', '--to', 'json', '--out', 'back.deck.json');
    expect(json.code).toBe(0);
    const back = JSON.parse(readFileSync(join(work, 'back.deck.json'), 'utf8')) as { deck: { sections: unknown } };
    expect(back.deck.sections).toEqual((JSON.parse(LEGAL) as { deck: { sections: unknown } }).deck.sections);
    expect((await cardwright('deck', 'check', 'back.deck.json')).code).toBe(0);
  });

  it('writes a Tabletop Simulator folder: the saved object and its sheets', async () => {
    const run = await cardwright('deck', 'convert', 'legal.deck.json', '--to', 'tts', '--out', 'tts');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('cards: 31\nsheets: 1');
    const saved = JSON.parse(readFileSync(join(work, 'tts', 'Ember Vanguard.json'), 'utf8')) as {
      ObjectStates: { Name: string; CustomDeck: Record<string, { FaceURL: string }> }[];
    };
    expect(saved.ObjectStates[0].Name).toBe('DeckCustom');
    expect(existsSync(fileURLToPath(saved.ObjectStates[0].CustomDeck['1'].FaceURL))).toBe(true);
  });

  it('prints each violation of an illegal list (exit 1), found its game by its names', async () => {
    writeFileSync(join(work, 'short.txt'), 'Hero: Pyra, Ashen Marshal\nDeck:\n2 Fire Bolt\n');
    const run = await cardwright('deck', 'check', 'short.txt');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^short: not legal \(hero 1, main 2/);
    expect(run.stdout).toMatch(/\n- .*30/);
  });

  it('names lines that match no card with the closest names, and converts nothing on a guess', async () => {
    writeFileSync(join(work, 'typo.txt'), 'Hero: Pyra, Ashen Marshal\nDeck:\n2 Fier Bolt\n');
    const checked = await cardwright('deck', 'check', 'typo.txt', '--game', 'osmcg');
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain('line 3: "Fier Bolt" is not a card of OSMCG (did you mean "Fire Bolt"');
    const converted = await cardwright('deck', 'convert', 'typo.txt', '--to', 'cod');
    expect(converted.code).toBe(1);
    expect(converted.stderr).toContain('not converted');
  });

  it('refuses a wrong command line with exit code 2', async () => {
    expect(await cardwright('deck', 'check')).toMatchObject({ code: 2, stderr: expect.stringContaining('needs the deck file') });
    expect(await cardwright('deck', 'check', 'nope.txt')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('no such file'),
    });
    expect(await cardwright('deck', 'convert', 'ember.txt', '--to', 'pdf')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--to: "pdf" is not a format'),
    });
    expect(await cardwright('deck', 'check', 'ember.txt', '--game', 'chess')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--game: no game "chess"'),
    });
    const refusals: [string[], string][] = [
      [
        ['deck', 'chek', 'ember.txt'],
        'deck has no command "chek" (did you mean check?); use deck check FILE or deck convert FILE.',
      ],
      [
        ['deck', 'convert', 'ember.txt', '--to', 'txt'],
        '--to: "txt" is not a format (did you mean text?); give text, json, cod or tts.',
      ],
      [['deck', 'convert', 'ember.txt'], 'deck convert needs --to text|json|cod|tts.'],
      [['deck', 'check', 'ember.txt', '--game', 'osmgc'], '--game: no game "osmgc" is installed (did you mean osmcg?)'],
      [
        ['deck', 'check', 'ember.txt', '--to', 'text'],
        'deck check has no option --to; it takes --game (see cardwright deck --help).',
      ],
      [['deck', 'check', 'ember.txt', 'more.txt'], 'deck check takes one FILE, not "ember.txt" "more.txt"'],
      [['deck'], 'deck needs a command: deck check FILE or deck convert FILE --to FORMAT.'],
    ];
    for (const [args, message] of refusals) {
      const run = await cardwright(...args);
      expect(run.stderr.trim(), args.join(' ')).toContain(message);
      expect(run.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(run.code, args.join(' ')).toBe(2);
    }
  });

  it('reads the global --data-dir before the command (cardwright --data-dir D deck check F)', async () => {
    const { stdout, code } = await promisify(execFile)(
      process.execPath,
      [BIN, '--data-dir', dataDir, 'deck', 'check', 'legal.deck.json'],
      { cwd: work, env: { ...process.env, CARDWRIGHT_DATA_DIR: '' } },
    ).then((done) => ({ ...done, code: 0 }));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Ember Vanguard: legal/);
  });

  it('keeps a file already at --out, and a folder that holds files, unless --force is given', async () => {
    writeFileSync(join(work, 'mine.cod'), 'mine');
    const kept = await cardwright('deck', 'convert', 'legal.deck.json', '--to', 'cod', '--out', 'mine.cod');
    expect(kept.stderr.trim()).toBe(
      `cardwright: ${join(work, 'mine.cod')} is there already and was kept; give --force to replace it, or another --out.`,
    );
    expect(kept.code).toBe(2);
    expect(readFileSync(join(work, 'mine.cod'), 'utf8')).toBe('mine');
    const replaced = await cardwright('deck', 'convert', 'legal.deck.json', '--to', 'cod', '--out', 'mine.cod', '--force');
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(readFileSync(join(work, 'mine.cod'), 'utf8')).toContain('<cockatrice_deck');

    mkdirSync(join(work, 'table'));
    writeFileSync(join(work, 'table', 'notes.txt'), 'mine');
    const folder = await cardwright('deck', 'convert', 'legal.deck.json', '--to', 'tts', '--out', 'table');
    expect(folder.stderr.trim()).toBe(
      `cardwright: ${join(work, 'table')} holds files already and was kept; give --force to write into it, or another --out.`,
    );
    expect(folder.code).toBe(2);
  });
});
