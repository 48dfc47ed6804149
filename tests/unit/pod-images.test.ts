// Print-on-demand image exports (the exportImages job with a preset) end to end: real files in a
// zip and a folder, each exactly the service's pixel size with its dpi in the file, the bleed
// painted to the corner, named for upload ("001 Front - NAME" / "001 Back"), and a quantities.csv
// whose counts are the source's and whose formula-like cells are inert.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { CardDocument } from '../../card-schema/system/format';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import type { JobSpecInput, JobStatus } from '../../src-main/api/contract';
import { appPaths } from '../../src-main/app-paths';
import { dispatch } from '../../src-main/api/dispatch';
import { POD_PRESET_IDS, POD_PRESETS, podFileNames, podPixelSize, type PodPresetId } from '../../card-schema/exports/pod-presets';
import { inertCell } from '../../src-main/card-images/pod-quantities';
import { readZip } from '../support/zip-files';

/** The pixel sizes the services' templates give (card + bleed at 300 dpi). */
const PUBLISHED_PIXELS: Record<PodPresetId, [number, number]> = {
  'poker-tgc': [825, 1125],
  'bridge-tgc': [750, 1125],
  'mini-tgc': [600, 825],
  'tarot-tgc': [900, 1500],
  'square-tgc': [825, 825],
  'large-square-tgc': [1125, 1125],
  'jumbo-tgc': [1125, 1725],
  'poker-mpc': [822, 1122],
};

const root = resolve(__dirname, '../..');
let dataDir: string;
let outDir: string;
let app: Cardwright;
let cardIds: string[];
let savePath = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-pod-images-'));
  outDir = join(dataDir, 'out');
  mkdirSync(outDir);
  app = openCardwright({
    dataDir,
    ...appPaths(root),
    samplesDir: join(dataDir, 'none'),
    desktop: { chooseSavePath: async () => savePath, openPath: async () => {}, showInFolder: () => {} },
  });
  const set = await app.handlers.createSet({ systemId: 'osmcg', name: 'Ember', description: '' });
  const docs: CardDocument[] = [
    { type: 'creature', name: 'Ember Hound', colors: ['red'], cost: 2, atk: 1, hp: 3, spd: 5, ap: 2, text: 'Runs hot.' },
    { type: 'spell', name: '=HYPERLINK("x")', colors: ['blue'], cost: 1, speed: 'Quick', text: 'Deal 1 damage.' },
  ];
  cardIds = [];
  for (const doc of docs) {
    const saved = await app.handlers.saveCard({ setId: set.id, doc });
    if (!saved.ok) throw new Error(`${doc.name}: ${JSON.stringify(saved.issues)}`);
    cardIds.push(saved.card.id);
  }
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function runJob(job: JobSpecInput, path: string): Promise<JobStatus> {
  savePath = path;
  const envelope = await dispatch(app.handlers, 'startJob', { job, saveAs: true });
  if (!envelope.ok) throw new Error(envelope.error.message);
  return app.jobs.wait((envelope.value as JobStatus).id);
}

/** The image's size, density and the alpha of its top-left pixel (255 when the bleed is painted there). */
async function measure(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).ensureAlpha().extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({
    resolveWithObject: true,
  });
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    density: meta.density,
    cornerAlpha: data[info.channels - 1],
  };
}

describe('print-on-demand presets', () => {
  it('give the pixel sizes the services publish', () => {
    for (const id of POD_PRESET_IDS) {
      const { widthPx, heightPx } = podPixelSize(POD_PRESETS[id]);
      expect([id, widthPx, heightPx]).toEqual([id, ...PUBLISHED_PIXELS[id]]);
    }
  });

  it('name files for upload, numbered so each front sorts beside its back', () => {
    expect(podFileNames(0, 12, 'Ember Hound', 'png')).toEqual({ front: '001 Front - Ember Hound.png', back: '001 Back.png' });
    expect(podFileNames(1233, 1234, 'Bolt: Big/Small', 'jpeg')).toEqual({
      front: '1234 Front - Bolt_ Big_Small.jpg',
      back: '1234 Back.jpg',
    });
    expect(inertCell('=1+1')).toBe("'=1+1");
    expect(inertCell('-3')).toBe("'-3");
    expect(inertCell('Ember Hound')).toBe('Ember Hound');
  });
});

describe('exportImages with a preset', () => {
  it(
    'writes poker-tgc fronts and backs into a zip at exactly 825 × 1125 px and 300 dpi, with a quantities.csv',
    { timeout: 90_000 },
    async () => {
      const zipPath = join(outDir, 'tgc.zip');
      const status = await runJob(
        {
          kind: 'exportImages',
          // The hound listed twice: two copies to print, one image.
          source: { kind: 'cards', cardIds: [cardIds[0], cardIds[1], cardIds[0]] },
          preset: 'poker-tgc',
          format: 'png',
          faces: 'both',
          as: 'zip',
        },
        zipPath,
      );
      expect(status.state, status.error?.message).toBe('done');
      expect(status.result).toMatchObject({ cards: 2, images: 4, widthPx: 825, heightPx: 1125 });
      const files = await readZip(zipPath);
      expect([...files.keys()]).toEqual([
        '001 Front - Ember Hound.png',
        '001 Back.png',
        '002 Front - =HYPERLINK(_x_).png',
        '002 Back.png',
        'quantities.csv',
      ]);
      for (const [name, bytes] of files) {
        if (!name.endsWith('.png')) continue;
        expect({ name, ...(await measure(bytes)) }).toEqual({
          name,
          format: 'png',
          width: 825,
          height: 1125,
          density: 300,
          cornerAlpha: 255,
        });
      }
      expect(files.get('quantities.csv')!.toString('utf8')).toBe(
        '\uFEFFfront,back,name,count\r\n' +
          '001 Front - Ember Hound.png,001 Back.png,Ember Hound,2\r\n' +
          `002 Front - =HYPERLINK(_x_).png,002 Back.png,"'=HYPERLINK(""x"")",1\r\n`,
      );
    },
  );

  it('writes MakePlayingCards poker JPEGs into a folder at exactly 822 × 1122 px', { timeout: 90_000 }, async () => {
    const folder = join(outDir, 'mpc');
    const status = await runJob(
      {
        kind: 'exportImages',
        source: { kind: 'cards', cardIds: [cardIds[0]] },
        preset: 'poker-mpc',
        format: 'jpeg',
        as: 'folder',
      },
      folder,
    );
    expect(status.state, status.error?.message).toBe('done');
    expect(readdirSync(folder).sort()).toEqual(['001 Front - Ember Hound.jpg', 'quantities.csv']);
    const measured = await measure(readFileSync(join(folder, '001 Front - Ember Hound.jpg')));
    expect(measured).toMatchObject({ format: 'jpeg', width: 822, height: 1122, density: 300 });
    expect(readFileSync(join(folder, 'quantities.csv'), 'utf8')).toBe(
      '\uFEFFfront,name,count\r\n001 Front - Ember Hound.jpg,Ember Hound,1\r\n',
    );
  });

  it("counts a deck's copies in quantities.csv, one image per distinct card", { timeout: 90_000 }, async () => {
    const deck = await app.handlers.saveDeck({
      deck: {
        systemId: 'osmcg',
        name: 'Hounds',
        sections: {
          main: [
            { cardId: cardIds[0], count: 3 },
            { cardId: cardIds[1], count: 2 },
          ],
        },
      },
    });
    const zipPath = join(outDir, 'deck.zip');
    const status = await runJob(
      { kind: 'exportImages', source: { kind: 'deck', deckId: deck.id }, preset: 'mini-tgc', format: 'png', as: 'zip' },
      zipPath,
    );
    expect(status.state, status.error?.message).toBe('done');
    const files = await readZip(zipPath);
    expect([...files.keys()]).toEqual(['001 Front - Ember Hound.png', '002 Front - =HYPERLINK(_x_).png', 'quantities.csv']);
    expect(files.get('quantities.csv')!.toString('utf8')).toBe(
      '\uFEFFfront,name,count\r\n001 Front - Ember Hound.png,Ember Hound,3\r\n002 Front - =HYPERLINK(_x_).png,"\'=HYPERLINK(""x"")",2\r\n',
    );
  });

  it(
    'lays the card out again at every preset size (tarot, jumbo, square…), exact to the pixel',
    { timeout: 120_000 },
    async () => {
      for (const preset of POD_PRESET_IDS) {
        const folder = join(outDir, `size-${preset}`);
        const status = await runJob(
          { kind: 'exportImages', source: { kind: 'cards', cardIds: [cardIds[0]] }, preset, format: 'png', as: 'folder' },
          folder,
        );
        expect(status.state, status.error?.message).toBe('done');
        const measured = await measure(readFileSync(join(folder, '001 Front - Ember Hound.png')));
        const [width, height] = PUBLISHED_PIXELS[preset];
        expect({ preset, ...measured }).toEqual({ preset, format: 'png', width, height, density: 300, cornerAlpha: 255 });
      }
    },
  );
});
