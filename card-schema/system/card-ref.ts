// Card references: a string field that names another card of the same game (an evolution's
// base) declares it in its card type's JSON Schema with
//
//   "evolvesFrom": { "type": "string", "title": "Evolves from", "x-card-ref": { "types": ["miscrit"] } }
//
// The card stores the other card's name, as before (so existing cards stay valid); the editor
// offers a searchable picker over the game's cards of those types (all types when `types` is
// absent) and warns when no card has the stored name. Validation is unchanged: a name that
// matches no card is a warning, never an error (the base may be designed later).

import type { JsonSchema } from './json-schema';
import { pointerChild } from './resolve-schema';

export const CARD_REF_KEYWORD = 'x-card-ref';

export interface CardRefSpec {
  /** Card type ids the field may name; absent: any type of the game. */
  types?: string[];
}

/** The reference a (resolved) field schema declares, if it declares one well-formed. */
export function cardRefOf(schema: JsonSchema): CardRefSpec | undefined {
  const spec: unknown = schema[CARD_REF_KEYWORD];
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) return undefined;
  const types = (spec as { types?: unknown }).types;
  if (types === undefined) return {};
  return Array.isArray(types) && types.every((t) => typeof t === 'string') ? { types: [...types] } : undefined;
}

/**
 * What is wrong with a schema's own `x-card-ref` given the game's card type ids, if anything:
 * the sentence the loader shows (and the JSON pointer part under the schema, `suffix`).
 */
export function cardRefProblem(
  schema: Record<string, unknown>,
  typeIds: readonly string[],
): { suffix: string; reason: string } | undefined {
  if (!Object.hasOwn(schema, CARD_REF_KEYWORD)) return undefined;
  const spec = schema[CARD_REF_KEYWORD];
  const at = `/${CARD_REF_KEYWORD}`;
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) {
    return { suffix: at, reason: 'a card reference must be an object, like { "types": ["creature"] } or {}' };
  }
  const extra = Object.keys(spec).find((key) => key !== 'types');
  if (extra !== undefined)
    return { suffix: pointerChild(at, extra), reason: `unknown key "${extra}" (a card reference takes only "types")` };
  const types = (spec as { types?: unknown }).types;
  if (types !== undefined) {
    if (!Array.isArray(types) || types.length === 0 || !types.every((t) => typeof t === 'string')) {
      return { suffix: `${at}/types`, reason: 'must be a non-empty list of card type ids' };
    }
    const index = types.findIndex((t) => !typeIds.includes(t as string));
    if (index !== -1) {
      return {
        suffix: `${at}/types/${index}`,
        reason: `no card type named "${String(types[index])}" (types: ${typeIds.join(', ')})`,
      };
    }
  }
  if (schema.type !== 'string') {
    return { suffix: at, reason: 'only a field of "type": "string" can reference a card (it stores the card\'s name)' };
  }
  return undefined;
}
