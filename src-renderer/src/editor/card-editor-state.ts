// The card editor's decisions as pure functions: the document it starts from, why it cannot save
// yet, and what the Save button says. Kept out of the runes model so vitest can check them.

import type { CardDocument, CardRecord, CardSetInfo, CardTypeDef, GameSystem } from '../../../card-schema/system/format';
import { defaultValueFor, resolveSchema, sameJson } from '../../../card-schema/system/resolve-schema';
import type { ValidationIssue } from '../../../src-main/api/contract';

/** A new card of `cardType`: the schema's defaults, its type and a name (empty unless defaulted). */
export function freshDocument(cardType: CardTypeDef): CardDocument {
  const value = defaultValueFor(cardType.schema, cardType.schema);
  const doc = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return { ...doc, type: cardType.id, name: typeof doc.name === 'string' ? doc.name : '' };
}

/** A card given another type: its document, and the filled-in fields the new type has no place for. */
export interface Retyped {
  doc: CardDocument;
  /** Top-level fields the new type lacks that hold something typed (not blank, not as `untouched` has it). */
  dropped: string[];
}

/**
 * `doc` as a card of type `to`: the new type's defaults, then every field of `doc` the new type
 * also has, as it was (the checks then say whether it suits the new type). The name always stays.
 * `untouched` is what the card held before anyone typed (a new card's defaults): fields still
 * as it has them go without being named.
 */
export function retypeDocument(doc: CardDocument, to: CardTypeDef, untouched: Partial<CardDocument> = {}): Retyped {
  const next: Record<string, unknown> = { ...freshDocument(to) };
  const fields = new Set(Object.keys(resolveSchema(to.schema, to.schema).properties ?? {}));
  const dropped: string[] = [];
  for (const [field, value] of Object.entries(doc)) {
    if (field === 'type') continue;
    if (field === 'name' || fields.has(field)) next[field] = value;
    else if (!isBlank(value) && !sameJson(value, untouched[field])) dropped.push(field);
  }
  return { doc: { ...next, type: to.id } as CardDocument, dropped };
}

/** Nothing typed: empty text, an empty list or object, or no value. */
function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

export interface EditorSeed {
  type: CardTypeDef;
  doc: CardDocument;
  setId: string | null;
  /** The saved card's id; null for a new card. */
  id: string | null;
}

export interface SeedRequest {
  /** The card to edit; null for a new card. */
  card: CardRecord | null;
  /** A new card's set, when one was chosen (the library's current set). */
  setId?: string | null;
  /** A new card's type (the library's type filter). */
  typeId?: string;
  /** The set the last new card of this game went into. */
  lastUsedSetId?: string | null;
  /** A new card that starts as a copy of this document (Duplicate). */
  copyOf?: CardDocument;
}

/**
 * What the editor starts from: a private copy of the card, a copy of the duplicated one, or a fresh
 * card of the asked (or first) type. A new card goes into the asked set, else the set last used
 * for a new card of this game, else the game's only set; with several and no hint it waits for
 * the designer to choose.
 */
export function editorSeed(system: GameSystem, sets: CardSetInfo[], request: SeedRequest): EditorSeed {
  const { card, setId: initialSetId = null, typeId: initialTypeId, lastUsedSetId = null, copyOf } = request;
  const source = card?.doc ?? copyOf;
  const typeById = (id: string | undefined) => system.cardTypes.find((t) => t.id === id);
  const type = typeById(source?.type) ?? typeById(initialTypeId) ?? system.cardTypes[0];
  const doc: CardDocument = source ? (JSON.parse(JSON.stringify(source)) as CardDocument) : freshDocument(type);
  const known = (setId: string | null) => (sets.some((set) => set.id === setId) ? setId : null);
  const setId = card?.setId ?? initialSetId ?? known(lastUsedSetId) ?? (sets.length === 1 ? sets[0].id : null);
  return { type, doc, setId, id: card?.id ?? null };
}

/** Validation messages by the JSON pointer they are about. */
export function issuesByPath(issues: ValidationIssue[]): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const issue of issues) byPath.set(issue.path, [...(byPath.get(issue.path) ?? []), issue.message]);
  return byPath;
}

/** Why the card cannot be saved, one reason each; `describe` words an issue for the user. */
export function saveBlockers(
  setId: string | null,
  issues: ValidationIssue[],
  describe: (issue: ValidationIssue) => string,
): string[] {
  const reasons: string[] = [];
  if (!setId) reasons.push('Choose the set this card belongs to.');
  if (issues.length > 0)
    reasons.push(`${issues.length === 1 ? '1 problem' : `${issues.length} problems`} to fix: ${issues.map(describe).join('; ')}`);
  return reasons;
}

export interface SaveState {
  blockers: string[];
  saving: boolean;
  validating: boolean;
  dirty: boolean;
  isNew: boolean;
}

export function isSaveAllowed({ blockers, saving, validating, dirty, isNew }: SaveState): boolean {
  return blockers.length === 0 && !saving && !validating && (dirty || isNew);
}

/** The Save button's tooltip; `saveLabel` is "Save" with its shortcut. */
export function saveButtonTitle({ blockers, validating, dirty, isNew }: SaveState, saveLabel: string): string {
  if (blockers.length > 0) return blockers.join('\n');
  if (validating) return 'Checking the card…';
  if (!dirty && !isNew) return 'No changes to save';
  return saveLabel;
}

/** Whether a field's issues may show: all are shown, or the user touched it or a field inside it. */
export function issuesShownAt(pointer: string, touched: Iterable<string>, showAll: boolean): boolean {
  if (showAll) return true;
  for (const t of touched) if (t === pointer || t.startsWith(`${pointer}/`)) return true;
  return false;
}

/** "Not saved: the card has 2 problems." */
export function notSavedMessage(issueCount: number): string {
  return `Not saved: ${issueCount === 1 ? 'the card has 1 problem' : `the card has ${issueCount} problems`}.`;
}
