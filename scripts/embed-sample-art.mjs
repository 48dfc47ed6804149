// Puts generated art (scripts/make-sample-art.mjs) into a sample set file: each card with a
// picture <card id>.jpg in the folder gets `"art": { "id": <SHA-256> }`, and the file's `images`
// carries the bytes (set file format 2). Run by hand:
//   node scripts/embed-sample-art.mjs <set.json> <art-dir> <game folder>
// Only cards whose type declares an `art` field (in the game folder's schemas) get one.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [setFile, artDir, systemDir] = process.argv.slice(2);
if (!setFile || !artDir || !systemDir) {
  console.error('usage: node scripts/embed-sample-art.mjs <set.json> <art-dir> <game folder>');
  process.exit(1);
}
const system = JSON.parse(readFileSync(join(systemDir, 'system.json'), 'utf8'));
const typesWithArt = new Set(
  system.cardTypes
    .filter((type) => {
      const schema =
        typeof type.schema === 'string' ? JSON.parse(readFileSync(join(systemDir, type.schema), 'utf8')) : type.schema;
      return schema.properties?.art?.['x-kind'] === 'image';
    })
    .map((type) => type.id),
);
const text = readFileSync(setFile, 'utf8');
const set = JSON.parse(text);
const images = {};
let count = 0;
for (const card of set.cards) {
  const file = join(artDir, `${card.id}.jpg`);
  if (!existsSync(file) || !typesWithArt.has(card.doc.type)) continue;
  const bytes = readFileSync(file);
  const id = createHash('sha256').update(bytes).digest('hex');
  card.doc.art = { id };
  images[id] = { mime: 'image/jpeg', data: bytes.toString('base64') };
  count++;
}
set.formatVersion = Math.max(set.formatVersion ?? 1, 2);
set.images = images;
const second = text.split('\n')[1] ?? '';
const indent = second.length - second.trimStart().length || 2;
writeFileSync(setFile, `${JSON.stringify(set, null, indent)}${text.endsWith('\n') ? '\n' : ''}`);
console.log(`${count} cards of ${setFile} have art`);
