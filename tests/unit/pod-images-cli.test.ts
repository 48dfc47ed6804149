// `cardwright export-images --preset` end to end: the built command line spawned with plain Node
// against a data folder holding the samples. `--help` lists the presets with their pixel sizes; a
// preset export writes upload-named images of exactly the service's size and a quantities.csv;
// a flag the preset sets itself, or an unknown preset, is refused in one sentence.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { openSampleCardwright } from './sample-app';
import { POD_PRESET_IDS } from '../../card-schema/exports/pod-presets';
import { safeFileName } from '../../card-schema/files/safe-file-name';

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
  dataDir = mkdtempSync(join(tmpdir(), 'cw-pod-cli-data-'));
  outDir = mkdtempSync(join(tmpdir(), 'cw-pod-cli-out-'));
  const app = openSampleCardwright(dataDir);
  const page = await app.handlers.searchCards({ query: '', setId: 'osmcg-core', limit: 2, sort: 'relevance', descending: false });
  cards = page.cards.map((card) => ({ id: card.id, name: card.doc.name }));
  await app.close();
});

afterAll(() => {
  for (const dir of [dataDir, outDir]) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(BUILT)('cardwright export-images --preset', { timeout: 120_000 }, () => {
  it('lists every preset with its pixel size in --help', async () => {
    const help = await cardwright('export-images', '--help');
    expect(help.code, help.stderr).toBe(0);
    for (const id of POD_PRESET_IDS) expect(help.stdout).toContain(`  ${id} `);
    expect(help.stdout).toContain('Poker — The Game Crafter: 2.5 × 3.5 in + 1/8 in bleed, 825 × 1125 px PNG');
    expect(help.stdout).toContain('822 × 1122 px');
  });

  it('writes fronts and backs named for upload at exactly 825 × 1125 px, with each card counted', async () => {
    const ids = [cards[0].id, cards[1].id, cards[0].id].join(',');
    const run = await cardwright('export-images', '--cards', ids, '--preset', 'poker-tgc', '--backs', '--out', 'tgc');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('images: 4');
    const name = (i: number) => safeFileName(cards[i].name, '');
    expect(readdirSync(join(outDir, 'tgc')).sort()).toEqual(
      [`001 Front - ${name(0)}.png`, '001 Back.png', `002 Front - ${name(1)}.png`, '002 Back.png', 'quantities.csv'].sort(),
    );
    for (const file of [`001 Front - ${name(0)}.png`, '002 Back.png']) {
      const meta = await sharp(join(outDir, 'tgc', file)).metadata();
      expect({ file, ...meta }).toMatchObject({ file, format: 'png', width: 825, height: 1125, density: 300 });
    }
    const csv = readFileSync(join(outDir, 'tgc', 'quantities.csv'), 'utf8').split('\r\n');
    expect(csv[0]).toBe('\uFEFFfront,back,name,count');
    expect(csv[1]).toMatch(/^001 Front - .*,001 Back\.png,.*,2$/);
    expect(csv[2]).toMatch(/^002 Front - .*,002 Back\.png,.*,1$/);
  });

  it('takes --format beside a preset (a JPEG zip at the MakePlayingCards size)', async () => {
    const run = await cardwright(
      'export-images',
      '--cards',
      cards[0].id,
      '--preset',
      'poker-mpc',
      '--format',
      'jpeg',
      '--out',
      'mpc.zip',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(outDir, 'mpc.zip'))).toBe(true);
  });

  it('refuses an unknown preset, or --dpi, --bleed or --name beside one, in one sentence', async () => {
    const refusals: [string[], string][] = [
      [['--preset', 'poker-xyz'], `--preset: "poker-xyz" is not a preset; give one of ${POD_PRESET_IDS.join(', ')}`],
      [['--preset', 'poker-tgc', '--bleed', '3'], '--bleed: the preset poker-tgc sets its own; leave out --bleed or --preset'],
      [['--preset', 'poker-tgc', '--dpi', '600'], '--dpi: the preset poker-tgc sets its own; leave out --dpi or --preset'],
      [['--preset', 'mini-tgc', '--name', '{name}'], '--name: the preset mini-tgc sets its own; leave out --name or --preset'],
    ];
    for (const [args, message] of refusals) {
      const run = await cardwright('export-images', '--set', 'osmcg-core', '--out', 'refused', ...args);
      expect(run.stderr, args.join(' ')).toContain(message);
      expect(run.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(run.code, args.join(' ')).toBe(2);
    }
    expect(existsSync(join(outDir, 'refused'))).toBe(false);
  });
});
