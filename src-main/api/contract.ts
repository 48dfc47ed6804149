// THE API: every call the renderer can make, with its input schema (checked at runtime by
// both transports, IPC and loopback HTTP) and its output type. Services implement it in
// `src-main/api/service.ts`; the renderer calls it through `src-renderer/src/api/client.ts`.

import { z } from 'zod';
import type { CardDocument, CardRecord, CardSetInfo, GameSystem } from '../../card-schema/system/format';
import { SIDE_BOARDS, type Deck, type DeckReport } from '../../card-schema/deck/format';
import type { DeckVersion } from '../../card-schema/deck/deck-diff';
import type { ResolvedDeckList } from '../../card-schema/deck/decklist/resolve-list';
import type { ApiErrorCode } from './wire';
import type { CardSearchPage, SearchCursor } from '../../card-schema/search/search-page';
import { SEARCH_SORTS, type QueryProblem, type SearchSort, type TextTerm } from '../../card-schema/search/query';
import { POOL_SORTS, type PoolCursor } from '../../card-schema/deck/pool-page';
import type { SetStats } from '../../card-schema/sets/set-stats';
import { MAX_PACKS, type OpenedPacks } from '../../card-schema/packs/open-packs';
import { FONT_FACES, type LayoutWarning } from '../../card-schema/layout/format';
import { POD_PRESET_IDS } from '../../card-schema/exports/pod-presets';
import type { CsvCellKind } from '../../card-schema/csv/csv-fields';
import type { CsvMapping } from '../../card-schema/csv/csv-mapping';
import { MAX_CSV_PICTURES } from './image-limits';
import { SET_CODE_PATTERN, SET_CODE_RULE, SET_META_MAX } from '../../card-schema/sets/set-meta';
import {
  CARD_SIZE_PRESETS,
  DEFAULT_PRINT_OPTIONS,
  PAPER_PRESETS,
  PRINT_LIMITS,
  BACK_CHOICE_PATTERN,
  type CardSizePreset,
  type PaperPreset,
  type PrintOptions,
  type SizeMm,
} from '../../card-schema/print/print-options';

export type { SetStats };
export type { OpenedPacks };

const id = z.string().min(1).max(200);

/**
 * zod silently drops an own `__proto__` key (JSON.parse makes one) from objects and records,
 * so a section or card field of that name would vanish without a word: refuse it by name.
 * Other Object.prototype names ("constructor", "toString") are ordinary keys.
 */
function withoutProtoKey<T extends z.ZodType>(schema: T, what: string) {
  return z
    .custom<z.input<T>>((value) => !(typeof value === 'object' && value !== null && Object.hasOwn(value, '__proto__')), {
      error: `"__proto__" cannot be used as ${what}`,
    })
    .pipe(schema as z.ZodType<z.output<T>, z.input<T>>);
}

const cardDocument = withoutProtoKey(z.object({ type: z.string(), name: z.string() }).catchall(z.unknown()), 'a card field name');
const deckEntry = z.object({
  cardId: id,
  count: z.number().int().min(1).max(999),
  /** The card's name when last saved (shown if the card is deleted); saveDeck sets it itself. */
  name: z.string().max(500).optional(),
});
const deckInput = z.object({
  id: id.optional(),
  systemId: id,
  name: z.string().min(1).max(200),
  notes: z.string().max(20_000).optional(),
  /** Play format id; the system's first format when absent. */
  format: id.optional(),
  sections: withoutProtoKey(z.record(z.string(), z.array(deckEntry).max(2_000)), 'a deck section id'),
  /** Sideboard and maybeboard (card-schema/deck/format.ts SIDE_BOARDS): never judged, played or printed. */
  boards: z
    .strictObject({ sideboard: z.array(deckEntry).max(2_000).optional(), maybeboard: z.array(deckEntry).max(2_000).optional() })
    .optional(),
});
const limited = (range: { min: number; max: number }) => z.number().min(range.min).max(range.max);
const sizeMm = (range: { min: number; max: number }) => z.object({ widthMm: limited(range), heightMm: limited(range) });
const paperPresets = Object.keys(PAPER_PRESETS) as [PaperPreset, ...PaperPreset[]];
const cardPresets = Object.keys(CARD_SIZE_PRESETS) as [CardSizePreset, ...CardSizePreset[]];
const P = DEFAULT_PRINT_OPTIONS;
/** PrintOptions (card-schema/print/print-options.ts); every field optional, with its default. */
const printOptions = z
  .object({
    paper: z.union([z.enum(paperPresets), sizeMm(PRINT_LIMITS.paperMm)]).default(P.paper),
    orientation: z.enum(['auto', 'portrait', 'landscape']).default(P.orientation),
    cardSize: z.union([z.literal('game'), z.enum(cardPresets), sizeMm(PRINT_LIMITS.cardMm)]).default(P.cardSize),
    bleedMm: limited(PRINT_LIMITS.bleedMm).default(P.bleedMm),
    gapMm: limited(PRINT_LIMITS.gapMm).default(P.gapMm),
    marginMm: limited(PRINT_LIMITS.marginMm).default(P.marginMm),
    cutGuides: z
      .enum(['none', 'corners', 'lines', 'outlines'])
      .default(P.cutGuides)
      .describe('outlines: each card’s cut line, its corners rounded as the game’s cards are'),
    registrationMarks: z
      .boolean()
      .default(P.registrationMarks)
      .describe('print-and-cut marks (Silhouette/Cricut): a square top-left, L marks top-right and bottom-left'),
    guideWidthPt: limited(PRINT_LIMITS.guideWidthPt).default(P.guideWidthPt),
    guideColor: z.enum(['black', 'gray']).default(P.guideColor),
    guidesOnBacks: z.boolean().default(P.guidesOnBacks),
    faces: z.enum(['fronts', 'backs', 'both']).default(P.faces),
    layout: z.enum(['duplex-long', 'duplex-short', 'gutterfold', 'separate-backs', 'card-per-page']).default(P.layout),
    backOffsetXMm: limited(PRINT_LIMITS.backOffsetMm).default(P.backOffsetXMm),
    backOffsetYMm: limited(PRINT_LIMITS.backOffsetMm).default(P.backOffsetYMm),
    backScaleXPercent: limited(PRINT_LIMITS.backScalePercent).default(P.backScaleXPercent),
    backScaleYPercent: limited(PRINT_LIMITS.backScalePercent).default(P.backScaleYPercent),
    calibrationPage: z.boolean().default(P.calibrationPage),
    skipSlots: z
      .number()
      .int()
      .min(PRINT_LIMITS.skipSlots.min)
      .max(PRINT_LIMITS.skipSlots.max)
      .default(P.skipSlots)
      .describe('leave the first N slots of the first sheet empty (a part-used sheet)'),
    pageRange: z
      .string()
      .max(PRINT_LIMITS.pageRangeChars.max)
      .regex(/^[\d\s,-]*$/, 'Pages are numbers and ranges separated by commas, such as "1-3,6"')
      .default(P.pageRange)
      .describe(
        'write only these pages, e.g. "1-3,6" (numbered as the preview, calibration page included); without it, every page',
      ),
    splitEveryPages: z
      .number()
      .int()
      .min(PRINT_LIMITS.splitEveryPages.min)
      .max(PRINT_LIMITS.splitEveryPages.max)
      .default(P.splitEveryPages),
    back: z.string().regex(BACK_CHOICE_PATTERN, 'The back is "own", "card:ID" or "image:ID"').default(P.back),
    profile: z
      .enum(['standard', 'pdfx'])
      .default(P.profile)
      .describe(
        'pdfx: press-ready PDF/X-4 for a print shop (CMYK through an embedded ICC profile, ink limited); standard: RGB for home printers',
      ),
    inkLimitPercent: z
      .number()
      .int()
      .min(PRINT_LIMITS.inkLimitPercent.min)
      .max(PRINT_LIMITS.inkLimitPercent.max)
      .default(P.inkLimitPercent)
      .describe('with --profile pdfx: the most ink (C+M+Y+K, %) any colour or pixel may use, as the print shop asks'),
    cardPageOrder: z
      .enum(['front-back', 'back-front'])
      .default(P.cardPageOrder)
      .describe('with --layout card-per-page: each card’s front then its back, or its back first'),
  })
  .strict()
  .prefault({}) satisfies z.ZodType<PrintOptions, unknown>;

/** What the renderer needs to know about where it runs. */
export interface AppInfo {
  /** The Electron shell (native dialogs, open/show files) rather than the browser web mode. */
  desktop: boolean;
  version: string;
  dataDir: string;
}

export interface SystemSummary {
  id: string;
  name: string;
  version: string;
  description?: string;
  license?: GameSystem['license'];
  /** Shipped with Cardwright (cannot be replaced) rather than installed from a bundle. */
  builtIn: boolean;
  cardTypes: { id: string; label: string }[];
}

/** A game system that was refused at load: which file, where in it, and why. */
export interface SystemProblem {
  file: string;
  jsonPath: string;
  reason: string;
  /** Set when card sets or decks of a game that is not installed remain (removeSystem deletes them). */
  orphanedSystemId?: string;
}

/** A card of one card type to show what the type looks like: the first stored one, if any. */
/** A card the layout editor previews a layout on, and why it was picked. */
export interface LayoutSampleCard {
  reason: 'longest-name' | 'longest-text' | 'empty-field';
  card: CardRecord;
}

export interface SampleCard {
  typeId: string;
  /** The first card of this type in the library (the first added); null when the game has none. */
  card: CardRecord | null;
  /** The set the card is in. */
  setName: string | null;
}

/** What a look at the user's game folders found changed since the last (services/game-folder-sync.ts). */
export interface GameFolderChanges {
  /** Games reloaded from their changed files, by name. */
  reloaded: string[];
  /** Folders whose changed files do not load, one sentence each (the game keeps its last good version). */
  failed: string[];
  /** Games whose folder was deleted, by name. */
  removed: string[];
}

export interface RemoveSystemResult {
  sets: number;
  cards: number;
  decks: number;
  /** The trash entry that can bring it all back. */
  trashId: string;
}

/** What a delete did: the item is in the trash under this entry (restoreFromTrash undoes it). */
export interface TrashReceipt {
  trashId: string;
}

export type TrashKind = 'card' | 'set' | 'deck' | 'game';

/** One deleted card, set (with its cards), deck, or game (with its sets and decks), as the trash holds it. */
export interface TrashEntry {
  id: string;
  kind: TrashKind;
  /** The deleted item's own id (card, set, deck or game system id). */
  itemId: string;
  systemId: string;
  name: string;
  /** Where it was ("in Core Set") or what it was; may be empty. */
  detail: string;
  deletedAt: string;
  sets: number;
  cards: number;
  decks: number;
  /** When it is deleted for good. */
  expiresAt: string;
}

export interface TrashList {
  /** The newest entries first (at most 100). */
  entries: TrashEntry[];
  /** How many entries there are in all. */
  total: number;
  /** How long an entry is kept. */
  keepDays: number;
}

export interface RestoreResult {
  kind: TrashKind;
  itemId: string;
  systemId: string;
  /** One sentence for the user: what came back, and where. */
  message: string;
}

export interface ImportSystemResult {
  system: SystemSummary;
  /** True when a user-installed system with this id was replaced. */
  replaced: boolean;
  sets: ImportSetResult[];
}

export interface ValidationIssue {
  /** JSON pointer of the offending value inside the card, '' for the card itself. */
  path: string;
  message: string;
}

export type SaveCardResult = { ok: true; card: CardRecord } | { ok: false; issues: ValidationIssue[] };

/** A kept version of a deck (see services/deck-snapshots.ts). */
export interface DeckSnapshotSummary {
  id: string;
  deckId: string;
  /** 'auto': the version a save or restore replaced; 'named': kept by the user. */
  kind: 'auto' | 'named';
  /** The user's name for it ('named'), or why it was kept ("Before restoring …"); may be empty. */
  name: string;
  createdAt: string;
  /** Copies in the game's sections. */
  cards: number;
}

export interface DeckSnapshot extends DeckSnapshotSummary {
  version: DeckVersion;
}

/** A version of a card a save, import or restore replaced (see services/card-revisions.ts). */
export interface CardRevisionSummary {
  id: number;
  cardId: string;
  /** What replaced this version. */
  cause: 'save' | 'import' | 'restore';
  /** When it was replaced (so it was the card's version until then). */
  createdAt: string;
  name: string;
  /** What the version after it changed, in one line ("Cost and Text"). */
  changed: string;
}

export interface CardRevision extends CardRevisionSummary {
  setId: string;
  doc: CardDocument;
}

/** One field that differs, as the form names it, with both values as text ("—": none). */
export interface FieldChangeText {
  pointer: string;
  label: string;
  before: string;
  after: string;
}

export interface SetCardNote {
  cardId: string;
  name: string;
}

/** A set's errata since a date (services/set-changes.ts). */
export interface SetChanges {
  setId: string;
  setName: string;
  since: string;
  added: SetCardNote[];
  removed: SetCardNote[];
  changed: (SetCardNote & { changes: FieldChangeText[] })[];
}

export interface DeckSummary {
  id: string;
  systemId: string;
  name: string;
  updatedAt: string;
  legal: boolean;
  counts: Record<string, number>;
}

export interface FileBlob {
  fileName: string;
  mimeType: string;
  bytes: Uint8Array;
}

/** Decklist formats: plain text ("3 Card Name"), Cardwright's deck file, Cockatrice's .cod. */
export const DECK_LIST_FORMATS = ['text', 'json', 'cod'] as const;
export type DeckListFormat = (typeof DECK_LIST_FORMATS)[number];

/** A decklist read against a game's library: the cards it matched and every line it did not. */
export interface DeckListImport extends ResolvedDeckList {
  /** The game the cards were matched in (a Cardwright deck file names its own). */
  systemId: string;
  format: DeckListFormat;
  /** The list's deck name, else the file's name, else "Imported deck". */
  name: string;
  /** A deck file's play format. */
  playFormat?: string;
  /** Most names belong to another installed game: "this list looks like a <name> deck". */
  otherGame?: { systemId: string; name: string; matchedLines: number };
}

/** The most cards one moveCards call moves. */
export const MAX_MOVE_CARDS = 10_000;

export interface MoveCardsResult {
  /** The set the cards are in now. */
  set: CardSetInfo;
  /** Cards that changed set (cards already in it are not counted). */
  moved: number;
}

/** What a set import changes in its set, in cards. */
export interface SetImportChanges {
  /** Cards the set did not have. */
  added: number;
  /** Cards the set had, whose document the file changes. */
  updated: number;
  /** Cards of the set the file does not hold; a replace moves them to the trash. */
  removed: number;
  /** Cards the set had as the file has them. */
  unchanged: number;
}

export interface ImportSetResult {
  /**
   * created: a new set; replaced: the set with the file's id now equals the file; copied: a new
   * set with new ids for it and its cards; merged: a game bundle's set updated in place.
   */
  outcome: 'created' | 'replaced' | 'copied' | 'merged';
  set: CardSetInfo;
  /** Cards written (added, updated and unchanged). */
  imported: number;
  changes: SetImportChanges;
  /** The file's name for the set, when another set of the game has it and the set took "Name (2)". */
  renamedFrom?: string;
  /** The file's code for the set, when another set of the game has it and the copy took "CODE-2". */
  recodedFrom?: string;
  /** The trash entry holding the cards a replace removed. */
  trashId?: string;
  /** Cards that failed validation; they are not imported and nothing else is lost. */
  rejected: { index: number; name: string; issues: ValidationIssue[] }[];
}

/**
 * importSet with `onExisting: 'ask'` when the library has the file's set already: nothing was
 * written; the UI asks whether to replace the set, import a copy, or cancel.
 */
export interface SetImportQuestion {
  outcome: 'exists';
  fileName: string;
  /** The library's set with the file's set id. */
  existing: CardSetInfo;
  /** The name the file gives the set, and how many cards it holds. */
  fileSetName: string;
  fileCards: number;
  /** What "replace" would change, by card ids and documents (the game's rules are applied by the import). */
  changes: SetImportChanges;
}

/** Why a backup was made: daily (at start-up), manual, or before a migration, removal or restore. */
export type BackupReason = 'daily' | 'manual' | 'pre-migration' | 'pre-removal' | 'pre-restore';

/** A snapshot of the library in `<dataDir>/backups/`. */
export interface BackupInfo {
  /** The file name. */
  id: string;
  /** ISO-8601 UTC. */
  createdAt: string;
  /** Why it was made: daily (at start-up), manual, or before a migration, removal or restore. */
  reason: BackupReason;
  bytes: number;
}

/** A picture in the image library; `id` is the SHA-256 of its bytes (lowercase hex). */
export interface ImageInfo {
  id: string;
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
  /** The stored file's size. */
  bytes: number;
}

/** thumb: about 160 px (lists); preview: about 1024 px (the card on screen); print: full size for PDFs. */
export const IMAGE_VARIANTS = ['thumb', 'preview', 'print'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

export { MAX_IMAGE_BYTES, MAX_CSV_PICTURES } from './image-limits';

/**
 * A page of searchCards: its cards, the total (counted up to a cap), the cursor of the next page,
 * what in the query could not be run (one line each, shown under the search box) and the terms
 * to mark in the results.
 */
export interface SearchResult extends CardSearchPage {
  problems: QueryProblem[];
  highlight: TextTerm[];
}

/**
 * Every page of a search at once, for a list that can jump anywhere: the exact total and where
 * each page starts (page k is searchCards with `after: starts[k] ?? undefined` and `limit: pageSize`).
 */
export interface SearchPages {
  total: number;
  starts: (SearchCursor | null)[];
}

/** The longest query searchCards takes; far past anything typed, so a pasted text is searched, not refused. */
export const MAX_QUERY_TEXT = 100_000;

/** What searchCards and searchCardPages search: the query and the scope, sorted. */
const searchScope = z.object({
  query: z.string().max(MAX_QUERY_TEXT).default(''),
  setId: id.optional(),
  /** The game searched; absent searches every game. */
  systemId: id.optional(),
  types: z.array(z.string()).max(50).optional(),
  sort: z.enum(SEARCH_SORTS).default('relevance'),
  descending: z.boolean().default(false),
});

/** searchCards' `after`: the `next` of the page before, passed back unchanged. */
const searchCursor: z.ZodType<SearchCursor> = z.object({
  /** Relevance's tier (0 in the other sorts). */
  tier: z.number().int().min(0).max(2),
  /** The sort's key of the last card (names, set names, types, costs): at most three values. */
  key: z.array(z.union([z.string().max(100_000), z.number()])).max(3),
  seq: z.number().int().min(0),
});

/** A library search kept under a name (services/saved-searches.ts). */
export interface SavedSearch {
  id: string;
  name: string;
  /** As typed in the search box. */
  query: string;
  /** The game it searches; null: every game. */
  systemId: string | null;
  sort: SearchSort;
  descending: boolean;
  /** When it was saved (or last replaced). */
  createdAt: string;
}

/** One card of the deck builder's pool: the record plus what the pool's columns show. */
export interface PoolCard {
  card: CardRecord;
  typeLabel: string;
  /** deck.builder.costField's value; absent when the card has none. */
  cost?: number;
  /** The card's identity values (system.identity), in the game's order. */
  identity: string[];
  /** deck.builder.stats, in that order; null where the card has no such number. */
  stats: (number | null)[];
  /** The card's first picture, for the row's thumbnail. */
  imageId?: string;
}

/** A page of searchDeckPool, paged like searchCards (`after: previous.next`). */
export interface PoolResult {
  cards: PoolCard[];
  total: number;
  totalExact: boolean;
  next: PoolCursor | null;
}

export type PoolSortInput = (typeof POOL_SORTS)[number];

const poolCursor: z.ZodType<PoolCursor> = z.object({
  key: z.union([z.string().max(100_000), z.number()]),
  name: z.string().max(100_000),
  seq: z.number().int().min(0),
});

/**
 * The largest set or game-bundle file an import accepts, in characters. 100 MB is many times the
 * largest real set (10,000 cards export to about 5 MB) and keeps an import's peak memory sane.
 */
export const MAX_IMPORT_TEXT = 100_000_000;
/** Files in a set folder picked in the app (cards and pictures). */
export const MAX_FOLDER_FILES = 200_000;
/** The largest deck file importDeck accepts, in characters. */
export const MAX_DECK_TEXT = 20_000_000;

const importText = (defaultName: string) =>
  z.object({ fileName: z.string().max(500).default(defaultName), text: z.string().max(MAX_IMPORT_TEXT) });

/** What a job does: one of the long operations with its input. */
/** The most cards one PDF prints (copies included): about 1,100 A4 pages. */
export const MAX_PRINT_CARDS = 10_000;

/** The library search a print source repeats: the filters of searchCards, without paging. */
const searchFilters = z.object({
  query: z.string().max(500).default(''),
  setId: id.optional(),
  systemId: id.optional(),
  types: z.array(z.string()).max(50).optional(),
  /** The list's order, printed in it (relevance when absent). */
  sort: z.enum(SEARCH_SORTS).optional(),
  descending: z.boolean().optional(),
});

/** What a PDF prints: a deck (each entry's count), a set, every match of a search, or picked cards in order. */
const printSource = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('deck'),
    deckId: id,
    /** Side boards printed too, after the deck's sections (never unless asked). */
    boards: z.array(z.enum(SIDE_BOARDS)).max(2).optional(),
  }),
  z.object({ kind: z.literal('set'), setId: id }),
  searchFilters.extend({ kind: z.literal('search') }),
  z.object({ kind: z.literal('cards'), cardIds: z.array(id).min(1).max(MAX_PRINT_CARDS) }),
]);

export type PrintSource = z.output<typeof printSource>;
export type PrintSourceInput = z.input<typeof printSource>;

/** What a print would hold, for the print dialog: the count, and a window of its cards in print order. */
export interface PrintPreview {
  /** Cards the PDF would print, copies and per-card counts included. */
  count: number;
  /** Where `cards` starts in print order. */
  offset: number;
  /** Up to `limit` cards from `offset` on, each copy listed. */
  cards: { cardId: string; systemId: string; doc: CardRecord['doc'] }[];
  /** With `entries: true`: each distinct card once, in print order, with the count it prints by default. */
  entries?: PrintEntry[];
}

/** The print problems of a print: the first MAX_LISTED_PRINT_PROBLEMS, and how many there are. */
export interface PrintProblemList {
  problems: PrintProblem[];
  total: number;
}

/** One distinct card of a print, for the dialog's per-card counts. */
export interface PrintEntry {
  cardId: string;
  name: string;
  systemId: string;
  /** Copies it prints without an override: its deck count (or 1) × the copies asked. */
  count: number;
}

/** Most copies of one card `cardCopies` can ask for. */
export const MAX_CARD_COPIES = 99;

/** Per-card counts that replace a card's copies (0 leaves it out), by card id. */
const cardCopies = z
  .record(id, z.number().int().min(0).max(MAX_CARD_COPIES))
  .refine((counts) => Object.keys(counts).length <= MAX_PRINT_CARDS, `at most ${MAX_PRINT_CARDS} per-card counts`);

/** One PDF job for every source; `print` is the sheet's options (paper, bleed, …). */
export const exportPdfJob = z.object({
  kind: z.literal('exportPdf'),
  source: printSource,
  /** Each card (or deck entry) prints this many times. */
  copies: z.number().int().min(1).max(99).default(1),
  /** Per-card counts (card id → 0..99) that replace `copies` for those cards; 0 leaves a card out. */
  cardCopies: cardCopies.optional(),
  print: printOptions,
});

/** Resolutions card images are exported at (dots per inch). */
export const CARD_IMAGE_DPIS = [300, 600] as const;
/** Bleed a card image may have round it, in mm (the PDF's range). */
export const CARD_IMAGE_MAX_BLEED_MM = 6;

/**
 * Card images (card-images/): each card of the source once, its front (and back) as a PNG or
 * JPEG at `dpi` with `bleedMm` round it, named by `namePattern`, in a folder or a zip.
 */
export const exportImagesJob = z.object({
  kind: z.literal('exportImages'),
  source: printSource,
  faces: z.enum(['fronts', 'both']).default('fronts'),
  format: z.enum(['png', 'jpeg']).default('png'),
  dpi: z.literal([...CARD_IMAGE_DPIS]).default(300),
  bleedMm: z.number().min(0).max(CARD_IMAGE_MAX_BLEED_MM).default(0),
  /** File names: {number} {name} {id} {set} {type} (card-images/file-names.ts). */
  namePattern: z.string().trim().min(1).max(200).default('{number}-{name}'),
  /** A folder (the desktop app and the CLI only) or one zip file. */
  as: z.enum(['folder', 'zip']).default('zip'),
  /**
   * A print-on-demand service's card (card-schema/exports/pod-presets.ts): its trim size, bleed
   * and dpi replace `dpi` and `bleedMm`, its upload names replace `namePattern`, and a
   * quantities.csv is written beside the images.
   */
  preset: z.enum(POD_PRESET_IDS).optional(),
});

/** A CSV column mapping (card-schema/csv/csv-mapping.ts): columns by header, to card fields. */
const csvMapping = z.object({
  typeColumn: z.string().max(500).nullable(),
  defaultType: id.nullable(),
  columns: z.array(z.object({ column: z.string().min(1).max(500), field: z.string().min(1).max(200) })).max(500),
  listSeparator: z.string().max(5).default(';'),
  /** The card id column: its rows update the cards of the set imported into (docs/csv.md). */
  idColumn: z.string().max(500).nullable().optional(),
}) satisfies z.ZodType<CsvMapping, unknown>;

const csvBytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, { error: "must be the file's bytes" });
/** How a CSV file is read; guessed from the file when absent (services/csv-read.ts). */
const csvReadOptions = {
  delimiter: z.enum([',', ';', '\t', '|']).optional(),
  hasHeader: z.boolean().optional(),
};

/**
 * The picture folder of a CSV import (docs/csv.md, "Pictures by file name"), already read into the
 * image library (addImage) by the app or the CLI: each picture file's path inside the folder with
 * the image id it was stored as, or the sentence refusing it. Image fields' cells name these files.
 */
const csvPictures = z.object({
  files: z
    .array(
      z.object({
        name: z.string().min(1).max(1000),
        imageId: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .optional(),
        problem: z.string().max(2000).optional(),
      }),
    )
    .max(MAX_CSV_PICTURES),
  /** Files of the folder not read: not pictures by their name, or past MAX_CSV_PICTURES. */
  skipped: z.number().int().min(0).default(0),
});
export type CsvPicturesInput = z.input<typeof csvPictures>;

/**
 * A CSV/TSV file's rows as cards of `systemId` (services/csv-import.ts). `dryRun` writes nothing
 * and reports every bad row; otherwise the valid rows go into `setId`, or a new set named
 * `newSetName`, in one transaction.
 */
const importCsvJob = z.object({
  kind: z.literal('importCsv'),
  systemId: id,
  fileName: z.string().min(1).max(500),
  bytes: csvBytes,
  mapping: csvMapping,
  ...csvReadOptions,
  dryRun: z.boolean().default(false),
  setId: id.optional(),
  newSetName: z.string().trim().min(1).max(200).optional(),
  pictures: csvPictures.optional(),
});

const jobSpec = z.discriminatedUnion('kind', [
  exportPdfJob,
  importCsvJob,
  /** Every match of a library search as a CSV file (services/csv-export.ts). */
  searchFilters.extend({ kind: z.literal('exportCsv') }),
  /** `as: 'folder'`: the set as a folder of one JSON file per card (set-folder.ts), zipped. */
  z.object({ kind: z.literal('exportSet'), setId: id, as: z.enum(['file', 'folder']).optional() }),
  z.object({ kind: z.literal('exportSystem'), systemId: id }),
  importText('set.json').extend({
    kind: z.literal('importSet'),
    /**
     * When the library has the file's set (its id): 'ask' writes nothing and answers a
     * SetImportQuestion; 'replace' makes the set equal to the file (cards it lacks go to the
     * trash); 'copy' imports a new set with new ids. A new set imports the same in every case.
     */
    onExisting: z.enum(['ask', 'replace', 'copy']).default('ask'),
  }),
  importText('game.cardwright-system.json').extend({ kind: z.literal('importSystem') }),
  z.object({
    kind: z.literal('generateDeck'),
    systemId: id,
    generatorId: id,
    setId: id.optional(),
    name: z.string().trim().min(1).max(200).optional(),
  }),
  /** Some time after start-up: deletes images no card (in the library or the trash) references. */
  z.object({ kind: z.literal('cleanUpImages') }),
  /** A deck for Tabletop Simulator: a zip of the saved object, the 10 × 7 face sheets and the back. */
  z.object({ kind: z.literal('exportTts'), deckId: id }),
  /** A set for Cockatrice: a zip of its card database XML (version 4) and a picture of each card. */
  z.object({ kind: z.literal('exportCockatrice'), setId: id }),
  exportImagesJob,
]);

export type JobSpec = z.output<typeof jobSpec>;
export type JobSpecInput = z.input<typeof jobSpec>;
export type JobKind = JobSpec['kind'];

/** A file an export job wrote. */
export interface JobFile {
  fileName: string;
  mimeType: string;
  bytes: number;
  /** Where the desktop app saved it ("Save as"); absent when the browser downloads it. */
  savedTo?: string;
}

/** What a print export really used: the dialog's choices after anything that had to give. */
export interface PrintUsed {
  /** "A4", "Letter", "210 × 297 mm" or, one card per page, the card + bleed size. */
  paper: string;
  paperSize: SizeMm;
  orientation: 'portrait' | 'landscape';
  card: SizeMm;
  columns: number;
  rows: number;
  perPage: number;
  /** Bleed round the grid, left/right and top/bottom. */
  bleed: { xMm: number; yMm: number };
  marginMm: number;
  gapMm: number;
  /** One sentence for each thing that differs from what was asked (a reduced bleed or margin). */
  notes: string[];
}

export interface PdfJobResult {
  file: JobFile;
  /** The separate-backs layout: the backs' own file, saved beside `file`. */
  backsFile?: JobFile;
  /** Pages of `file` (calibration included). */
  pages: number;
  /** Pages of `backsFile`. */
  backPages?: number;
  cards: number;
  used: PrintUsed;
  /** The cards that print with a layout warning; absent when none do. */
  warnings?: PrintWarnings;
  /**
   * Split every N pages (`print.splitEveryPages`): every part, in order, each a complete PDF
   * ("Deck (part 1 of 3).pdf"); `file` is the first. `pages` still counts all of them.
   */
  parts?: JobFile[];
  /** The backs file's parts, split at the same page counts. */
  backsParts?: JobFile[];
}

/** Cards that print with a layout warning (text cut, a character no font has, a symbol the game lacks). */
export interface PrintWarnings {
  /** How many distinct cards. */
  cards: number;
  /** The first ones (at most 20), each "“Name” (Set): what is wrong." */
  messages: string[];
  /** Every print problem (at most MAX_LISTED_PRINT_PROBLEMS), as the print dialog lists them. */
  problems?: PrintProblem[];
  /** How many problems there are in all (`problems` may list fewer). */
  problemCount?: number;
}

/**
 * A card that will not print as it should, named before paper (services/print-problems.ts): a
 * layout warning of the card at the print's card size (text cut, characters no font has, a
 * symbol the game lacks, whatever else the layout reports), art under 300 dpi at its printed
 * size, or text that fits the game's card size but is cut at the size chosen for this print.
 */
export interface PrintProblem {
  cardId: string;
  cardName: string;
  setName?: string;
  kind: PrintProblemKind;
  /** In the library's and editor's words. */
  message: string;
  /** JSON pointer of the card field it is about ("/text"), when it is about one. */
  field?: string;
}

/** A layout warning's code, or: text cut only at the print's card size; a card that does not lay out. */
export type PrintProblemKind = LayoutWarning['code'] | 'text-cut-by-card-size' | 'layout-failed';

/** Problems listed at most in one answer or export result (a count gives the rest). */
export const MAX_LISTED_PRINT_PROBLEMS = 2_000;

/** What each kind of job produces. */
export interface JobResults {
  exportPdf: PdfJobResult;
  exportSet: { file: JobFile };
  exportSystem: { file: JobFile };
  importSet: ImportSetResult | SetImportQuestion;
  importSystem: ImportSystemResult;
  generateDeck: Deck;
  cleanUpImages: { deleted: number };
  exportTts: { file: JobFile; cards: number; sheets: number };
  /** `skipped`: cards left out for sharing a name with an earlier one (Cockatrice knows cards by name). */
  exportCockatrice: { file: JobFile; cards: number; skipped: string[] };
  importCsv: CsvImportReport;
  exportCsv: { file: JobFile; cards: number };
  /** `file`: the zip, or the folder (its bytes: the images' total). */
  exportImages: { file: JobFile; cards: number; images: number; widthPx: number; heightPx: number };
}

/** One cell (or row) of a CSV file that did not make a valid card. */
export interface CsvRowProblem {
  /** The row as a spreadsheet numbers it (the header row is row 1). */
  row: number;
  /** The column's header; '' when the problem is the row's as a whole. */
  column: string;
  /** The cell's text. */
  value: string;
  message: string;
}

/** What a CSV import did, or would do (dryRun). */
export interface CsvImportReport {
  fileName: string;
  dryRun: boolean;
  /** "UTF-8", "Latin-1 (Windows-1252)", … and why, when it was not plain UTF-8. */
  encoding: string;
  encodingNote?: string;
  delimiter: string;
  hasHeader: boolean;
  rows: number;
  validRows: number;
  badRows: number;
  /** Every problem up to MAX_CSV_PROBLEMS, in row order. */
  problems: CsvRowProblem[];
  problemsTotal: number;
  /** The bad rows as CSV (the file's columns plus "reason"); '' when every row is good. */
  rejectedCsv: string;
  /** Cards written (0 in a dry run) and the set they went into. */
  imported: number;
  set?: CardSetInfo;
  /**
   * The valid rows as new cards, updates of the set's cards (their id column names them) and
   * rows equal to the card they name; in a dry run, what the import would do.
   */
  changes: { added: number; updated: number; unchanged: number };
  /** The picture folder's use, when the import had one or an image column named files. */
  pictures?: CsvPicturesReport;
}

/** How a CSV import's image columns found their pictures (lists cut at MAX_CSV_PROBLEMS; the totals count all). */
export interface CsvPicturesReport {
  /** Picture files the folder held (refused ones included). */
  files: number;
  /** Files not read: not pictures by their name, or past the limit. */
  skipped: number;
  /** Distinct files the rows used. */
  used: number;
  /** Cells naming a picture the folder does not have (or a refused one): the card imports without it. */
  missing: { row: number; column: string; name: string; message: string }[];
  missingTotal: number;
  /** Files no row named. */
  unused: string[];
  unusedTotal: number;
  /** Files that are not readable pictures, and why. */
  rejected: { name: string; message: string }[];
}

/** What a CSV file looks like, to map its columns (previewCsv). */
export interface CsvPreview {
  fileName: string;
  encoding: string;
  encodingNote?: string;
  delimiter: ',' | ';' | '\t' | '|';
  hasHeader: boolean;
  /** The columns, each with the first few non-empty values. */
  columns: { name: string; samples: string[] }[];
  /** Data rows in the part of the file previewed. */
  rowsSeen: number;
  /** The game's card fields a column can fill. */
  fields: { key: string; label: string; kind: CsvCellKind; cardTypes: string[] }[];
  cardTypes: { id: string; label: string }[];
  /** The game's saved mapping fitted to these headers, else one suggested by the headers. */
  mapping: CsvMapping;
  savedMapping: boolean;
}

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

interface JobStatusOf<K extends JobKind> {
  id: string;
  kind: K;
  /** What the job works on, for the UI ("Print “Ember Deck”"). */
  title: string;
  state: JobState;
  /** The current step ("Painting cards") and how far it is. */
  progress: { step: string; done: number; total: number };
  startedAt: string;
  finishedAt?: string;
  /** When state is "failed". */
  error?: { code: ApiErrorCode; message: string };
  /** When state is "done". */
  result?: JobResults[K];
}

export type JobStatus = { [K in JobKind]: JobStatusOf<K> }[JobKind];

/** Declares one method: `returns<Out>()(inputSchema)`; `Out` exists only at the type level. */
const returns =
  <Out>() =>
  <In extends z.ZodType>(input: In) => ({ input, output: undefined as unknown as Out });

const byId = z.object({ id });
const revisionId = z.number().int().positive();
/** An instant as ISO 8601 (what Date#toISOString writes), compared with the stored times as text. */
const isoDate = z.iso.datetime({ error: 'must be a date and time like 2026-05-01T12:00:00.000Z' });
const imageId = z.string().regex(/^[0-9a-f]{64}$/, 'must be an image id (64 lowercase hex digits)');
const none = z.object({});

/** One line of set metadata, trimmed; '' when not given. */
const setLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\r\n]*$/, 'must be one line');
/** A set's metadata beside its name (card-schema/sets/set-meta.ts), each optional. */
const setMetaFields = {
  code: setLine(SET_META_MAX.code)
    .refine((code) => code === '' || SET_CODE_PATTERN.test(code), `a set code ${SET_CODE_RULE}`)
    .optional(),
  version: setLine(SET_META_MAX.version).optional(),
  author: setLine(SET_META_MAX.author).optional(),
  license: setLine(SET_META_MAX.license).optional(),
};
const setName = setLine(SET_META_MAX.name).min(1, 'a set needs a name');

/** Ids a game writes into its files and folder name: the loader's pattern. */
const slug = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and dashes, starting with a letter or digit');
/** What a new game starts from, and what the designer chose for it (services/new-game.ts). */
export const createGameInput = z.object({
  from: z.union([z.object({ starter: id }), z.object({ game: id })]),
  id: slug(60),
  name: z.string().trim().min(1, 'a game needs a name').max(80),
  card: z.object({
    widthMm: z.number().min(20).max(300),
    heightMm: z.number().min(20).max(300),
    cornerRadiusMm: z.number().min(0).max(20),
  }),
  identity: z
    .object({
      label: z.string().trim().min(1, 'the identity needs a name').max(40),
      values: z
        .array(
          z.object({
            id: slug(40),
            label: z.string().trim().min(1, 'each value needs a name').max(40),
            color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb'),
            neutral: z.boolean().optional(),
            exclusive: z.boolean().optional(),
          }),
        )
        .min(1, 'the identity needs at least one value')
        .max(16)
        .refine((values) => new Set(values.map((value) => value.id)).size === values.length, 'two values have the same id'),
    })
    .optional(),
});
export type CreateGameInput = z.output<typeof createGameInput>;

/** A game's JSON files as the studio edits them, by path in its folder (card-schema/studio/game-files.ts). */
export interface GameFilesView {
  systemId: string;
  files: Record<string, unknown>;
  /** A built-in game is never edited in place: the studio offers a copy instead. */
  builtIn: boolean;
}

const fieldName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a field name: letters, digits and _')
  .max(60);
/** Files of a game as edited in the studio, and the field renames since it was last saved (services/game-edit.ts). */
export const gameEditInput = z.object({
  systemId: id,
  files: withoutProtoKey(z.record(z.string().max(200), z.unknown()), 'a file name'),
  renames: z
    .array(z.object({ cardType: id, from: fieldName, to: fieldName }))
    .max(500)
    .default([]),
  /**
   * Font files uploaded with stageGameFont, by the path system.json's fonts name them at
   * ("fonts/gothic-regular-1a2b3c4d.ttf" → its upload id); the folder's own font files fill the rest.
   */
  fontFiles: withoutProtoKey(
    z.record(
      z.string().regex(/^fonts\/[A-Za-z0-9_-]+\.(?:ttf|otf)$/, 'a font file path: fonts/<name>.ttf or .otf'),
      z.string().regex(/^[0-9a-f]{64}$/, 'an upload id'),
    ),
    'a file name',
  ).optional(),
});
export type GameEditInput = z.output<typeof gameEditInput>;

/** A font file uploaded for the game being edited (services/game-font-uploads.ts): checked, measured, kept aside until a save writes it. */
export interface StagedGameFont {
  /** The SHA-256 of its bytes: what gameEditInput's `fontFiles` names it by, and the loaded face's `sha256`. */
  uploadId: string;
  format: 'ttf' | 'otf';
  /** The family name the file gives itself ("Blankenburg"), a label to offer. */
  familyName: string;
  bytes: number;
}

/** A card a game edit changes or leaves invalid, with why. */
export interface GameEditCard {
  cardId: string;
  name: string;
  type: string;
  setName: string;
  /** What would be wrong with the card, one sentence each (empty for a card that only moves a value). */
  problems: string[];
}

/** A deck of the game judged by the edited rules. */
export interface GameEditDeck {
  deckId: string;
  name: string;
  legalBefore: boolean;
  legalAfter: boolean;
  /** Ids of the rules (deck/evaluate.ts ruleId) the deck breaks under the edited rules. */
  brokenRules: string[];
  /** The first sentences of what is wrong under the edited rules. */
  messages: string[];
}

/** What saving the studio's files would do (checkGameEdit), or did (saveGameEdit). */
export interface GameEditReport {
  /** The edited files do not load: the loader's sentence (which file, where, why). Nothing else is checked. */
  problem?: string;
  /** The edited game as loaded, for the studio's previews and rules in words. */
  system?: GameSystem;
  /** Cards of the game checked (0 when the check left cards out). */
  cardsChecked: number;
  /** Cards valid now that the edit leaves invalid (at most MAX_REPORTED_CARDS listed; see `invalidCount`). */
  newlyInvalid: GameEditCard[];
  invalidCount: number;
  /** Cards whose values a field rename moves. */
  moved: GameEditCard[];
  movedCount: number;
  decks: GameEditDeck[];
}
export const MAX_REPORTED_CARDS = 2000;

export interface GameEditResult {
  system: SystemSummary;
  /** Cards whose fields were renamed; each one's previous version was kept as a revision. */
  cardsUpdated: number;
}

export const apiContract = {
  appInfo: returns<AppInfo>()(none),

  listSystems: returns<SystemSummary[]>()(none),
  getSystem: returns<GameSystem>()(z.object({ systemId: id })),
  listSystemProblems: returns<SystemProblem[]>()(none),
  /** Reloads the user's games whose files changed outside the app (the app asks every few seconds). */
  syncGameFolders: returns<GameFolderChanges>()(none),
  /** The starters a new game can begin from (card-schema/starters), as games. */
  listStarters: returns<GameSystem[]>()(none),
  /** Makes a new game from a starter or a copy of an installed game; it is installed at once. */
  createGame: returns<SystemSummary>()(createGameInput),
  /** One card of each of the game's card types, in the game's order (Games view). */
  sampleCards: returns<SampleCard[]>()(z.object({ systemId: id })),
  /**
   * Cards of a type that test a layout (services/layout-samples.ts): the longest name, the
   * longest text in `textField`, and one whose `emptyField` is empty; each found in SQL, at most one per reason.
   */
  layoutSampleCards: returns<LayoutSampleCard[]>()(
    z.object({ systemId: id, typeId: id, textField: fieldName.optional(), emptyField: fieldName.optional() }),
  ),
  /** A game's JSON files, for the studio. */
  getGameFiles: returns<GameFilesView>()(z.object({ systemId: id })),
  /**
   * What saving edited files would do: the loader's verdict, the game's decks judged by the new
   * rules and, with `cards`, every card that the edit leaves invalid or moves a value of.
   */
  checkGameEdit: returns<GameEditReport>()(gameEditInput.extend({ cards: z.boolean().default(false) })),
  /** Saves edited files of a user's game: the folder is replaced, renamed fields carry their values (old versions kept as revisions), and the game reloads. */
  saveGameEdit: returns<GameEditResult>()(gameEditInput),
  /**
   * Keeps a font file aside for the game being edited (a TrueType or OpenType file of at most
   * 5 MB that fontkit reads); check and save take it by its upload id in `fontFiles`.
   */
  stageGameFont: returns<StagedGameFont>()(
    z.object({
      systemId: id,
      fileName: z.string().min(1).max(500),
      bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { error: "must be the file's bytes" }),
    }),
  ),
  /**
   * A font file a game ships, for the preview: the file setting `face` of the font (its own, or
   * the regular one when the font has no file for that face).
   */
  getGameFont: returns<FileBlob>()(z.object({ systemId: id, fontId: id, face: z.enum(FONT_FACES) })),
  /**
   * Uninstalls a game the user installed, with its sets, cards and decks; for a game that is not
   * installed, deletes the sets and decks of it that remain.
   */
  removeSystem: returns<RemoveSystemResult>()(z.object({ systemId: id })),

  listSets: returns<CardSetInfo[]>()(none),
  /** A new set; its name must differ (in any case) from the names of the game's other sets. */
  createSet: returns<CardSetInfo>()(
    z.object({
      systemId: id,
      name: setName,
      description: z.string().max(SET_META_MAX.description).default(''),
      ...setMetaFields,
    }),
  ),
  /** Changes a set's metadata (rename included); fields left out stay. A name another set of the game has is a CONFLICT naming it. */
  updateSet: returns<CardSetInfo>()(
    z.object({
      id,
      name: setName.optional(),
      description: z.string().max(SET_META_MAX.description).optional(),
      ...setMetaFields,
    }),
  ),
  /**
   * A set folder the user picked (set.json, cards/*.json, images/*: paths inside the folder,
   * contents in base64) as set file text for the importSet job; a broken file is refused by its path.
   */
  readSetFolder: returns<{ fileName: string; text: string }>()(
    z.object({
      files: z
        .array(z.object({ path: z.string().min(1).max(1000), data: z.string().max(MAX_IMPORT_TEXT) }))
        .max(MAX_FOLDER_FILES),
    }),
  ),
  /** Moves the set and its cards to the trash. */
  deleteSet: returns<TrashReceipt>()(byId),
  /** A set's cards counted by type, by the game's cost field and by identity value (services/set-stats.ts). */
  setStats: returns<SetStats>()(z.object({ setId: id })),
  /**
   * Opens `count` packs of the game's pack kind `packId` from the set's cards (services/open-packs.ts):
   * the same seed opens the same packs while the set is unchanged; a slot the set cannot fill is BAD_INPUT naming it.
   */
  openPacks: returns<OpenedPacks>()(
    z.object({
      setId: id,
      packId: id,
      count: z.number().int().min(1).max(MAX_PACKS),
      seed: z.string().trim().min(1, 'a seed is needed').max(100),
    }),
  ),

  /**
   * A page of cards matching the query (docs/search.md: words, "phrases", -exclusions, field:value,
   * comparisons, set:, game:), sorted by `sort` (relevance: names starting with the words first;
   * see store/card-search.ts), or every card by name when it is blank. Page on with
   * `after: previousPage.next`. The total is exact up to 1,000 (`totalExact`); past that the
   * answer says "more than 1,000" (searchCardPages counts all).
   */
  searchCards: returns<SearchResult>()(
    searchScope.extend({
      limit: z.number().int().min(1).max(5_000).default(200),
      after: searchCursor.optional(),
    }),
  ),
  /** The exact total of a search and the cursor each of its pages starts after (see SearchPages). */
  searchCardPages: returns<SearchPages>()(searchScope.extend({ pageSize: z.number().int().min(1).max(5_000).default(200) })),
  getCards: returns<CardRecord[]>()(z.object({ ids: z.array(id).max(10_000) })),
  /** Saved searches by name: a game's and the every-game ones, or all of them when no game is given. */
  listSavedSearches: returns<SavedSearch[]>()(z.object({ systemId: id.optional() })),
  /**
   * Keeps a search under a name, for `systemId`'s game or (absent) every game; a search saved
   * under the same name in the same scope (any case) is replaced.
   */
  saveSearch: returns<SavedSearch>()(
    z.object({
      name: z.string().trim().min(1, 'a saved search needs a name').max(200),
      query: z.string().max(MAX_QUERY_TEXT),
      systemId: id.optional(),
      sort: z.enum(SEARCH_SORTS).default('relevance'),
      descending: z.boolean().default(false),
    }),
  ),
  deleteSavedSearch: returns<void>()(byId),
  /**
   * The deck builder's pool over the whole library (store/deck-pool.ts): the game's cards that
   * may go in `sectionId`, narrowed by `types`, `setId`, `identityAny` (cards with one of these
   * identity values), `costMin`/`costMax` (deck.builder.costField) and the search text; with
   * `withinIdentity` (the leader's identity values) only cards whose identity fits inside it
   * (neutral values always fit); with `leaderId` (the deck's leader card) only cards every identity
   * rule judging the section lets in against that leader, in play format `format` (the game's
   * first when absent), as the deck check judges them. Sorted by name, cost, type or identity; the
   * total is exact up to 1,000.
   */
  searchDeckPool: returns<PoolResult>()(
    z.object({
      systemId: id,
      sectionId: id,
      query: z.string().max(500).default(''),
      types: z.array(id).max(50).optional(),
      setId: id.optional(),
      withinIdentity: z.array(id).max(64).optional(),
      leaderId: id.optional(),
      format: id.optional(),
      identityAny: z.array(id).max(64).optional(),
      costMin: z.number().finite().optional(),
      costMax: z.number().finite().optional(),
      sort: z.enum(POOL_SORTS).default('name'),
      descending: z.boolean().default(false),
      limit: z.number().int().min(1).max(1_000).default(200),
      after: poolCursor.optional(),
    }),
  ),

  validateCard: returns<ValidationIssue[]>()(z.object({ systemId: id, doc: cardDocument })),
  saveCard: returns<SaveCardResult>()(z.object({ id: id.optional(), setId: id, doc: cardDocument })),
  deleteCard: returns<TrashReceipt>()(byId),
  /** The versions of a card that saves, imports and restores replaced, newest first. */
  listCardRevisions: returns<CardRevisionSummary[]>()(z.object({ cardId: id })),
  getCardRevision: returns<CardRevision>()(z.object({ id: revisionId })),
  /** Saves the revision's version as the card; the version it replaces is kept as a revision. */
  restoreCardRevision: returns<CardRecord>()(z.object({ id: revisionId })),
  /** Cards of the set added, removed and changed (field by field) since `since`. */
  setChanges: returns<SetChanges>()(z.object({ setId: id, since: isoDate })),
  /** The same as an errata log in Markdown. */
  exportSetChanges: returns<FileBlob>()(z.object({ setId: id, since: isoDate })),
  /**
   * Moves cards into another set of their game in one transaction; they keep their ids, so decks
   * still find them. Cards already in that set are left as they are. Refused, moving nothing, when
   * a card is unknown or of another game.
   */
  moveCards: returns<MoveCardsResult>()(z.object({ cardIds: z.array(id).min(1).max(MAX_MOVE_CARDS), setId: id })),

  listDecks: returns<DeckSummary[]>()(z.object({ systemId: id.optional() })),
  getDeck: returns<Deck>()(byId),
  /** The cards a print of `source` would hold (refused as the export would be: empty, too many). */
  previewPrint: returns<PrintPreview>()(
    z.object({
      source: printSource,
      copies: z.number().int().min(1).max(99).default(1),
      cardCopies: cardCopies.optional(),
      /** The window of cards to send (the preview asks for the pages it shows). */
      offset: z.number().int().min(0).max(MAX_PRINT_CARDS).default(0),
      limit: z.number().int().min(1).max(200).default(100),
      /** Also list each distinct card with its default count. */
      entries: z.boolean().default(false),
    }),
  ),
  /** Every card of the print that will not print as it should (at the print's card size); the export names the same. */
  printProblems: returns<PrintProblemList>()(
    z.object({
      source: printSource,
      copies: z.number().int().min(1).max(99).default(1),
      cardCopies: cardCopies.optional(),
      print: printOptions,
    }),
  ),
  saveDeck: returns<Deck>()(z.object({ deck: deckInput })),
  deleteDeck: returns<TrashReceipt>()(byId),
  /** The deck's snapshots, newest first: automatic (each save keeps the version it replaced) and named. */
  listDeckSnapshots: returns<DeckSnapshotSummary[]>()(z.object({ deckId: id })),
  getDeckSnapshot: returns<DeckSnapshot>()(byId),
  /** Keeps the deck as saved now under a name, until deleted. */
  keepDeckSnapshot: returns<DeckSnapshotSummary>()(z.object({ deckId: id, name: z.string().trim().min(1).max(200) })),
  /** Makes the snapshot the deck again; the version it replaces is kept as a snapshot first. */
  restoreDeckSnapshot: returns<Deck>()(byId),
  deleteDeckSnapshot: returns<void>()(byId),
  /** A new deck with the deck's cards, boards, notes and format, named `name` or "Copy of …". */
  duplicateDeck: returns<Deck>()(z.object({ id, name: z.string().trim().min(1).max(200).optional() })),
  checkDeck: returns<DeckReport>()(z.object({ deck: deckInput })),
  /** Builds and saves a deck with one of the system's generators from the library's cards. */
  exportDeck: returns<FileBlob>()(byId),
  importDeck: returns<Deck>()(
    z.object({ fileName: z.string().max(500).default('deck.json'), text: z.string().max(MAX_DECK_TEXT) }),
  ),
  /**
   * Reads a decklist (format detected: Cardwright JSON, Cockatrice .cod, plain text) against a
   * game's cards without saving it; unmatched lines come back with the closest names.
   */
  parseDeckList: returns<DeckListImport>()(
    z.object({ systemId: id, text: z.string().max(MAX_DECK_TEXT), fileName: z.string().max(500).optional() }),
  ),
  /** A saved deck as a decklist file in one of the formats. */
  exportDeckList: returns<FileBlob>()(z.object({ id, format: z.enum(DECK_LIST_FORMATS) })),
  /** Any deck (saved or not, e.g. one just read from a list) as a decklist file. */
  convertDeckList: returns<FileBlob>()(z.object({ deck: deckInput, format: z.enum(DECK_LIST_FORMATS) })),

  /**
   * Stores a picture (PNG, JPEG, WebP; SVG is rasterized to PNG) in the image library, once per
   * content; refused with the file's name and the reason when it is not an image, is damaged or
   * is larger than MAX_IMAGE_BYTES. Cards reference it by the returned id.
   */
  addImage: returns<ImageInfo>()(
    z.object({
      fileName: z.string().min(1).max(500),
      bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { error: "must be the file's bytes" }),
    }),
  ),
  /** A stored picture in one of its variants (made on first use, then cached). */
  getImage: returns<FileBlob>()(z.object({ id: imageId, variant: z.enum(IMAGE_VARIANTS) })),
  /** What the library knows about these images; ids it does not hold are left out. */
  listImageInfo: returns<ImageInfo[]>()(z.object({ ids: z.array(imageId).max(10_000) })),

  /** Deleted cards, sets, decks and games, kept for 30 days (older entries are deleted for good). */
  listTrash: returns<TrashList>()(none),
  /** Puts a trash entry back with its ids; refused with a reason when they are taken again. */
  restoreFromTrash: returns<RestoreResult>()(byId),
  /** Deletes one trash entry for good. */
  deleteFromTrash: returns<void>()(byId),
  /** Deletes every trash entry for good; returns how many there were. */
  emptyTrash: returns<{ deleted: number }>()(none),

  /** The library's backups, newest first. */
  listBackups: returns<BackupInfo[]>()(none),
  backupNow: returns<BackupInfo>()(none),
  /**
   * Replaces the library with a backup (after backing up the current one). The renderer
   * reloads its data afterwards; the backend needs no restart.
   */
  restoreBackup: returns<void>()(byId),

  /**
   * Long work (PDF export, set and game import/export, deck generation) runs as a job off the
   * main thread. `saveAs` asks the desktop app's "Save as" dialog for file outputs first; the
   * answer is null when the user cancels it. The web mode ignores it (the browser downloads).
   */
  startJob: returns<JobStatus | null>()(z.object({ job: jobSpec, saveAs: z.boolean().default(false) })),
  jobStatus: returns<JobStatus>()(z.object({ jobId: id })),
  /** Jobs running, queued or finished recently, newest first. */
  listJobs: returns<JobStatus[]>()(none),
  /** Stops a queued or running job; its partial work is undone. Finished jobs stay as they are. */
  cancelJob: returns<JobStatus>()(z.object({ jobId: id })),
  /**
   * The file a finished export job wrote, as bytes in the answer: for scripts and small files only
   * (refused past 32 MiB). The web app downloads through jobDownloadUrl.
   */
  jobOutput: returns<FileBlob>()(
    z.object({
      jobId: id,
      /** `backs`: the separate-backs layout's second file. */ file: z.enum(['main', 'backs']).default('main'),
    }),
  ),
  /**
   * Web mode: a one-time address (good for a minute) the browser downloads a finished export's
   * file from, streamed from disk. `fileName`: one of the job's files (a part, the backs file);
   * absent: its main file.
   */
  jobDownloadUrl: returns<{ url: string }>()(z.object({ jobId: id, fileName: z.string().min(1).max(500).optional() })),
  /**
   * The start of a CSV/TSV file (up to 1 MiB of it) read for mapping: encoding, delimiter,
   * header, columns with sample values, the game's fields and the mapping to offer.
   */
  previewCsv: returns<CsvPreview>()(
    z.object({
      systemId: id,
      fileName: z.string().min(1).max(500),
      bytes: csvBytes,
      /** The whole file's size when `bytes` is its start: a file past the import's limit is refused at once. */
      fileBytes: z.number().int().min(0).optional(),
      ...csvReadOptions,
    }),
  ),
  /** Keeps a CSV column mapping for the game; previewCsv offers it next time. */
  saveCsvMapping: returns<void>()(z.object({ systemId: id, mapping: csvMapping })),
  /** Desktop only: opens a finished export's file, or shows it in its folder. */
  openJobOutput: returns<void>()(z.object({ jobId: id, reveal: z.boolean().default(false) })),
};

export type ApiContract = typeof apiContract;
export type ApiMethod = keyof ApiContract;
export type ApiInput<M extends ApiMethod> = z.input<ApiContract[M]['input']>;
export type ApiParsedInput<M extends ApiMethod> = z.output<ApiContract[M]['input']>;
export type ApiOutput<M extends ApiMethod> = ApiContract[M]['output'];

/** What the services implement: one async function per method, taking parsed input. */
export type ApiHandlers = { [M in ApiMethod]: (input: ApiParsedInput<M>) => ApiOutput<M> | Promise<ApiOutput<M>> };

/** What the renderer sees: the same methods, taking the (pre-default) input. */
export type ApiClient = { [M in ApiMethod]: (input: ApiInput<M>) => Promise<ApiOutput<M>> };

export function isApiMethod(name: string): name is ApiMethod {
  return Object.prototype.hasOwnProperty.call(apiContract, name);
}
