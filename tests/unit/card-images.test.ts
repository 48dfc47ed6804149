// Card image export (the exportImages job) end to end: real files written into a zip and a folder,
// named by the pattern, sized (card + 2 × bleed) / 25.4 × dpi, with the dpi in their metadata;
// Cancel and a refusal leave nothing behind; and a card's PNG agrees with its PDF print
// (rasterized by poppler at the same dpi) pixel for pixel within a stated threshold.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import type { JobSpecInput, JobStatus } from '../../src-main/api/contract';
import { appPaths } from '../../src-main/app-paths';
import { dispatch } from '../../src-main/api/dispatch';
import { FileNamer, fillPattern, namePatternProblem } from '../../card-schema/exports/card-image-names';
import { readZip } from '../support/zip-files';
import { ART_GAME_ID, artGameBundle, lanternDoc } from '../fixtures/art-game';

/**
 * How closely a card's image matches its PDF print rasterized at the same dpi (poppler and
 * librsvg anti-alias edges and hint glyphs differently, so edges differ by a pixel here and there):
 * mean absolute difference per channel at most MAX_MEAN_DIFF, and at least MIN_CLOSE_SHARE of the
 * pixels within ±CLOSE_DIFF on every channel. docs/printing.md states the same numbers.
 */
const MAX_MEAN_DIFF = 2;
const CLOSE_DIFF = 32;
const MIN_CLOSE_SHARE = 0.99;

const root = resolve(__dirname, '../..');
let dataDir: string;
let outDir: string;
let app: Cardwright;
let osmcg: GameSystem;
let setId: string;
let cardIds: string[];
/** Where the next "Save as" goes (the desktop's answer). */
let savePath = '';

const px = (mm: number, dpi: number) => Math.round((mm / 25.4) * dpi);

/** A picture with four coloured quarters and a diagonal, so a misplaced or scaled art shows. */
async function artJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="300" height="400" fill="#d03020"/><rect x="300" width="300" height="400" fill="#2050d0"/>
    <rect y="400" width="300" height="400" fill="#30a040"/><rect x="300" y="400" width="300" height="400" fill="#e0c020"/>
    <path d="M0 0 L600 800" stroke="#ffffff" stroke-width="24"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toBuffer();
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-card-images-'));
  outDir = join(dataDir, 'out');
  mkdirSync(outDir);
  app = openCardwright({
    dataDir,
    ...appPaths(root),
    samplesDir: join(dataDir, 'none'),
    desktop: { chooseSavePath: async () => savePath, openPath: async () => {}, showInFolder: () => {} },
  });
  osmcg = await app.handlers.getSystem({ systemId: 'osmcg' });
  const art = await app.handlers.addImage({ fileName: 'art.jpg', bytes: new Uint8Array(await artJpeg()) });
  const set = await app.handlers.createSet({ systemId: 'osmcg', name: 'Ember & Tide', description: '' });
  setId = set.id;
  const docs: CardDocument[] = [
    {
      type: 'creature',
      name: 'Cinder Pup',
      colors: ['red'],
      cost: 2,
      atk: 1,
      hp: 3,
      spd: 5,
      ap: 2,
      text: 'When this enters, deal 1 damage.',
      art: { id: art.id },
    },
    { type: 'spell', name: 'Spark: Shower?', colors: ['neutral'], cost: 1, speed: 'Quick', text: 'Deal 1 damage.' },
    { type: 'spell', name: 'Spark: Shower?', colors: ['blue'], cost: 3, speed: 'Quick', text: 'Deal 3 damage.' },
  ];
  cardIds = [];
  for (const doc of docs) {
    const saved = await app.handlers.saveCard({ setId, doc });
    if (!saved.ok) throw new Error(`${doc.name}: ${JSON.stringify(saved.issues)}`);
    cardIds.push(saved.card.id);
  }
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** startJob as the renderer calls it (the input parsed by the contract); throws a refusal's message. */
async function startJob(job: JobSpecInput, saveAs: boolean): Promise<JobStatus> {
  const envelope = await dispatch(app.handlers, 'startJob', { job, saveAs });
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value as JobStatus;
}

async function runJob(job: JobSpecInput, path: string): Promise<JobStatus> {
  savePath = path;
  const started = await startJob(job, true);
  return app.jobs.wait(started.id);
}

describe('file names', () => {
  it('fills the placeholders, makes the names safe and unique, and refuses an unknown placeholder', () => {
    const values = { number: '07', name: 'Bolt: Big/Small', id: 'c1', set: 'Core', type: 'spell' };
    expect(fillPattern('{set} {number}-{name} ({type}, {id})', values)).toBe('Core 07-Bolt: Big/Small (spell, c1)');
    const namer = new FileNamer('{name}', '.png');
    expect(namer.next(values)).toEqual({ front: 'Bolt_ Big_Small.png', back: 'Bolt_ Big_Small-back.png' });
    expect(namer.next({ ...values, name: 'BOLT: big/small' }).front).toBe('BOLT_ big_small (2).png');
    expect(namePatternProblem('{number}-{title}')).toBe(
      'The file name pattern has an unknown placeholder {title}; use {number}, {name}, {id}, {set}, {type}',
    );
    expect(namePatternProblem('{number}-{name}')).toBeUndefined();
  });
});

describe('exportImages', () => {
  it('writes a zip of 300 dpi PNGs with bleed, named by the pattern, the dpi in each file', { timeout: 60_000 }, async () => {
    const zipPath = join(outDir, 'cards.zip');
    const status = await runJob(
      { kind: 'exportImages', source: { kind: 'set', setId }, dpi: 300, bleedMm: 3, format: 'png', as: 'zip' },
      zipPath,
    );
    expect(status.state, status.error?.message).toBe('done');
    const result = status.result as { file: { bytes: number }; cards: number; images: number; widthPx: number };
    expect(result).toMatchObject({ cards: 3, images: 3, widthPx: px(osmcg.card.widthMm + 6, 300) });
    expect(result.file.bytes).toBe(statSync(zipPath).size);
    const files = await readZip(zipPath);
    expect([...files.keys()]).toEqual(['1-Cinder Pup.png', '2-Spark_ Shower_.png', '3-Spark_ Shower_.png']);
    const meta = await sharp(files.get('1-Cinder Pup.png')!).metadata();
    expect(meta).toMatchObject({
      format: 'png',
      width: px(osmcg.card.widthMm + 6, 300),
      height: px(osmcg.card.heightMm + 6, 300),
      density: 300,
    });
    expect(readdirSync(outDir)).toEqual(['cards.zip']);
  });

  it('writes fronts and backs as 600 dpi JPEGs into a folder, with {id} {set} {type} names', { timeout: 60_000 }, async () => {
    const folder = join(outDir, 'images');
    const status = await runJob(
      {
        kind: 'exportImages',
        source: { kind: 'cards', cardIds: [cardIds[1], cardIds[0], cardIds[1]] },
        dpi: 600,
        bleedMm: 0,
        format: 'jpeg',
        faces: 'both',
        namePattern: '{set}-{type}-{id}',
        as: 'folder',
      },
      folder,
    );
    expect(status.state, status.error?.message).toBe('done');
    const names = readdirSync(folder).sort();
    const stem = (i: number, type: string) => `Ember & Tide-${type}-${cardIds[i]}`;
    expect(names).toEqual(
      [
        `${stem(1, 'spell')}.jpg`,
        `${stem(1, 'spell')}-back.jpg`,
        `${stem(0, 'creature')}.jpg`,
        `${stem(0, 'creature')}-back.jpg`,
      ].sort(),
    );
    const meta = await sharp(join(folder, `${stem(0, 'creature')}.jpg`)).metadata();
    expect(meta).toMatchObject({
      format: 'jpeg',
      width: px(osmcg.card.widthMm, 600),
      height: px(osmcg.card.heightMm, 600),
      density: 600,
    });
    // No temporary file or folder is left beside the output.
    expect(readdirSync(outDir).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('leaves no partial output when cancelled', { timeout: 60_000 }, async () => {
    const zipPath = join(outDir, 'cancelled.zip');
    savePath = zipPath;
    const started = await startJob(
      { kind: 'exportImages', source: { kind: 'set', setId }, dpi: 600, bleedMm: 3, as: 'zip' },
      true,
    );
    await app.handlers.cancelJob({ jobId: started.id });
    const status = await app.jobs.wait(started.id);
    expect(status.state).toBe('cancelled');
    expect(existsSync(zipPath)).toBe(false);
    expect(readdirSync(outDir).filter((name) => name.startsWith('cancelled'))).toEqual([]);
  });

  it('refuses a bad name pattern, dpi or bleed in one sentence', async () => {
    const status = await runJob(
      { kind: 'exportImages', source: { kind: 'set', setId }, namePattern: '{nmae}', as: 'zip' },
      join(outDir, 'bad.zip'),
    );
    expect(status.state).toBe('failed');
    expect(status.error?.message).toBe(
      'The file name pattern has an unknown placeholder {nmae}; use {number}, {name}, {id}, {set}, {type}',
    );
    expect(existsSync(join(outDir, 'bad.zip'))).toBe(false);
    await expect(startJob({ kind: 'exportImages', source: { kind: 'set', setId }, dpi: 450 as 300 }, false)).rejects.toThrow(
      /dpi/,
    );
    await expect(startJob({ kind: 'exportImages', source: { kind: 'set', setId }, bleedMm: 9 }, false)).rejects.toThrow(
      /bleedMm/,
    );
    await expect(startJob({ kind: 'exportImages', source: { kind: 'set', setId }, as: 'folder' }, false)).rejects.toThrow(
      'A folder of card images can only be written by the desktop app or the CLI; export a zip instead',
    );
  });

  it('agrees with the PDF print of the same card, pixel for pixel within the threshold', { timeout: 90_000 }, async () => {
    // The tutorial's game with art (plain colours: this compares the two painters, not the built-in games' styles).
    const installed = await runJob({ kind: 'importSystem', fileName: 'game.json', text: artGameBundle() }, '');
    expect(installed.state, installed.error?.message).toBe('done');
    const lanterns = await app.handlers.createSet({ systemId: ART_GAME_ID, name: 'Lanterns', description: '' });
    const art = (await app.handlers.addImage({ fileName: 'art.jpg', bytes: new Uint8Array(await artJpeg()) })).id;
    const saved = await app.handlers.saveCard({ setId: lanterns.id, doc: lanternDoc('Lantern Stew', { id: art }) });
    if (!saved.ok) throw new Error(JSON.stringify(saved.issues));
    await expectImageMatchesPdf(saved.card.id, 'Lantern Stew', 'agree');
  });

  it(
    "agrees with the PDF for a built-in game's finished face (gradients, ellipses, icons, art)",
    { timeout: 90_000 },
    async () => {
      await expectImageMatchesPdf(cardIds[0], 'Cinder Pup', 'agree-osmcg');
    },
  );
});

/** Exports one card as a 300 dpi PNG and as a PDF page with the same 3 mm bleed, and compares their pixels. */
async function expectImageMatchesPdf(cardId: string, cardName: string, name: string): Promise<void> {
  const bleedMm = 3;
  const source = { kind: 'cards' as const, cardIds: [cardId] };
  const pngStatus = await runJob(
    { kind: 'exportImages', source, dpi: 300, bleedMm, format: 'png', as: 'folder' },
    join(outDir, name),
  );
  expect(pngStatus.state, pngStatus.error?.message).toBe('done');
  // One card per page of card + bleed size: the page is the card's cell, bleed included.
  const pdfPath = join(outDir, `${name}.pdf`);
  const pdfStatus = await runJob(
    {
      kind: 'exportPdf',
      source,
      print: { layout: 'card-per-page', bleedMm, cutGuides: 'none', faces: 'fronts' },
    },
    pdfPath,
  );
  expect(pdfStatus.state, pdfStatus.error?.message).toBe('done');
  execFileSync('pdftoppm', ['-r', '300', '-png', '-singlefile', pdfPath, join(outDir, `${name}-pdf`)]);

  const image = await sharp(join(outDir, name, `1-${cardName}.png`))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const printed = await sharp(join(outDir, `${name}-pdf.png`))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The cell is the whole page; poppler rounds the page's pixel size, so compare the common area.
  expect(Math.abs(printed.info.width - image.info.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(printed.info.height - image.info.height)).toBeLessThanOrEqual(1);
  const width = Math.min(printed.info.width, image.info.width);
  const height = Math.min(printed.info.height, image.info.height);
  let sum = 0;
  let close = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = (y * image.info.width + x) * 3;
      const b = (y * printed.info.width + x) * 3;
      let worst = 0;
      for (let c = 0; c < 3; c++) {
        const diff = Math.abs(image.data[a + c] - printed.data[b + c]);
        sum += diff;
        worst = Math.max(worst, diff);
      }
      if (worst <= CLOSE_DIFF) close++;
    }
  }
  const mean = sum / (width * height * 3);
  const share = close / (width * height);
  console.log(
    `${cardName}: card image vs PDF at 300 dpi: mean |diff| ${mean.toFixed(2)}, ${(share * 100).toFixed(2)} % within ±${CLOSE_DIFF}`,
  );
  expect(mean).toBeLessThanOrEqual(MAX_MEAN_DIFF);
  expect(share).toBeGreaterThanOrEqual(MIN_CLOSE_SHARE);
}
