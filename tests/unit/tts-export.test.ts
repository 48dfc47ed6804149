// The Tabletop Simulator export: the saved object's ids and sheets (pure), and a sample deck
// written as JSON plus 10 × 7 sheets and a back, with the faces drawn by the layout engine.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ttsSavedObject, ttsSlot, TTS_FACES_PER_SHEET } from '../../card-schema/deck/decklist/tts-deck';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import { TTS_FACE_WIDTH_PX } from '../../src-main/tts/tts-export';
import { extractZip } from '../support/zip-files';

const root = resolve(__dirname, '../..');
let dataDir: string;
let app: Cardwright;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-tts-'));
  app = openCardwright({
    dataDir,
    systemsDir: join(root, 'card-schema', 'systems'),
    samplesDir: join(root, 'resources', 'samples'),
    fontsDir: join(root, 'resources', 'fonts'),
  });
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('TTS saved object', () => {
  it('numbers cards sheet × 100 + index, 69 faces a sheet', () => {
    expect(ttsSlot(0)).toEqual({ sheet: 0, column: 0, row: 0 });
    expect(ttsSlot(13)).toEqual({ sheet: 0, column: 3, row: 1 });
    expect(ttsSlot(TTS_FACES_PER_SHEET)).toEqual({ sheet: 1, column: 0, row: 0 });
    const saved = ttsSavedObject(
      'D',
      [
        { name: 'A', face: 0 },
        { name: 'A', face: 0 },
        { name: 'B', face: 70 },
      ],
      ['file:///s1.png', 'file:///s2.png'],
      'file:///back.png',
    );
    const deck = saved.ObjectStates[0];
    expect(deck.Name).toBe('DeckCustom');
    expect(deck.DeckIDs).toEqual([100, 100, 201]);
    expect(deck.CustomDeck['2']).toMatchObject({
      FaceURL: 'file:///s2.png',
      BackURL: 'file:///back.png',
      NumWidth: 10,
      NumHeight: 7,
      BackIsHidden: true,
    });
    expect(deck.ContainedObjects.map((card) => [card.Nickname, card.CardID])).toEqual([
      ['A', 100],
      ['A', 100],
      ['B', 201],
    ]);
  });
});

describe('exportTts', () => {
  it('writes a sample deck as the saved object, its sheet and back', { timeout: 60_000 }, async () => {
    const decks = await app.handlers.listDecks({ systemId: 'osmcg' });
    const summary = decks.find((deck) => deck.name === 'Ember Vanguard')!;
    const deck = await app.handlers.getDeck({ id: summary.id });
    const out = join(dataDir, 'tts');
    const started = Date.now();
    const result = await app.exportTts(deck, out);
    const seconds = (Date.now() - started) / 1000;
    expect(result.cards).toBe(31);
    expect(result.sheets).toBe(1);
    const saved = JSON.parse(readFileSync(result.jsonFile, 'utf8')) as {
      ObjectStates: {
        DeckIDs: number[];
        CustomDeck: Record<string, { FaceURL: string; BackURL: string }>;
        ContainedObjects: { Nickname: string }[];
      }[];
    };
    const object = saved.ObjectStates[0];
    expect(object.DeckIDs).toHaveLength(31);
    expect(object.ContainedObjects[0].Nickname).toBe('Pyra, Ashen Marshal');
    const sheetFile = fileURLToPath(object.CustomDeck['1'].FaceURL);
    expect(existsSync(sheetFile)).toBe(true);
    expect(existsSync(fileURLToPath(object.CustomDeck['1'].BackURL))).toBe(true);
    const meta = await sharp(sheetFile).metadata();
    expect(meta.width).toBe(TTS_FACE_WIDTH_PX * 10);
    if (process.env.TTS_KEEP) copyFileSync(sheetFile, process.env.TTS_KEEP);
    console.log(`TTS export of 31 cards (27 faces): ${seconds.toFixed(2)} s; sheet ${meta.width}×${meta.height}: ${sheetFile}`);
  });
});

describe('the exportTts job', () => {
  it(
    'saves a zip holding one folder: the saved object linking its sheets where "Extract here" puts them',
    { timeout: 60_000 },
    async () => {
      const summary = (await app.handlers.listDecks({ systemId: 'osmcg' })).find((deck) => deck.name === 'Ember Vanguard')!;
      const started = await app.handlers.startJob({ job: { kind: 'exportTts', deckId: summary.id }, saveAs: false });
      const status = await app.jobs.wait(started!.id);
      expect(status.state, JSON.stringify(status.error)).toBe('done');
      expect(status.result).toMatchObject({ cards: 31, sheets: 1, file: { fileName: 'Ember Vanguard.tts.zip' } });
      const blob = await app.handlers.jobOutput({ jobId: status.id, file: 'main' });
      const zipFile = join(dataDir, 'Ember Vanguard.tts.zip');
      writeFileSync(zipFile, blob.bytes);
      const extractTo = join(dataDir, 'extracted');
      // Every entry's CRC is checked, and extracted like a file manager's "Extract here".
      await extractZip(zipFile, extractTo);
      const folder = join(extractTo, 'Ember Vanguard (Tabletop Simulator)');
      const saved = JSON.parse(readFileSync(join(folder, 'Ember Vanguard.json'), 'utf8')) as {
        ObjectStates: { CustomDeck: Record<string, { FaceURL: string; BackURL: string }> }[];
      };
      const { FaceURL, BackURL } = saved.ObjectStates[0].CustomDeck['1'];
      expect(FaceURL.startsWith('file:///')).toBe(true);
      expect(decodeURIComponent(FaceURL).endsWith('/Ember Vanguard (Tabletop Simulator)/Ember Vanguard sheet 1.png')).toBe(true);
      expect(existsSync(join(folder, 'Ember Vanguard sheet 1.png'))).toBe(true);
      expect(decodeURIComponent(BackURL).endsWith('/Ember Vanguard (Tabletop Simulator)/Ember Vanguard back.png')).toBe(true);
      expect(existsSync(join(folder, 'Ember Vanguard back.png'))).toBe(true);
    },
  );
});
