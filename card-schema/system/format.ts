// The game-system format: everything Cardwright knows about a game is data of this shape.
// On disk a system is a folder (system.json + the files it names); `loadGameSystem` in
// src-main resolves those files into this in-memory form. No game is special-cased in code.

import type { JsonSchema } from './json-schema';
import type { CardLayout, FontFace } from '../layout/format';
import type { FontMetrics } from '../layout/font-metrics';
import type { DeckFormat } from '../deck/format';
import type { BoardSetup } from '../playtest/format';
import type { PackDef, RarityDimension } from '../packs/format';

/** The format version this code reads; older files are migrated (see ./migrate.ts). */
export const GAME_SYSTEM_FORMAT_VERSION = 3;

export interface GameSystem {
  formatVersion: number;
  id: string;
  name: string;
  version: string;
  description?: string;
  license?: { name: string; attribution: string; url?: string };
  /** Physical card size; poker size is 63 x 88 mm. */
  card: { widthMm: number; heightMm: number; cornerRadiusMm?: number };
  /** What decks are restricted by (OSMCG: colors). Absent for games without one. */
  identity?: IdentityDimension;
  cardTypes: CardTypeDef[];
  /** Shared JSON Schema definitions, merged into every card type's `$defs`. */
  definitions?: Record<string, JsonSchema>;
  /** Named card layouts; card types point at one by id. */
  layouts: Record<string, CardLayout>;
  deck: DeckFormat;
  board: BoardSetup;
  /** Rules reference the app shows beside the game: tables, optional rules, glossary. */
  reference?: GameReference;
  /** Icons that `{id}` tokens in card text turn into (`{T}` → the tap symbol). */
  symbols?: Record<string, SymbolDef>;
  /** Fonts the game ships in its folder; a layout's text element sets its text in one by id (`family`). */
  fonts?: GameFont[];
  /**
   * Labels of enum values, by field name then value id ({ "stage": { "basic": "Basic" } }):
   * what the editor, lists and messages show instead of the stored id (enum-labels.ts).
   */
  enumLabels?: Record<string, Record<string, string>>;
  /** How the game's cards read in other programs' formats (the Cockatrice set export). */
  exports?: { cockatrice?: CockatriceExport };
  // Rarity and packs (card-schema/packs/format.ts).
  /** The card field holding a card's rarity and its ordered values (set statistics, packs). */
  rarity?: RarityDimension;
  /** Kinds of pack opened from a set, slot by slot (card-schema/packs/open-packs.ts). */
  packs?: PackDef[];
}

/**
 * A card as a Cockatrice card (card-schema/exports/cockatrice.ts). Every game gets `type` and
 * `maintype` (the type's label), `cmc` (deck.builder.costField) and `colors` (identity letters);
 * this adds to them and says where cards lie on Cockatrice's table.
 */
export interface CockatriceExport {
  /**
   * More `<prop>` properties, by name, as templates of card fields: `"pt": "{atk}/{hp}"`. A list
   * is joined with ", "; a property is left out of a card that lacks a field it names.
   */
  props?: Record<string, string>;
  /** The letter of each identity value in `colors` (default: its label's first letter). */
  colors?: Record<string, string>;
  /** Cockatrice's table row of each card type: 0 lands, 1 other permanents (default), 2 creatures, 3 spells. */
  tableRows?: Record<string, number>;
}

/**
 * A font a game ships (TrueType or OpenType files in its folder). Text in it falls back to the
 * card font, then the fallback fonts, for characters the game font does not draw.
 */
export interface GameFont {
  /** What text elements name in `family`. */
  id: string;
  /** The font's name, for people ("Blankenburg"). */
  label: string;
  license: GameFontLicense;
  /**
   * The file of each face, relative to the game folder. `regular` is required; a face without a
   * file of its own is set in the regular file (never a synthesized bold or slant).
   */
  files: { regular: string; bold?: string; italic?: string };
  /** Added by the loader, never written in system.json: each declared face's file, measured. */
  faces: GameFontFaces;
}

export type GameFontFaces = { regular: GameFontFace } & Partial<Record<FontFace, GameFontFace>>;

/** The license the font is shared under: its text inline or in a file of the game folder (or both). */
export interface GameFontLicense {
  /** "SIL Open Font License 1.1" */
  name: string;
  /** A text file in the game folder holding the license ("fonts/OFL.txt"). */
  file?: string;
  text?: string;
  url?: string;
}

/** One font file as loaded: its fingerprint (what previews and PDFs know it by) and metrics. */
export interface GameFontFace {
  /** SHA-256 of the file's bytes, lowercase hex. */
  sha256: string;
  metrics: FontMetrics;
}

/** An inline symbol: SVG path data drawn at the text's size, in the text's color. */
export interface SymbolDef {
  /** SVG path data (`d`), in the coordinates of `viewBox`. */
  path: string;
  /** "minX minY width height", like SVG's viewBox; default "0 0 24 24". */
  viewBox?: string;
  /** What the symbol means, for people ("Tap"). */
  label: string;
}

export interface GameReference {
  tables?: ReferenceTable[];
  optionalRules?: OptionalRule[];
  /** Keywords, statuses and other terms, grouped by category. */
  glossary?: GlossaryEntry[];
}

/** A lookup table from the rulebook (OMMS's Creation Total table). */
export interface ReferenceTable {
  id: string;
  title: string;
  description?: string;
  columns: string[];
  rows: (string | number)[][];
}

export interface OptionalRule {
  id: string;
  label: string;
  description: string;
}

export interface GlossaryEntry {
  term: string;
  /** "Keyword", "Status", ... */
  category: string;
  text: string;
}

export interface IdentityDimension {
  /** Card field holding the card's identity values (an array of value ids). */
  field: string;
  label: string;
  values: IdentityValue[];
}

export interface IdentityValue {
  id: string;
  label: string;
  /** CSS hex color used by layouts for this value. */
  color: string;
  /** A neutral value fits every identity (OSMCG's colorless cards). */
  neutral?: boolean;
  /** A card holding this value holds no other (OSMCG's Neutral: colorless or colored, not both). */
  exclusive?: boolean;
}

export interface CardTypeDef {
  id: string;
  label: string;
  /** JSON Schema (draft 2020-12) for cards of this type; `$defs` includes `definitions`. */
  schema: JsonSchema;
  layout: string;
  /**
   * The layout printed on the back of this type's cards (default: the game's `back` layout).
   * It is drawn with the card's own fields, so a double-faced card's back can show them.
   */
  back?: string;
  /** Field order for forms and search; defaults to schema property order. */
  fieldOrder?: string[];
}

/** Every card document, whatever its game, has at least these. */
export interface CardDocument {
  type: string;
  name: string;
  text?: string;
  [field: string]: unknown;
}

/** A stored card: the document plus where it lives. */
export interface CardRecord {
  id: string;
  setId: string;
  systemId: string;
  doc: CardDocument;
  updatedAt: string;
}

export interface CardSetInfo {
  id: string;
  systemId: string;
  /** Unique within its game, whatever the case (card-schema/sets/set-meta.ts). */
  name: string;
  description: string;
  /** A short code ("CORE"), the set's version, author and license; '' when not given. */
  code: string;
  version: string;
  author: string;
  license: string;
  cardCount: number;
  updatedAt: string;
}
