// Builds the shareable game bundle (format "cardwright-system") from the tutorial's folder and
// sample set file:  node docs/tutorial/make-bundle.mjs
//
//   docs/tutorial/lantern-watch/              the game-system folder (system.json + the files it names,
//                                             its fonts and their licenses included)
//   docs/tutorial/lantern-watch-sample-set.json   a set file (format "cardwright-set")
//   -> docs/tutorial/lantern-watch.cardwright-system.json
//
// Works for any game: node make-bundle.mjs <system folder> <set file>... <output file>

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const here = import.meta.dirname;
const args = process.argv.slice(2);
const [folder, ...rest] =
  args.length >= 2
    ? args
    : [
        join(here, 'lantern-watch'),
        join(here, 'lantern-watch-sample-set.json'),
        join(here, 'lantern-watch.cardwright-system.json'),
      ];
const output = rest.pop();
const setFiles = rest;

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

// Every .json file under the folder, by its path relative to the folder ("schemas/keeper.schema.json").
const files = {};
const paths = readdirSync(folder, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
  .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
  .sort();
for (const path of paths) files[path] = readJson(join(folder, path));
const system = files['system.json'];
if (!system) throw new Error(`${folder} has no system.json`);

// The files the game's fonts name (each face's file, each license file), in base64.
const fontFiles = {};
for (const font of system.fonts ?? []) {
  for (const path of [...Object.values(font.files), font.license.file]) {
    if (path !== undefined) fontFiles[path] ??= readFileSync(join(folder, path)).toString('base64');
  }
}

// A set inside a bundle is a set file without its "format"/"formatVersion" envelope.
const sets = setFiles.map((file) => {
  const json = readJson(file);
  if (json.format !== 'cardwright-set') throw new Error(`${file} is not a set file (format "${json.format}")`);
  if (json.set.systemId !== system.id) throw new Error(`${file} belongs to "${json.set.systemId}", not "${system.id}"`);
  return { set: json.set, cards: json.cards };
});

const bundle = { format: 'cardwright-system', formatVersion: 3, system: { id: system.id, files, fontFiles }, sets };
writeFileSync(resolve(output), `${JSON.stringify(bundle, null, 2)}\n`);
console.log(
  `${relative(process.cwd(), resolve(output))}: ${paths.length} files, ${Object.keys(fontFiles).length} font and license files, ${sets.length} set(s), ${sets.reduce((n, s) => n + s.cards.length, 0)} cards`,
);
