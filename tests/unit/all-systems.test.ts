// Every built-in game system, checked the same way: it loads, it ships samples in
// resources/samples/<id>/, every sample card is valid, every card type has a sample card,
// `deck-legal*` / `deck-boss*` decks are legal and `deck-illegal*` decks are not, ids
// carry the system's id so games can never collide in one library, and every sample card lays
// out without a print warning, its embedded art included (a designer's first start shows
// clean cards).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { artWarnings, type ImageSize } from '../../card-schema/layout/art-warnings';
import type { CardDrawing } from '../../card-schema/layout/format';
import { imagePlacement } from '../../card-schema/layout/image-placement';
import { hasOwnBack, layoutCard, layoutCardBack } from '../../card-schema/layout/layout-card';
import { imageIdsInDoc } from '../../card-schema/system/image-field';
import { checkSampleImage } from '../../src-main/images/sample-images';
import { loadGameSystems } from '../../src-main/services/game-systems';
import { ROOT, loadSamples } from './systems/harness';

const SYSTEMS_DIR = join(ROOT, 'card-schema/systems');
const { systems, errors } = loadGameSystems(SYSTEMS_DIR);

describe('built-in game systems', () => {
  it('all load without errors', () => {
    expect(errors.map((error) => error.message)).toEqual([]);
    const folders = readdirSync(SYSTEMS_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(systems.map((system) => system.id).sort()).toEqual(folders.sort());
  });

  it('are listed in the order of order.json, OSMCG (the primary game) first', () => {
    const { order } = JSON.parse(readFileSync(join(SYSTEMS_DIR, 'order.json'), 'utf8')) as { order: string[] };
    expect(systems.map((system) => system.id)).toEqual(order);
    expect(order[0]).toBe('osmcg');
  });

  it('include the five seed games', () => {
    expect(systems.map((system) => system.id)).toEqual(
      expect.arrayContaining(['osmcg', 'muhq', 'odd-frontier', 'miscrits', 'omms']),
    );
  });
});

describe.each(systems.map((system) => [system.id]))('%s samples', (systemId) => {
  const samples = loadSamples(systemId);

  it('are valid cards covering every card type', () => {
    expect(samples.invalidCards()).toEqual([]);
    const covered = new Set(samples.cards.map((card) => card.doc.type));
    expect(samples.system.cardTypes.map((type) => type.id).filter((type) => !covered.has(type))).toEqual([]);
  });

  it('use ids that start with the system id', () => {
    for (const card of samples.cards) expect(card.id.startsWith(`${systemId}-`), card.id).toBe(true);
    for (const [file, deck] of samples.decks) {
      expect(deck.systemId, file).toBe(systemId);
      expect(deck.id?.startsWith(`${systemId}-`), `${file}: deck.id ${deck.id}`).toBe(true);
    }
    expect(new Set(samples.cards.map((card) => card.id)).size).toBe(samples.cards.length);
  });

  it('include a legal deck and an illegal one, judged as named', () => {
    const files = [...samples.decks.keys()];
    expect(files.some((file) => file.startsWith('deck-legal'))).toBe(true);
    expect(files.some((file) => file.startsWith('deck-illegal'))).toBe(true);
    for (const file of files) {
      const report = samples.judge(file);
      if (file.startsWith('deck-illegal')) expect(report.legal, `${file} should be illegal`).toBe(false);
      else
        expect(
          report.violations.map((v) => v.message),
          `${file} should be legal`,
        ).toEqual([]);
      // Every violation names what is wrong in a sentence.
      for (const violation of report.violations) expect(violation.message).toMatch(/\S.*[.)]$/);
    }
  });

  it('carry exactly the pictures their cards show, as JPEGs seeding accepts', () => {
    const shown = new Set(samples.cards.flatMap((card) => [...imageIdsInDoc(card.doc)]));
    expect([...samples.images.keys()].sort()).toEqual([...shown].sort());
    // Seeding checks each picture without decoding it: its bytes hash to its id, and it is a JPEG.
    for (const [id, image] of samples.images) expect(() => checkSampleImage(systemId, id, image), id).not.toThrow();
  });

  it('lay out without warnings, their art printing sharp and barely cropped', async () => {
    // The pictures' sizes as the image library reads them on import (sharp), which must be the
    // ones seeding reads from the JPEG frame header.
    const sizes = new Map<string, ImageSize>();
    for (const [id, image] of samples.images) {
      const { width, height } = await sharp(Buffer.from(image.data, 'base64')).metadata();
      expect(checkSampleImage(systemId, id, image), id).toMatchObject({ width, height });
      sizes.set(id, { width, height });
    }
    const drawings: [string, CardDrawing][] = [[`${systemId} shared back`, layoutCardBack(samples.system)]];
    for (const card of samples.cards) {
      drawings.push([card.id, layoutCard(samples.system, card.doc)]);
      if (hasOwnBack(samples.system, card.doc)) drawings.push([`${card.id} back`, layoutCardBack(samples.system, card.doc)]);
    }
    const warnings = drawings.flatMap(([label, drawing]) =>
      [...(drawing.warnings ?? []), ...artWarnings(drawing, (id) => sizes.get(id))].map(
        (warning) => `${label} ${warning.pointer}: ${warning.message}`,
      ),
    );
    expect(warnings).toEqual([]);
    // artWarnings says nothing about a picture it has no size for: every picture drawn has one.
    // And the picture's proportions suit its box: cover shows at least two thirds of it.
    for (const [label, drawing] of drawings) {
      for (const op of drawing.ops) {
        if (op.op !== 'image') continue;
        const size = sizes.get(op.image);
        expect(size, `${label}: picture ${op.image} is not in the set files`).toBeDefined();
        const placed = imagePlacement(op, size!.width, size!.height);
        const shown = Math.min(1, (op.w * op.h) / (placed.w * placed.h));
        expect(shown, `${label}: the box shows ${Math.round(shown * 100)}% of the picture`).toBeGreaterThanOrEqual(2 / 3);
      }
    }
  });
});
