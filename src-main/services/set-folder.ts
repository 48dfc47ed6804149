// A set as a folder, for keeping sets in git (docs/architecture.md, "Set folders"):
//   set.json                       { format, formatVersion, set: { id, systemId, name, … } }
//   cards/<name slug>-<8 hex>.json { id, doc }: one card each
//   images/<card file base>.<png|jpg|webp> the card's picture, named after its card file
//     (`<card file base>-<field>.<ext>` when a card has several); the card's image reference
//     names it: "art": { "file": "ember-drake-1a2b3c4d.png", "x": 0.5 } instead of "id"
// Folders written before pictures were named after cards hold images/<sha256>.<ext> and
// references by id; they read as before.
// Every JSON file is 2-space indented with a final newline; a card's keys follow its type's
// schema, nested keys are sorted, and a card's file name depends only on its name and id, so
// re-exporting an edited set changes only the files of the cards that changed.
//
// The folder is only another spelling of the set file: it converts to and from SetFileJson, and
// importing one goes through the set file's parser and import (set-files.ts) unchanged.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CardSetInfo, GameSystem } from '../../card-schema/system/format';
import type { FileBlob } from '../api/contract';
import { zipStore } from '../tts/zip-store';
import { ApiError } from '../api/api-error';
import { EXTENSION_OF, sha256Hex } from '../images/image-files';
import { sniffImageType } from '../images/image-type';
import { isImageRef } from '../../card-schema/system/image-field';
import type { StoredImageMime } from '../store/images-repo';
import { describeValue, invalidFile, isPlainObject, parseJsonText } from './file-format';
import { serializeSetFile, SET_FILE_FORMAT, SET_FILE_VERSION, type SetFileJson } from './set-files';
import { requireSet, type Library } from './library';
import { fileImagesOf } from '../images/file-images';

export const SET_FOLDER_FORMAT = 'cardwright-set-folder';
export const SET_FOLDER_VERSION = 1;
export const SET_FOLDER_MANIFEST = 'set.json';
const CARDS = 'cards';
/** The set's keys in this order, any others (newer metadata) after them, sorted. */
const SET_KEYS = ['id', 'systemId', 'name', 'code', 'version', 'author', 'license', 'description'];
/** Metadata left out of set.json while blank, so a set without it keeps a short, stable file. */
const OPTIONAL_SET_KEYS = new Set(['code', 'version', 'author', 'license']);
const IMAGES = 'images';

export interface FolderFile {
  /** "/"-separated, inside the folder. */
  path: string;
  bytes: Uint8Array;
}

/** A folder read back as a set file's text, and which card file each `cards[i]` came from. */
export interface ReadSetFolder {
  /** What messages call the set file: the folder's set.json. */
  fileName: string;
  text: string;
  /** `cards[i]`'s file, "cards/…json". */
  cardFiles: string[];
}

/** The folder's files for a set file (serializeSetFile's output). */
export function setFolderFiles(system: GameSystem | undefined, file: SetFileJson): FolderFile[] {
  const files: FolderFile[] = [
    {
      path: SET_FOLDER_MANIFEST,
      bytes: jsonBytes({
        format: SET_FOLDER_FORMAT,
        formatVersion: SET_FOLDER_VERSION,
        set: orderedObject(
          Object.fromEntries(Object.entries(file.set).filter(([key, value]) => !(OPTIONAL_SET_KEYS.has(key) && value === ''))),
          SET_KEYS,
        ),
      }),
    },
  ];
  const names = cardFileNames(file.cards);
  file.cards.forEach((card, index) => {
    const order = system?.cardTypes.find((type) => type.id === card.doc.type)?.schema.properties;
    const base = names[index].replace(/\.json$/, '');
    const pictures = cardPictures(card.doc, base, file.images);
    for (const picture of pictures.files) files.push({ path: `${IMAGES}/${picture.name}`, bytes: picture.bytes });
    const doc = orderedObject(pictures.doc, Object.keys(order ?? {}));
    files.push({ path: `${CARDS}/${names[index]}`, bytes: jsonBytes({ id: card.id, doc }) });
  });
  return files;
}

/** Where an image reference sits in a card: its keys and indexes from the document's root. */
type RefPath = (string | number)[];

/** Every image reference of a document with its path (iterative: nesting is the game's to choose). */
function imageRefsOf(doc: Record<string, unknown>): { path: RefPath; ref: Record<string, unknown> }[] {
  const found: { path: RefPath; ref: Record<string, unknown> }[] = [];
  const stack: { path: RefPath; value: unknown }[] = [{ path: [], value: doc }];
  while (stack.length > 0) {
    const { path, value } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (path.length > 0 && isImageRef(value)) {
      found.push({ path, ref: value as unknown as Record<string, unknown> });
      continue;
    }
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((item, i) => [i, item])
      : Object.entries(value);
    for (const [key, child] of entries.reverse()) stack.push({ path: [...path, key], value: child });
  }
  return found;
}

/** A copy of `doc` with `value` at `path`. */
function withValueAt(doc: unknown, path: RefPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(doc)) return doc.map((item, i) => (i === head ? withValueAt(item, rest, value) : item));
  const record = doc as Record<string, unknown>;
  return { ...record, [head]: withValueAt(record[head], rest, value) };
}

/**
 * The card's pictures as files named after its card file (`base.png`, or `base-<field>.png` when it
 * has several), and its document referencing them by file name. A reference to a picture the
 * file does not carry (the library lacks it) stays an id.
 */
function cardPictures(
  doc: Record<string, unknown>,
  base: string,
  images: SetFileJson['images'],
): { doc: Record<string, unknown>; files: { name: string; bytes: Uint8Array }[] } {
  const refs = imageRefsOf(doc).filter(({ ref }) => Object.hasOwn(images, ref.id as string));
  const files: { name: string; bytes: Uint8Array }[] = [];
  const taken = new Set<string>();
  let out: unknown = doc;
  for (const { path, ref } of refs) {
    const image = images[ref.id as string];
    const stem = refs.length === 1 ? base : `${base}-${slug(path.join('-'))}`;
    let name = `${stem}.${EXTENSION_OF[image.mime]}`;
    for (let n = 2; taken.has(name); n++) name = `${stem}-${n}.${EXTENSION_OF[image.mime]}`;
    taken.add(name);
    files.push({ name, bytes: Buffer.from(image.data, 'base64') });
    const { id: _id, ...crop } = ref;
    out = withValueAt(out, path, { file: name, ...crop });
  }
  return { doc: out as Record<string, unknown>, files };
}

/** A folder card's reference to a picture by file name: `{ "file": "…png", "x"?, "y"?, "zoom"? }`. */
function isFileRef(value: unknown): value is { file: string } {
  if (!isPlainObject(value) || typeof value.file !== 'string' || Object.hasOwn(value, 'id')) return false;
  return Object.keys(value).every((key) => key === 'file' || key === 'x' || key === 'y' || key === 'zoom');
}

/**
 * The card document with its references by file name turned back into image ids; a name the
 * folder's images/ lacks is refused, naming the card file and the place.
 */
function resolveFileRefs(path: string, doc: Record<string, unknown>, idOf: ReadonlyMap<string, string>): void {
  const stack: { where: string; value: unknown }[] = [{ where: '/doc', value: doc }];
  while (stack.length > 0) {
    const { where, value } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item, i) => [String(i), item])
      : Object.entries(value as Record<string, unknown>);
    for (const [key, child] of entries) {
      if (isFileRef(child)) {
        const id = idOf.get(child.file);
        if (id === undefined) throw invalidFile(path, `${where}/${key}/file: "${child.file}" is not a picture in ${IMAGES}/`);
        const { file: _file, ...crop } = child as Record<string, unknown>;
        const ref = { id, ...crop };
        if (Array.isArray(value)) value[Number(key)] = ref;
        else (value as Record<string, unknown>)[key] = ref;
      } else stack.push({ where: `${where}/${key}`, value: child });
    }
  }
}

/**
 * Writes the files into `dir` (made if missing). Card and image files of an earlier export that
 * the set no longer has are removed, so importing the folder does not bring deleted cards back;
 * a folder that is not empty and holds no set folder is refused rather than written into.
 */
export function writeSetFolder(dir: string, files: readonly FolderFile[], setId: string): void {
  const manifest = join(dir, SET_FOLDER_MANIFEST);
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new ApiError(`${dir} is a file, not a folder`, 'BAD_INPUT');
    if (existsSync(manifest)) {
      const previous = manifestSetId(manifest);
      if (previous !== undefined && previous !== setId) {
        throw new ApiError(`${dir} holds another set (id "${previous}"); export into a new folder`, 'CONFLICT');
      }
    } else if (readdirSync(dir).length > 0) {
      throw new ApiError(
        `${dir} is not empty and holds no ${SET_FOLDER_MANIFEST}; export into a new or empty folder`,
        'CONFLICT',
      );
    }
  }
  const keep = new Set(files.map((file) => file.path));
  for (const sub of [CARDS, IMAGES]) {
    const folder = join(dir, sub);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder)) {
      const ours = sub === CARDS ? name.endsWith('.json') : PICTURE_FILE.test(name);
      if (ours && !keep.has(`${sub}/${name}`)) rmSync(join(folder, name), { force: true });
    }
  }
  for (const sub of [CARDS, IMAGES]) mkdirSync(join(dir, sub), { recursive: true });
  for (const file of files) writeFileSync(join(dir, ...file.path.split('/')), file.bytes);
}

/** An older folder's picture, named by its SHA-256. */
const IMAGE_FILE = /^([0-9a-f]{64})\.(png|jpg|webp)$/;
/** A picture named after its card (or by its hash). */
const PICTURE_FILE = /\.(png|jpe?g|webp)$/i;
const SNIFFED_MIME: Partial<Record<string, StoredImageMime>> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/**
 * Reads a set folder as set file text for parseSetFile / the importSet job. What only the folder
 * can get wrong (a broken card file, a stray picture, a repeated id) is refused here, naming
 * the file inside the folder; cards come in file-name order.
 */
export function readSetFolder(dir: string): ReadSetFolder {
  const files: FolderFile[] = [];
  if (existsSync(join(dir, SET_FOLDER_MANIFEST)))
    files.push({ path: SET_FOLDER_MANIFEST, bytes: readFileSync(join(dir, SET_FOLDER_MANIFEST)) });
  for (const sub of [CARDS, IMAGES])
    for (const name of listFiles(dir, sub)) files.push({ path: `${sub}/${name}`, bytes: readFileSync(join(dir, sub, name)) });
  return setFolderText(files);
}

/**
 * The same from the folder's files (a folder picked in the app arrives as a list of files):
 * set.json, cards/*.json and images/*; hidden files (".git", ".DS_Store") are skipped, anything
 * else is refused by name.
 */
export function setFolderText(files: readonly FolderFile[]): ReadSetFolder {
  const visible = files.filter((file) => !file.path.split('/').some((part) => part.startsWith('.')));
  const manifestFile = visible.find((file) => file.path === SET_FOLDER_MANIFEST);
  if (!manifestFile)
    throw new ApiError(
      `${SET_FOLDER_MANIFEST}: missing; a set folder has a ${SET_FOLDER_MANIFEST} beside cards/ and images/`,
      'INVALID_FILE',
    );
  const manifestName = SET_FOLDER_MANIFEST;
  const manifest = parseJsonText(manifestName, Buffer.from(manifestFile.bytes).toString('utf8'));
  if (!isPlainObject(manifest)) throw invalidFile(manifestName, `expected a JSON object, found ${describeValue(manifest)}`);
  if (manifest.format !== SET_FOLDER_FORMAT)
    throw invalidFile(manifestName, `"format" must be "${SET_FOLDER_FORMAT}", found ${describeValue(manifest.format)}`);
  const version = manifest.formatVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1 || version > SET_FOLDER_VERSION) {
    throw invalidFile(
      manifestName,
      `"formatVersion" must be 1 to ${SET_FOLDER_VERSION}, found ${JSON.stringify(version) ?? 'nothing'}`,
    );
  }
  const inFolder = (sub: string) =>
    visible
      .filter((file) => file.path.startsWith(`${sub}/`))
      .map((file) => {
        const name = file.path.slice(sub.length + 1);
        if (name.includes('/')) throw invalidFile(file.path, `only files belong in ${sub}/`);
        return { name, bytes: file.bytes };
      })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const stray = visible.find(
    (file) => file.path !== SET_FOLDER_MANIFEST && !file.path.startsWith(`${CARDS}/`) && !file.path.startsWith(`${IMAGES}/`),
  );
  if (stray) throw invalidFile(stray.path, `not part of a set folder (${SET_FOLDER_MANIFEST}, ${CARDS}/ and ${IMAGES}/)`);

  // The pictures first: the cards' references by file name become their ids.
  const images: Record<string, { mime: StoredImageMime; data: string }> = {};
  const idOfFile = new Map<string, string>();
  for (const { name, bytes } of inFolder(IMAGES)) {
    const path = `${IMAGES}/${name}`;
    const match = IMAGE_FILE.exec(name);
    if (match) {
      if (sha256Hex(bytes) !== match[1]) throw invalidFile(path, "the picture's bytes do not match its name (their SHA-256)");
      const mime = (Object.keys(EXTENSION_OF) as StoredImageMime[]).find((type) => EXTENSION_OF[type] === match[2])!;
      images[match[1]] = { mime, data: Buffer.from(bytes).toString('base64') };
      idOfFile.set(name, match[1]);
      continue;
    }
    if (!PICTURE_FILE.test(name)) throw invalidFile(path, 'only pictures (.png, .jpg or .webp) belong in images/');
    const sniffed = sniffImageType(bytes);
    const mime = sniffed === undefined ? undefined : SNIFFED_MIME[sniffed];
    if (!mime) throw invalidFile(path, 'this is not a PNG, JPEG or WebP picture');
    const id = sha256Hex(bytes);
    images[id] = { mime, data: Buffer.from(bytes).toString('base64') };
    idOfFile.set(name, id);
  }

  const cardFiles = inFolder(CARDS).filter(({ name }) => {
    if (name.endsWith('.json')) return true;
    throw invalidFile(`${CARDS}/${name}`, 'only card files (.json) belong in cards/');
  });
  const cards: { id?: unknown; doc: unknown }[] = [];
  const firstFileOf = new Map<string, string>();
  for (const { name, bytes } of cardFiles) {
    const path = `${CARDS}/${name}`;
    const value = parseJsonText(path, Buffer.from(bytes).toString('utf8'));
    if (!isPlainObject(value)) throw invalidFile(path, `expected an object with "id" and "doc", found ${describeValue(value)}`);
    const unknown = Object.keys(value).filter((key) => key !== 'id' && key !== 'doc');
    if (unknown.length > 0) throw invalidFile(path, `/${unknown[0]}: not part of a card file (it holds "id" and "doc")`);
    if (!isPlainObject(value.doc))
      throw invalidFile(path, `/doc: must be the card, an object; found ${describeValue(value.doc)}`);
    resolveFileRefs(path, value.doc, idOfFile);
    if (value.id !== undefined) {
      if (typeof value.id !== 'string' || value.id.length === 0 || value.id.length > 200)
        throw invalidFile(path, `/id: must be text of 1 to 200 characters, found ${describeValue(value.id)}`);
      const first = firstFileOf.get(value.id);
      if (first !== undefined) throw invalidFile(path, `/id: "${value.id}" is also the id of ${first}`);
      firstFileOf.set(value.id, path);
    }
    cards.push(value.id === undefined ? { doc: value.doc } : { id: value.id, doc: value.doc });
  }

  const json = { format: SET_FILE_FORMAT, formatVersion: SET_FILE_VERSION, set: manifest.set, cards, images };
  return { fileName: manifestName, text: JSON.stringify(json), cardFiles: cardFiles.map(({ name }) => `${CARDS}/${name}`) };
}

/** Whether `path` is a folder (the CLI reads a folder as a set folder, anything else as a file). */
export function isFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

/** File names of the cards: `<slug>-<8 hex of the id's SHA-256>.json`, longer where two would clash. */
export function cardFileNames(cards: readonly { id: string; doc: { name: string } }[]): string[] {
  const names = cards.map((card) => `${slug(card.doc.name)}-${idHash(card.id).slice(0, 8)}`);
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return names.map((name, index) =>
    // The full hash only where eight digits clash (different ids): still a function of name and id.
    counts.get(name)! > 1 ? `${slug(cards[index].doc.name)}-${idHash(cards[index].id)}.json` : `${name}.json`,
  );
}

/** "Ember Drake!" → "ember-drake"; letters of any script are kept, accents dropped; at most 48 characters. */
export function slug(name: string): string {
  const text = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const cut = [...text].slice(0, 48).join('').replace(/-+$/, '');
  return cut || 'card';
}

function idHash(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

function listFiles(dir: string, sub: string): string[] {
  const folder = join(dir, sub);
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .map((entry) => {
      if (!entry.isFile()) throw invalidFile(`${sub}/${entry.name}`, `only files belong in ${sub}/`);
      return entry.name;
    })
    .sort();
}

function manifestSetId(path: string): string | undefined {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    const set = isPlainObject(value) ? value.set : undefined;
    return isPlainObject(set) && typeof set.id === 'string' ? set.id : undefined;
  } catch {
    return undefined;
  }
}

/** 2-space JSON with a final newline; objects keep the key order they were built in. */
function jsonBytes(value: unknown): Uint8Array {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
}

/** `first` keys in that order, then the others sorted; nested objects sorted throughout. */
function orderedObject(value: Record<string, unknown>, first: readonly string[]): Record<string, unknown> {
  const keys = [
    ...first.filter((key) => Object.hasOwn(value, key)),
    ...Object.keys(value)
      .filter((key) => !first.includes(key))
      .sort(),
  ];
  return Object.fromEntries(keys.map((key) => [key, sortedKeys(value[key])]));
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isPlainObject(value)) return value;
  return orderedObject(value, []);
}

/** The set's folder files, its pictures included. */
function libraryFolderFiles(
  lib: Library,
  setId: string,
): { set: CardSetInfo; files: FolderFile[]; cards: number; images: number } {
  const set = requireSet(lib, setId);
  const cards = lib.store.cards.listBySet(set.id);
  const images = fileImagesOf(
    lib.images,
    cards.map((card) => card.doc),
  );
  const files = setFolderFiles(lib.systems.find(set.systemId), serializeSetFile(set, cards, images));
  return { set, files, cards: cards.length, images: Object.keys(images).length };
}

/** The set as a folder in `dir`, its pictures included (the CLI's `export set --to folder`). */
export function exportSetFolder(lib: Library, setId: string, dir: string): { cards: number; images: number } {
  const { files, cards, images } = libraryFolderFiles(lib, setId);
  writeSetFolder(dir, files, setId);
  return { cards, images };
}

/** The set's folder as a zip holding one folder named after the set (the app's "Set folder (.zip)"). */
export function setFolderZip(lib: Library, setId: string): FileBlob {
  const { set, files } = libraryFolderFiles(lib, setId);
  const folder = slug(set.name) === 'card' ? 'set' : slug(set.name);
  const zip = zipStore(files.map((file) => ({ name: `${folder}/${file.path}`, bytes: file.bytes })));
  return { fileName: `${folder}.set-folder.zip`, mimeType: 'application/zip', bytes: zip };
}
