// The Cockatrice set export: card properties from the game's `exports.cockatrice` (pure), and
// the exportCockatrice job's zip — its XML valid against Cockatrice's own cards.xsd (libxml2, as xmllint checks it),
// read back card by card, and a PNG picture per card where Cockatrice looks for it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import {
  cockatriceCard,
  cockatriceDatabaseXml,
  cockatricePictureName,
  cockatriceSetCode,
  fillTemplate,
} from '../../card-schema/exports/cockatrice';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import { appPaths } from '../../src-main/app-paths';
import { COCKATRICE_PICTURE_WIDTH_PX } from '../../src-main/cockatrice/cockatrice-export';
import { validateXmlFile, xpathValue as xpath } from '../support/xml-check';
import { extractZip } from '../support/zip-files';

const root = resolve(__dirname, '../..');
const XSD = join(root, 'tests', 'fixtures', 'cockatrice', 'cards.xsd');
let dataDir: string;
let app: Cardwright;
let osmcg: GameSystem;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-cockatrice-'));
  app = openCardwright({ dataDir, ...appPaths(root), samplesDir: join(dataDir, 'none') });
  osmcg = await app.handlers.getSystem({ systemId: 'osmcg' });
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const creature: CardDocument = {
  type: 'creature',
  name: 'Cinder Pup',
  colors: ['red', 'blue'],
  cost: 2,
  atk: 1,
  hp: 3,
  spd: 5,
  ap: 2,
};
const spell: CardDocument = {
  type: 'spell',
  name: 'Spark Shower',
  colors: ['neutral'],
  cost: 1,
  speed: 'Quick',
  text: 'Deal 1 damage.',
};

describe('a card as Cockatrice reads it', () => {
  it("maps the game's fields: type, cost, identity letters, templates, table rows", () => {
    expect(cockatriceCard(osmcg, creature)).toEqual({
      name: 'Cinder Pup',
      text: '',
      props: [
        ['type', 'Creature'],
        ['maintype', 'Creature'],
        ['cmc', '2'],
        ['colors', 'RU'],
        ['coloridentity', 'RU'],
        ['manacost', '2'],
        ['pt', '1/3'],
      ],
      tablerow: 2,
    });
    // A neutral card has no colors; a spell has no power/toughness; spells go to row 3.
    const card = cockatriceCard(osmcg, spell);
    expect(card.props).toEqual([
      ['type', 'Spell'],
      ['maintype', 'Spell'],
      ['cmc', '1'],
      ['manacost', '1'],
    ]);
    expect(card).toMatchObject({ text: 'Deal 1 damage.', tablerow: 3 });
  });

  it('fills templates from fields, lists joined, and leaves out what a card lacks', () => {
    const doc: CardDocument = { type: 't', name: 'n', a: 1, list: ['x', 'y'], nested: { b: 1 } };
    expect(fillTemplate('{a}/{a}', doc)).toBe('1/1');
    expect(fillTemplate('{list}', doc)).toBe('x, y');
    expect(fillTemplate('{a}/{missing}', doc)).toBeUndefined();
    expect(fillTemplate('{nested}', doc)).toBeUndefined();
    expect(fillTemplate('{constructor}', doc)).toBeUndefined();
  });

  it('names pictures as Cockatrice looks them up, and sets by their initials', () => {
    expect(cockatricePictureName('Fire // Ice')).toBe('FireIce');
    expect(cockatricePictureName('Who/What: "Why"?')).toBe('Who What Why');
    expect(cockatriceSetCode('OSMCG Starter Set')).toBe('OSS');
    expect(cockatriceSetCode('Überwald')).toBe('UBERWA');
    expect(cockatriceSetCode('★')).toBe('CUSTOM');
  });

  it('writes XML that holds any text: escaped, characters XML cannot hold dropped', () => {
    const xml = cockatriceDatabaseXml(
      { code: 'T&T', name: 'Tea <& "Toast">' },
      [{ name: 'Odd\u0001 \ud800Name', text: "it's <b>", props: [['type', 'A & B']], tablerow: 1 }],
      '2026-01-01',
    );
    const file = join(dataDir, 'odd.xml');
    writeFileSync(file, xml);
    validateXmlFile(file, XSD);
    expect(xpath(file, 'string(//card/name)')).toBe('Odd Name');
    expect(xpath(file, 'string(//card/text)')).toBe("it's <b>");
    expect(xpath(file, 'string(//sets/set/longname)')).toBe('Tea <& "Toast">');
  });
});

describe('the exportCockatrice job', () => {
  it(
    'saves a zip of the set XML (valid against cards.xsd) and a picture per card where Cockatrice looks',
    { timeout: 120_000 },
    async () => {
      const set = await app.handlers.createSet({ systemId: 'osmcg', name: 'Ember & Tide', description: '' });
      const docs = [
        creature,
        spell,
        { ...spell, name: 'Who/What?', text: 'Line one\nline two ✨ 火' },
        { ...spell, name: 'spark shower' },
      ];
      for (const doc of docs) {
        const saved = await app.handlers.saveCard({ setId: set.id, doc });
        expect(saved.ok, JSON.stringify(saved)).toBe(true);
      }
      const started = await app.handlers.startJob({ job: { kind: 'exportCockatrice', setId: set.id }, saveAs: false });
      const status = await app.jobs.wait(started!.id);
      expect(status.state, JSON.stringify(status.error)).toBe('done');
      expect(status.result).toMatchObject({
        cards: 3,
        skipped: ['spark shower'],
        file: { fileName: 'Ember & Tide.cockatrice.zip' },
      });

      const blob = await app.handlers.jobOutput({ jobId: status.id, file: 'main' });
      const zipFile = join(dataDir, 'set.zip');
      writeFileSync(zipFile, blob.bytes);
      const out = join(dataDir, 'cockatrice-data');
      await extractZip(zipFile, out);
      const xmlFile = join(out, 'customsets', 'Ember & Tide.xml');
      validateXmlFile(xmlFile, XSD);
      expect(xpath(xmlFile, 'string(/cockatrice_carddatabase/@version)')).toBe('4');
      expect(xpath(xmlFile, 'string(//sets/set/name)')).toBe('ET');
      expect(xpath(xmlFile, 'count(//cards/card)')).toBe('3');
      expect(xpath(xmlFile, 'string(//card[name="Cinder Pup"]/prop/pt)')).toBe('1/3');
      expect(xpath(xmlFile, 'string(//card[name="Cinder Pup"]/set)')).toBe('ET');
      expect(xpath(xmlFile, 'string(//card[name="Who/What?"]/text)')).toBe('Line one\nline two ✨ 火');

      const pictures = join(out, 'pics', 'CUSTOM', 'Ember & Tide');
      expect(readdirSync(pictures).sort()).toEqual(['Cinder Pup.png', 'Spark Shower.png', 'Who What.png']);
      const meta = await sharp(join(pictures, 'Cinder Pup.png')).metadata();
      expect(meta).toMatchObject({ format: 'png', width: COCKATRICE_PICTURE_WIDTH_PX, height: Math.round((488 * 88) / 63) });
      // The face is drawn, not blank: the layout's frame and text differ from the paper.
      const stats = await sharp(join(pictures, 'Cinder Pup.png')).stats();
      expect(stats.channels[0].stdev).toBeGreaterThan(10);
      expect(readFileSync(join(out, 'README.txt'), 'utf8')).toContain('spark shower');
      expect(existsSync(join(out, 'customsets'))).toBe(true);
    },
  );

  it('refuses an empty set by name', async () => {
    const set = await app.handlers.createSet({ systemId: 'osmcg', name: 'Nothing Yet', description: '' });
    const started = await app.handlers.startJob({ job: { kind: 'exportCockatrice', setId: set.id }, saveAs: false });
    const status = await app.jobs.wait(started!.id);
    expect(status.state).toBe('failed');
    expect(status.error?.message).toBe('Set “Nothing Yet” has no cards to export');
  });
});
