// Game-system bundles: one shareable file holding a system folder's JSON files, the files its
// fonts declare (font and license files, in base64) and the sets of that game. Import writes the folder into the user's systems folder only after it loads
// cleanly (same loader and checks as the built-in systems) and its sets imported, all or
// nothing. Built-in systems cannot be overwritten; a user system with the same id is replaced.

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { GameSystem } from '../../card-schema/system/format';
import { FONT_FACES } from '../../card-schema/layout/format';
import type { FileBlob, ImportSystemResult, RemoveSystemResult } from '../api/contract';
import { ApiError } from '../api/api-error';
import type { Library } from './library';
import { describeValue, invalidFile, isPlainObject, jsonBlob, parseJsonText, readEnvelope, safeFileName } from './file-format';
import { GameSystemLoadError, loadGameSystem } from './game-systems';
import { NO_PROGRESS, type JobProgress } from '../jobs/job-progress';
import type { GameFolders } from './system-folder-journal';
import { removeGameToTrash } from './trash';
import { importSetContent, parseSetFile, SET_FILE_FORMAT, SET_FILE_VERSION, serializeSetFile } from './set-files';
import { fileImagesOf, parseFileImages, verifyFileImages, type FileImage, type FileImagesJson } from '../images/file-images';

export const SYSTEM_BUNDLE_FORMAT = 'cardwright-system';
/**
 * 1: files and sets; 2: plus `images`, the pictures the sets' cards reference; 3: plus
 * `system.fontFiles`, the files the game's fonts declare (older bundles still import).
 */
export const SYSTEM_BUNDLE_VERSION = 3;
const MAX_FILES = 500;
/** A game declares at most 16 fonts of 3 faces, each with a license file. */
const MAX_FONT_FILES = 64;
/** The longest file or folder name common file systems (ext4, NTFS, APFS) allow. */
const MAX_SEGMENT = 255;
/** Relative paths without "." or ".." segments: folders, then a file name. */
const SAFE_FOLDERS = '(?:[A-Za-z0-9_][A-Za-z0-9_-]*(?:\\.[A-Za-z0-9_-]+)*\\/)*[A-Za-z0-9_][A-Za-z0-9_.-]*';
/** Paths of the JSON files. */
const SAFE_PATH = new RegExp(`^${SAFE_FOLDERS}\\.json$`);
/** Paths of font files and license files (what a game's fonts may declare). */
const SAFE_FONT_PATH = new RegExp(`^${SAFE_FOLDERS}\\.(?:ttf|otf|txt|md)$`, 'i');
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface SystemBundleJson {
  format: typeof SYSTEM_BUNDLE_FORMAT;
  formatVersion: number;
  /** `fontFiles`: each file the game's fonts declare (font files, license files) in base64, by path. */
  system: { id: string; files: Record<string, unknown>; fontFiles: Record<string, string> };
  sets: { set: unknown; cards: unknown }[];
  images: FileImagesJson;
}

/** The files a loaded game's fonts name: each face's file and each license file, in order, once. */
function fontFilePaths(system: GameSystem): string[] {
  const paths = new Set<string>();
  for (const font of system.fonts ?? []) {
    for (const face of FONT_FACES) if (font.files[face] !== undefined) paths.add(font.files[face]);
    if (font.license.file !== undefined) paths.add(font.license.file);
  }
  return [...paths];
}

function jsonFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** A game folder as a bundle holds it: its JSON files parsed, and the files its fonts name in base64, by path. */
export interface GameFiles {
  files: Record<string, unknown>;
  fontFiles: Record<string, string>;
}

export function readGameFolder(dir: string, system: GameSystem): GameFiles {
  const files: Record<string, unknown> = {};
  for (const file of jsonFilesUnder(dir)) files[file] = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  return { files, fontFiles: readFontFiles(dir, system) };
}

/** The files a game's fonts name, in base64 by path (what a staged copy of the game needs besides its JSON). */
export function readFontFiles(dir: string, system: GameSystem): Record<string, string> {
  const fontFiles: Record<string, string> = {};
  for (const path of fontFilePaths(system)) fontFiles[path] = readFileSync(join(dir, ...path.split('/'))).toString('base64');
  return fontFiles;
}

export function exportSystemBundle(lib: Library, systemId: string, progress: JobProgress = NO_PROGRESS): FileBlob {
  const system = lib.systems.require(systemId);
  const installed = lib.systems.installed(systemId);
  if (!installed) throw new ApiError(`No game system "${systemId}" is installed`, 'NOT_FOUND');
  const { files, fontFiles } = readGameFolder(installed.dir, system);
  const systemSets = lib.store.sets.list().filter((set) => set.systemId === systemId);
  const docs: unknown[] = [];
  const sets = systemSets.map((set, index) => {
    progress.report('Reading sets', index, systemSets.length);
    const { set: header, cards } = serializeSetFile(set, lib.store.cards.listBySet(set.id));
    for (const card of cards) docs.push(card.doc);
    return { set: header, cards };
  });
  progress.report('Reading images', 0, 1);
  const bundle: SystemBundleJson = {
    format: SYSTEM_BUNDLE_FORMAT,
    formatVersion: SYSTEM_BUNDLE_VERSION,
    system: { id: system.id, files, fontFiles },
    sets,
    images: fileImagesOf(lib.images, docs),
  };
  return jsonBlob(safeFileName(system.name, '.cardwright-system.json'), bundle);
}

interface ParsedBundle {
  systemId: string;
  files: Record<string, unknown>;
  /** Font and license files by path, in base64 (shape checked; the loader checks the fonts). */
  fontFiles: Record<string, string>;
  sets: unknown[];
  /** The bundle's pictures, and any a set of it carries itself. */
  images: Map<string, FileImage>;
}

/** A path quoted for a message; an over-long one by its start and length. */
function quoted(path: string): string {
  return path.length > 80 ? `"${path.slice(0, 60)}…" (${path.length} characters)` : `"${path}"`;
}

/** Where a bundle's file paths are, and what each may be. */
interface PathKind {
  where: 'system.files' | 'system.fontFiles';
  safe: RegExp;
  /** Completes "is not a relative path to …". */
  what: string;
}

const JSON_FILES: PathKind = { where: 'system.files', safe: SAFE_PATH, what: 'a .json file inside the system folder' };
const FONT_FILES: PathKind = {
  where: 'system.fontFiles',
  safe: SAFE_FONT_PATH,
  what: 'a font (.ttf, .otf) or license (.txt, .md) file inside the system folder',
};

/**
 * The paths must be writable as they are on every desktop OS: safe characters, no segment over
 * MAX_SEGMENT characters, and no two that collide — the same name in another case, or a file
 * that another path needs as its folder ("system.json" and "system.json/x.json").
 */
function checkFilePaths(fileName: string, groups: readonly { kind: PathKind; paths: readonly string[] }[]): void {
  const files = new Map<string, string>();
  for (const { kind, paths } of groups) {
    for (const path of paths) {
      const parts = path.split('/');
      const long = parts.find((part) => part.length > MAX_SEGMENT);
      if (long !== undefined) {
        throw invalidFile(
          fileName,
          `${kind.where}: ${quoted(path)} has a name of ${long.length} characters; file and folder names may have at most ${MAX_SEGMENT}`,
        );
      }
      if (!kind.safe.test(path) || parts.some((part) => part === '..' || part === '.')) {
        throw invalidFile(fileName, `${kind.where}: ${quoted(path)} is not a relative path to ${kind.what}`);
      }
      const key = path.toLowerCase();
      const other = files.get(key);
      if (other !== undefined)
        throw invalidFile(
          fileName,
          `${kind.where}: ${quoted(path)} and ${quoted(other)} name the same file on Windows and macOS`,
        );
      files.set(key, path);
    }
  }
  for (const [key, path] of files) {
    const parts = key.split('/');
    for (let i = 1; i < parts.length; i++) {
      const folder = files.get(parts.slice(0, i).join('/'));
      if (folder !== undefined)
        throw invalidFile(
          fileName,
          `system.files: ${quoted(path)} needs ${quoted(folder)} to be a folder, but it is a file of the bundle`,
        );
    }
  }
}

function parseBundle(fileName: string, text: string): ParsedBundle {
  const root = readEnvelope(fileName, parseJsonText(fileName, text), {
    format: SYSTEM_BUNDLE_FORMAT,
    version: SYSTEM_BUNDLE_VERSION,
    body: 'system',
  });
  const system = root.system as Record<string, unknown>;
  if (!isPlainObject(system.files))
    throw invalidFile(fileName, `system.files must be an object of file paths, found ${describeValue(system.files)}`);
  const paths = Object.keys(system.files);
  if (paths.length > MAX_FILES)
    throw invalidFile(fileName, `system.files holds ${paths.length} files; at most ${MAX_FILES} are allowed`);
  const fontFiles = parseFontFiles(fileName, system.fontFiles);
  checkFilePaths(fileName, [
    { kind: JSON_FILES, paths },
    { kind: FONT_FILES, paths: Object.keys(fontFiles) },
  ]);
  const main = system.files['system.json'];
  if (!isPlainObject(main)) throw invalidFile(fileName, 'system.files must contain "system.json" (an object)');
  const systemId = main.id;
  if (typeof systemId !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(systemId) || systemId.length > 60) {
    throw invalidFile(
      fileName,
      `system.files["system.json"].id must be lowercase letters, digits and dashes, found ${describeValue(systemId)}`,
    );
  }
  const sets = root.sets ?? [];
  if (!Array.isArray(sets)) throw invalidFile(fileName, `"sets" must be a list, found ${describeValue(sets)}`);
  const images = parseFileImages(fileName, root.images);
  sets.forEach((set: unknown, index) => {
    if (!isPlainObject(set) || !isPlainObject(set.set))
      throw invalidFile(fileName, `sets[${index}] must be an object with "set" and "cards"`);
    for (const [id, image] of parseFileImages(fileName, set.images, `sets[${index}].images`)) images.set(id, image);
    // A set is named by its place in the list (1-based, as people count): "Set 190 has no name".
    if (typeof set.set.name !== 'string' || set.set.name.trim() === '') {
      throw invalidFile(fileName, `Set ${index + 1} has no name${describeSetWhere(set)}; give it one in the bundle's "sets"`);
    }
    if (set.set.systemId !== systemId) {
      throw invalidFile(
        fileName,
        `sets[${index}].set.systemId is ${typeof set.set.systemId === 'string' ? `"${set.set.systemId}"` : describeValue(set.set.systemId)}; a bundle's sets must belong to its game "${systemId}"`,
      );
    }
  });
  return { systemId, files: system.files, fontFiles, sets, images };
}

/** ' (its cards: "A", "B", …)' to help find a nameless set in a long bundle; '' without cards. */
function describeSetWhere(set: Record<string, unknown>): string {
  const cards = Array.isArray(set.cards) ? set.cards : [];
  const names = cards
    .map((card: unknown) => (isPlainObject(card) && isPlainObject(card.doc) ? card.doc.name : undefined))
    .filter((name): name is string => typeof name === 'string');
  if (names.length === 0) return '';
  const shown = [...new Set(names)].slice(0, 3).map((name) => `"${name}"`);
  return ` (its cards: ${shown.join(', ')}${new Set(names).size > 3 ? ', …' : ''})`;
}

/** `system.fontFiles`: base64 file contents by path (absent in bundles before version 3). */
function parseFontFiles(fileName: string, value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (!isPlainObject(value))
    throw invalidFile(fileName, `system.fontFiles must be an object of files by path, found ${describeValue(value)}`);
  const entries = Object.entries(value);
  if (entries.length > MAX_FONT_FILES)
    throw invalidFile(fileName, `system.fontFiles holds ${entries.length} files; at most ${MAX_FONT_FILES} are allowed`);
  for (const [path, data] of entries) {
    if (typeof data !== 'string' || !BASE64.test(data))
      throw invalidFile(
        fileName,
        `system.fontFiles[${quoted(path)}] must be the file's bytes in base64, found ${describeValue(data)}`,
      );
  }
  return value as Record<string, string>;
}

/** Refuses a game's JSON file paths that a bundle could not hold (unsafe, clashing, too many), naming `what`. */
export function checkGameFilePaths(what: string, paths: readonly string[]): void {
  if (paths.length > MAX_FILES) throw invalidFile(what, `the game has ${paths.length} files; at most ${MAX_FILES} are allowed`);
  checkFilePaths(what, [{ kind: JSON_FILES, paths }]);
}

/** Writes the files into a fresh staging folder named after the system and loads it from there. */
export function stageSystem(
  fileName: string,
  userSystemsDir: string,
  bundle: GameFiles & { systemId: string },
): { system: GameSystem; dir: string; staging: string } {
  const staging = join(userSystemsDir, `.staging-${randomUUID()}`);
  const dir = join(staging, bundle.systemId);
  try {
    const write = (path: string, content: string | Buffer) => {
      const target = join(dir, ...path.split('/'));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, content);
    };
    for (const [path, content] of Object.entries(bundle.files)) write(path, `${JSON.stringify(content, null, 2)}\n`);
    for (const [path, data] of Object.entries(bundle.fontFiles)) write(path, Buffer.from(data, 'base64'));
    const system = loadGameSystem(dir);
    const declared = new Set(fontFilePaths(system));
    const stray = Object.keys(bundle.fontFiles).find((path) => !declared.has(path));
    if (stray !== undefined) {
      throw invalidFile(
        fileName,
        `system.fontFiles: ${quoted(stray)} is no file the game's fonts name (system.json "fonts": files and license files)`,
      );
    }
    return { system, dir, staging };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (error instanceof GameSystemLoadError) throw invalidFile(fileName, `the game system is not valid: ${error.message}`);
    throw error;
  }
}

export async function importSystemBundle(
  lib: Library,
  userSystemsDir: string,
  fileName: string,
  text: string,
  progress: JobProgress = NO_PROGRESS,
): Promise<ImportSystemResult> {
  const bundle = parseBundle(fileName, text);
  // Before anything is installed: a tampered or broken picture refuses the whole bundle.
  progress.report('Checking images', 0, bundle.images.size);
  const images = await verifyFileImages(fileName, bundle.images);
  const existing = lib.systems.installed(bundle.systemId);
  if (existing?.builtIn) {
    throw new ApiError(
      `${fileName}: "${bundle.systemId}" is a game system built into Cardwright and cannot be replaced; give your version another id in system.json`,
      'CONFLICT',
    );
  }
  mkdirSync(userSystemsDir, { recursive: true });
  const staged = stageSystem(fileName, userSystemsDir, bundle);
  const finalDir = join(userSystemsDir, bundle.systemId);
  // The folder goes into place before the sets are written, so a kill in between leaves an
  // installed game without (new) sets, never sets of a game that is not installed. A replaced
  // version waits aside until the sets are in; start-up sweeps it if the app stopped first.
  const replaced = existsSync(finalDir) ? join(userSystemsDir, `.replaced-${randomUUID()}`) : undefined;
  if (replaced) renameSync(finalDir, replaced);
  renameSync(staged.dir, finalDir);
  rmSync(staged.staging, { recursive: true, force: true });
  lib.systems.install({ system: staged.system, dir: finalDir, builtIn: false });
  let sets: ImportSystemResult['sets'];
  try {
    sets = lib.store.transaction(() =>
      bundle.sets.map((body, index) => {
        const setFileName = `${fileName} sets[${index}]`;
        const setText = JSON.stringify({ format: SET_FILE_FORMAT, formatVersion: SET_FILE_VERSION, ...(body as object) });
        const content = parseSetFile(setFileName, setText, (systemId) => lib.systems.has(systemId));
        // Every set may use any of the bundle's pictures: each set stores them (once by content).
        return importSetContent(lib, setFileName, content, images, progress);
      }),
    );
  } catch (error) {
    rmSync(finalDir, { recursive: true, force: true });
    if (replaced) renameSync(replaced, finalDir);
    if (existing) lib.systems.install(existing);
    else lib.systems.uninstall(bundle.systemId);
    throw error;
  }
  if (replaced) rmSync(replaced, { recursive: true, force: true });
  const system = lib.systems.summaries().find((summary) => summary.id === bundle.systemId);
  if (!system) throw new Error(`Game system "${bundle.systemId}" vanished right after it was installed`);
  return { system, replaced: existing !== undefined, sets };
}

/**
 * Installs a game with an id nothing uses yet, from its files: written aside and loaded with the
 * loader's checks first, then moved into place in one rename, so a game that does not load (or a
 * stop in between) leaves no folder behind. `what` names it in a refusal.
 */
export function installNewGame(
  lib: Library,
  userSystemsDir: string,
  what: string,
  game: GameFiles & { systemId: string },
): GameSystem {
  const finalDir = join(userSystemsDir, game.systemId);
  const taken = lib.systems.find(game.systemId);
  if (taken) throw new ApiError(`${taken.name} has the id "${game.systemId}" already; choose another id`, 'CONFLICT');
  if (existsSync(finalDir)) {
    throw new ApiError(
      `Your games folder has a folder "${game.systemId}" already (a game that did not load: the Games view lists why); choose another id`,
      'CONFLICT',
    );
  }
  mkdirSync(userSystemsDir, { recursive: true });
  const staged = stageSystem(what, userSystemsDir, game);
  renameSync(staged.dir, finalDir);
  rmSync(staged.staging, { recursive: true, force: true });
  lib.systems.install({ system: staged.system, dir: finalDir, builtIn: false });
  return staged.system;
}

/**
 * Uninstalls a user-installed game and moves it, with its sets, cards and decks, to the trash
 * (see trash.ts: crash-safe, restorable). `backup` runs once the removal is known to be allowed,
 * before anything changes (the app snapshots the library).
 */
export function removeUserSystem(
  lib: Library,
  dirs: GameFolders,
  systemId: string,
  backup: () => void = () => {},
): RemoveSystemResult {
  const installed = lib.systems.installed(systemId);
  if (!installed) throw new ApiError(`No game system "${systemId}" is installed`, 'NOT_FOUND');
  if (installed.builtIn)
    throw new ApiError(`${installed.system.name} is built into Cardwright and cannot be removed`, 'CONFLICT');
  backup();
  const { system } = installed;
  const entry = removeGameToTrash(lib, dirs, {
    kind: 'game',
    itemId: systemId,
    systemId,
    name: system.name,
    detail: `version ${system.version}`,
    folder: basename(installed.dir),
  });
  return { sets: entry.sets, cards: entry.cards, decks: entry.decks, trashId: entry.id };
}
