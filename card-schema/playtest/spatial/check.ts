// What the loader checks in `board.spatial` beyond its JSON Schema: names that must exist (zones,
// modes, card types), ids used once, parts that belong to one kind of board. Pure; the loader
// turns each problem into "<file> at <path>: <message>".

import type { BoardSetup } from '../format';
import type { CardMatch } from '../../deck/format';

export interface SpatialProblem {
  at: string;
  message: string;
}

/** A card field the spatial board reads, for the loader to check that some card type has it. */
export interface SpatialFieldRef {
  field: string;
  at: string;
}

export interface SpatialRefs {
  problems: SpatialProblem[];
  fields: SpatialFieldRef[];
  /** Card types named (bases, ring holders), to check like a rule's types. */
  types: { type: string; at: string }[];
  match?: { match: CardMatch; at: string };
}

export function checkSpatial(board: BoardSetup): SpatialRefs {
  const def = board.spatial;
  const refs: SpatialRefs = { problems: [], fields: [], types: [] };
  if (!def) return refs;
  const at = '/board/spatial';
  const problem = (path: string, message: string) => refs.problems.push({ at: `${at}${path}`, message });
  const once = (ids: string[], path: (i: number) => string, what: string) => {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      if (seen.has(id)) problem(path(i), `${what} "${id}" is used twice`);
      seen.add(id);
    });
  };

  if (!board.zones.some((zone) => zone.kind === 'board')) {
    problem('', 'a spatial board needs a zone of kind "board" whose cards are its pieces');
  }
  once(
    def.sizes.map((s) => s.id),
    (i) => `/sizes/${i}/id`,
    'the size',
  );
  once(
    def.measures.map((m) => m.id),
    (i) => `/measures/${i}/id`,
    'the measure',
  );
  const modes = (board.modes ?? []).map((mode) => mode.id);
  def.sizes.forEach((size, i) =>
    size.modes?.forEach((mode, j) => {
      if (!modes.includes(mode))
        problem(`/sizes/${i}/modes/${j}`, `no game mode named "${mode}" (modes: ${modes.join(', ') || 'none'})`);
    }),
  );
  if (def.kind === 'tiles') {
    if (!def.tiles) problem('/tiles', 'is required when "kind" is "tiles"');
    def.sizes.forEach((size, i) => {
      for (const side of ['width', 'height'] as const)
        if (!Number.isInteger(size[side])) problem(`/sizes/${i}/${side}`, 'a tile map has a whole number of tiles');
    });
    for (const part of ['bases', 'deployment', 'objectives', 'terrain'] as const)
      if (def[part]) problem(`/${part}`, `belongs to a board measured in inches ("kind": "inches"), not to a tile map`);
  } else if (def.tiles) {
    problem('/tiles', 'belongs to a tile map ("kind": "tiles")');
  }
  if (def.tiles) {
    once(
      def.tiles.legend.map((k) => k.char),
      (i) => `/tiles/legend/${i}/char`,
      'the tile character',
    );
    def.tiles.legend.forEach((kind, i) => {
      if ([...kind.char].length !== 1) problem(`/tiles/legend/${i}/char`, `"${kind.char}" is not one character`);
      if (kind.only && !def.keywords)
        problem(`/tiles/legend/${i}/only`, 'names a keyword, but the board declares no "keywords" field');
    });
    if (!board.leaderSection)
      problem('/tiles/leaderField', 'the map is read from the leader card, but the board has no "leaderSection"');
    refs.fields.push({ field: def.tiles.leaderField, at: `${at}/tiles/leaderField` });
  }
  if (def.terrain) {
    const zone = board.zones.find((candidate) => candidate.id === def.terrain?.zone);
    if (!zone)
      problem('/terrain/zone', `no zone named "${def.terrain.zone}" (zones: ${board.zones.map((z) => z.id).join(', ')})`);
    else if (zone.kind !== 'other')
      problem('/terrain/zone', `terrain comes from a zone of kind "other"; "${zone.id}" is a ${zone.kind} zone`);
    if (def.terrain.sizeField) refs.fields.push({ field: def.terrain.sizeField, at: `${at}/terrain/sizeField` });
  }
  if (def.keywords) refs.fields.push({ field: def.keywords.field, at: `${at}/keywords/field` });
  def.measures.forEach((measure, i) => {
    if ('field' in measure.value) refs.fields.push({ field: measure.value.field, at: `${at}/measures/${i}/value/field` });
    else if (!def.keywords)
      problem(`/measures/${i}/value/keyword`, 'reads a keyword, but the board declares no "keywords" field');
  });
  if (def.deployment?.ring?.holders.keywords?.length && !def.keywords) {
    problem('/deployment/ring/holders/keywords', 'names keywords, but the board declares no "keywords" field');
  }
  Object.keys(def.bases?.byType ?? {}).forEach((type) => refs.types.push({ type, at: `${at}/bases/byType/${type}` }));
  def.deployment?.ring?.holders.types?.forEach((type, i) =>
    refs.types.push({ type, at: `${at}/deployment/ring/holders/types/${i}` }),
  );
  refs.match = { match: def.pieces, at: `${at}/pieces` };
  return refs;
}
