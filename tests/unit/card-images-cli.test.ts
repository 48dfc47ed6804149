// `cardwright export-images` end to end: the built command line (out/main/cli.js through
// bin/cardwright.js) spawned with plain Node against a data folder holding the samples. Writes a
// folder and a zip of real images and refuses bad values in one sentence, writing nothing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { openSampleCardwright } from './sample-app';
import { readZip } from '../support/zip-files';

const root = resolve(__dirname, '../..');
const BIN = join(root, 'bin', 'cardwright.js');
const BUILT = existsSync(join(root, 'out', 'main', 'cli.js'));

let dataDir: string;
let outDir: string;
let cards: { id: string; name: string }[];

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

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-images-cli-data-'));
  outDir = mkdtempSync(join(tmpdir(), 'cw-images-cli-out-'));
  const app = openSampleCardwright(dataDir);
  const set = (await app.handlers.listSets({})).find((entry) => entry.id === 'osmcg-core')!;
  const page = await app.handlers.searchCards({ query: '', setId: set.id, limit: 2, sort: 'relevance', descending: false });
  cards = page.cards.map((card) => ({ id: card.id, name: card.doc.name }));
  await app.close();
});

afterAll(() => {
  for (const dir of [dataDir, outDir]) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(BUILT)('cardwright export-images', { timeout: 120_000 }, () => {
  it('writes listed cards into a folder at 300 dpi with bleed, and into a zip of JPEGs with backs', async () => {
    const ids = cards.map((card) => card.id).join(',');
    const run = await cardwright('export-images', '--cards', ids, '--bleed', '3', '--name', '{number} {name}', '--out', 'imgs');
    expect(run.stderr.split('\n').at(-2) ?? '', run.stderr).not.toMatch(/error/i);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('images: 2');
    const names = readdirSync(join(outDir, 'imgs')).sort();
    expect(names).toEqual([`1 ${cards[0].name}.png`, `2 ${cards[1].name}.png`].sort());
    const meta = await sharp(join(outDir, 'imgs', names[0])).metadata();
    expect(meta).toMatchObject({ format: 'png', density: 300, width: Math.round(((63 + 6) / 25.4) * 300) });

    const zipped = await cardwright(
      'export-images',
      '--cards',
      cards[0].id,
      '--format',
      'jpeg',
      '--dpi',
      '600',
      '--backs',
      '--out',
      'imgs.zip',
    );
    expect(zipped.code, zipped.stderr).toBe(0);
    const entries = [...(await readZip(join(outDir, 'imgs.zip'))).keys()];
    expect(entries).toEqual([`1-${cards[0].name}.jpg`, `1-${cards[0].name}-back.jpg`]);
  });

  it('refuses a bad --dpi, --bleed, --format or --name in one sentence, writing nothing', async () => {
    const refusals: [string[], string][] = [
      [['--dpi', '450'], '--dpi: "450" is not accepted; give 300 or 600 (default 300).'],
      [['--bleed', '9'], '--bleed: "9" is not accepted; give millimetres from 0 to 6 (default 0).'],
      [['--format', 'gif'], '--format: "gif" is not accepted; give png or jpeg (default png).'],
      [['--name', '{title}'], '--name: The file name pattern has an unknown placeholder {title}'],
    ];
    for (const [args, message] of refusals) {
      const run = await cardwright('export-images', '--set', 'osmcg-core', '--out', 'refused', ...args);
      expect(run.stderr, args.join(' ')).toContain(message);
      expect(run.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(run.code, args.join(' ')).toBe(2);
    }
    const missing = await cardwright('export-images', '--out', 'refused');
    expect(missing.stderr).toContain('export-images needs what to export: --deck, --set, --cards or --search');
    expect(existsSync(join(outDir, 'refused'))).toBe(false);
  });
});
