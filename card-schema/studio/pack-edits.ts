// The studio's edits of how a game is sold: which card field is the rarity and its values (most
// common first), and the kinds of pack, slot by slot. Each edit checks its input first and
// either returns the next files or refuses with one sentence at the field it concerns;
// `packProblems` lists what is wrong in rarity and packs as written, each at its field.
//
// Pure: files in, files (or a refusal) out, the old map untouched for undo (game-files.ts).

import { isObject, systemJson, withSystem, type GameFileMap, type Json } from './game-files';
import { done, idProblem, list, refuse, withoutKey, type EditResult, type PlayProblem } from './play-edit-shared';

/** A pack slot's count bounds (the format's). */
export const SLOT_MAX = 100;

export function rarityOf(files: GameFileMap): Json | undefined {
  const rarity = systemJson(files).rarity;
  return isObject(rarity) ? rarity : undefined;
}

export function packsOf(files: GameFileMap): Json[] {
  return list(systemJson(files).packs);
}

const slotRarities = (slot: Json): unknown[] =>
  Array.isArray(slot.rarity) ? slot.rarity : slot.rarity === undefined ? [] : [slot.rarity];

/** Gives the game a rarity (field and name), with one value to start from; or changes them. */
export function setRarity(files: GameFileMap, input: { field: string; label: string }): EditResult {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(input.field))
    return refuse('rarity-field', 'Name the card field that holds the rarity (letters, digits and _).');
  if (input.label.trim() === '') return refuse('rarity-label', 'Say what rarity is called (“Rarity”).');
  const current = rarityOf(files);
  const values = current ? list(current.values) : [{ id: 'common', label: 'Common' }];
  return done(withSystem(files, (system) => ({ ...system, rarity: { field: input.field, label: input.label.trim(), values } })));
}

/** Removes rarity from the game, unless a pack slot still draws by it. */
export function removeRarity(files: GameFileMap): EditResult {
  if (packsOf(files).some((pack) => list(pack.slots).some((slot) => slotRarities(slot).length > 0))) {
    return refuse('rarity', 'Pack slots draw by rarity: change them to card matches or remove them first.');
  }
  return done(withSystem(files, (system) => withoutKey(system, 'rarity')));
}

export function addRarityValue(files: GameFileMap, value: { id: string; label: string; color?: string }): EditResult {
  const rarity = rarityOf(files);
  if (!rarity) return refuse('rarity-value-id', 'Give the game a rarity field first.');
  const values = list(rarity.values);
  if (value.id.trim() === '' || /\s/.test(value.id))
    return refuse('rarity-value-id', 'Give the rarity an id without spaces (“rare”).');
  if (values.some((v) => v.id === value.id)) return refuse('rarity-value-id', `The game has a rarity “${value.id}” already.`);
  if (values.length >= 20) return refuse('rarity-value-id', 'A game has at most 20 rarities.');
  if (value.label.trim() === '') return refuse('rarity-value-label', 'Give the rarity a name players see.');
  const colorProblem = value.color === undefined ? undefined : hexProblem(value.color);
  if (colorProblem) return refuse('rarity-value-color', colorProblem);
  const added: Json = { id: value.id, label: value.label.trim(), ...(value.color ? { color: value.color } : {}) };
  return done(withSystem(files, (system) => ({ ...system, rarity: { ...rarity, values: [...values, added] } })));
}

const hexProblem = (color: string): string | undefined =>
  /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(color) ? undefined : 'A colour is #rgb or #rrggbb.';

export function setRarityValue(files: GameFileMap, id: string, patch: { label?: string; color?: string | null }): EditResult {
  const rarity = rarityOf(files);
  const values = rarity ? list(rarity.values) : [];
  if (!rarity || !values.some((v) => v.id === id)) return refuse(`rarity:${id}`, `The game has no rarity “${id}”.`);
  if (patch.label !== undefined && patch.label.trim() === '')
    return refuse(`rarity:${id}:label`, 'Give the rarity a name players see.');
  const colorProblem = typeof patch.color === 'string' ? hexProblem(patch.color) : undefined;
  if (colorProblem) return refuse(`rarity:${id}:color`, colorProblem);
  const next = values.map((v) => {
    if (v.id !== id) return v;
    const copy: Json = { ...v, ...(patch.label !== undefined ? { label: patch.label.trim() } : {}) };
    if (patch.color === null) delete copy.color;
    else if (patch.color !== undefined) copy.color = patch.color;
    return copy;
  });
  return done(withSystem(files, (system) => ({ ...system, rarity: { ...rarity, values: next } })));
}

export function removeRarityValue(files: GameFileMap, id: string): EditResult {
  const rarity = rarityOf(files);
  const values = rarity ? list(rarity.values) : [];
  if (!rarity) return refuse(`rarity:${id}`, `The game has no rarity “${id}”.`);
  if (values.length <= 1) return refuse(`rarity:${id}`, 'A rarity needs at least one value; remove the rarity instead.');
  const pack = packsOf(files).find((p) => list(p.slots).some((slot) => slotRarities(slot).includes(id)));
  if (pack) return refuse(`rarity:${id}`, `The pack “${String(pack.label)}” has a slot of this rarity: change it first.`);
  return done(withSystem(files, (system) => ({ ...system, rarity: { ...rarity, values: values.filter((v) => v.id !== id) } })));
}

/** A first slot for a new pack: the most common rarity, or else the game's first card type. */
function defaultSlot(files: GameFileMap): Json {
  const first = rarityOf(files) ? list(rarityOf(files)?.values)[0] : undefined;
  if (first) return { rarity: first.id, count: 1 };
  const type = list(systemJson(files).cardTypes)[0];
  return { match: { types: [type?.id ?? 'card'] }, count: 1 };
}

export function addPack(files: GameFileMap, pack: { id: string; label: string }): EditResult {
  const packs = packsOf(files);
  const problem = idProblem(
    pack.id,
    packs.map((p) => p.id),
    'pack',
  );
  if (problem) return refuse('pack-id', problem);
  if (pack.label.trim() === '') return refuse('pack-label', 'Give the pack a name (“Booster”).');
  if (packs.length >= 50) return refuse('pack-id', 'A game has at most 50 kinds of pack.');
  const added = { id: pack.id, label: pack.label.trim(), slots: [defaultSlot(files)] };
  return done(withSystem(files, (system) => ({ ...system, packs: [...packs, added] })));
}

export function removePack(files: GameFileMap, id: string): EditResult {
  const packs = packsOf(files).filter((p) => p.id !== id);
  return done(withSystem(files, (system) => (packs.length === 0 ? withoutKey(system, 'packs') : { ...system, packs })));
}

export function setPack(
  files: GameFileMap,
  id: string,
  patch: { id?: string; label?: string; description?: string },
): EditResult {
  const packs = packsOf(files);
  if (!packs.some((p) => p.id === id)) return refuse(`pack:${id}`, `The game has no pack “${id}”.`);
  if (patch.id !== undefined && patch.id !== id) {
    const problem = idProblem(
      patch.id,
      packs.map((p) => p.id),
      'pack',
    );
    if (problem) return refuse(`pack:${id}:id`, problem);
  }
  if (patch.label !== undefined && patch.label.trim() === '')
    return refuse(`pack:${id}:label`, 'Give the pack a name (“Booster”).');
  return withPack(files, id, (pack) => {
    const next: Json = { ...pack, ...patch, ...(patch.label !== undefined ? { label: patch.label.trim() } : {}) };
    if (patch.description !== undefined && patch.description.trim() === '') delete next.description;
    return next;
  });
}

function withPack(files: GameFileMap, id: string, change: (pack: Json) => Json): EditResult {
  return done(
    withSystem(files, (system) => ({ ...system, packs: list(system.packs).map((p) => (p.id === id ? change(p) : p)) })),
  );
}

export function addSlot(files: GameFileMap, packId: string): EditResult {
  const pack = packsOf(files).find((p) => p.id === packId);
  if (!pack) return refuse(`pack:${packId}`, `The game has no pack “${packId}”.`);
  if (list(pack.slots).length >= 50) return refuse(`pack:${packId}`, 'A pack has at most 50 slots.');
  return withPack(files, packId, (p) => ({ ...p, slots: [...list(p.slots), defaultSlot(files)] }));
}

export function removeSlot(files: GameFileMap, packId: string, index: number): EditResult {
  const pack = packsOf(files).find((p) => p.id === packId);
  if (!pack) return refuse(`pack:${packId}`, `The game has no pack “${packId}”.`);
  if (list(pack.slots).length <= 1)
    return refuse(`pack:${packId}:slot:${index}`, 'A pack needs at least one slot; remove the pack instead.');
  return withPack(files, packId, (p) => ({ ...p, slots: list(p.slots).filter((_, i) => i !== index) }));
}

/**
 * What a slot draws: `count` cards of `rarities` (one or more of the game's) and/or of the card
 * `types` (a match); an empty list drops that half. A match's other conditions (`where`,
 * `names`) and the weights (while the rarities stay the same) are kept.
 */
export function setSlot(
  files: GameFileMap,
  packId: string,
  index: number,
  input: { count: number; rarities: string[]; types: string[]; label?: string },
): EditResult {
  const field = `pack:${packId}:slot:${index}`;
  const pack = packsOf(files).find((p) => p.id === packId);
  const slot = pack ? list(pack.slots)[index] : undefined;
  if (!pack || !slot) return refuse(field, `The pack has no slot ${index + 1}.`);
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > SLOT_MAX) {
    return refuse(`${field}:count`, `A slot draws from 1 to ${SLOT_MAX} cards.`);
  }
  const known = list(rarityOf(files)?.values).map((v) => v.id);
  const unknown = input.rarities.find((r) => !known.includes(r));
  if (unknown !== undefined) return refuse(`${field}:rarity`, `The game has no rarity “${unknown}”.`);
  const hasMatchRest = isObject(slot.match) && Object.keys(slot.match).some((key) => key !== 'types');
  if (input.rarities.length === 0 && input.types.length === 0 && !hasMatchRest) {
    return refuse(`${field}:rarity`, 'A slot draws cards of a rarity or of a card type: choose at least one.');
  }
  const next: Json = { ...slot, count: input.count };
  const before = slotRarities(slot);
  if (input.rarities.length === 0) delete next.rarity;
  else next.rarity = input.rarities.length === 1 ? input.rarities[0] : [...input.rarities];
  if (!(Array.isArray(slot.weights) && sameList(before, input.rarities))) delete next.weights;
  const match: Json = isObject(slot.match) ? withoutKey(slot.match, 'types') : {};
  if (input.types.length > 0) match.types = [...input.types];
  if (Object.keys(match).length === 0) delete next.match;
  else next.match = match;
  if (input.label !== undefined) {
    if (input.label.trim() === '') delete next.label;
    else next.label = input.label.trim();
  }
  return withPack(files, packId, (p) => ({ ...p, slots: list(p.slots).map((s, i) => (i === index ? next : s)) }));
}

const sameList = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** What is wrong with the rarity and packs as written, each at its field. */
export function packProblems(files: GameFileMap): PlayProblem[] {
  const problems: PlayProblem[] = [];
  const add = (field: string, message: string | undefined): void => {
    if (message) problems.push({ field, message });
  };
  const rarity = rarityOf(files);
  const known = list(rarity?.values).map((v) => v.id);
  const packIds = new Set<unknown>();
  for (const pack of packsOf(files)) {
    const at = `pack:${String(pack.id)}`;
    if (packIds.has(pack.id)) add(`${at}:id`, `Two packs have the id “${String(pack.id)}”.`);
    packIds.add(pack.id);
    list(pack.slots).forEach((slot, index) => {
      const field = `${at}:slot:${index}`;
      if (typeof slot.count !== 'number' || !Number.isInteger(slot.count) || slot.count < 1 || slot.count > SLOT_MAX) {
        add(`${field}:count`, `Slot ${index + 1} draws ${String(slot.count)} cards; a slot draws from 1 to ${SLOT_MAX}.`);
      }
      for (const id of slotRarities(slot)) {
        if (!known.includes(id))
          add(
            `${field}:rarity`,
            rarity
              ? `Slot ${index + 1} names the rarity “${String(id)}”, which the game does not have.`
              : `Slot ${index + 1} draws by rarity, but the game has no rarity.`,
          );
      }
      if (slotRarities(slot).length === 0 && slot.match === undefined)
        add(`${field}:rarity`, `Slot ${index + 1} draws neither by rarity nor by card type.`);
    });
  }
  return problems;
}
