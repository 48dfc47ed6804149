// What a card field is called in messages: the title its card type's schema gives it ("collector
// number"), also when the field is a `$ref` to a shared definition, else its name. Pure; reads
// only the system's card-type schemas.

import type { GameSystem } from '../system/format';
import type { JsonSchema } from '../system/json-schema';
import { resolveSchema } from '../system/resolve-schema';
import { own } from '../own-keys';

export function fieldLabel(system: GameSystem, field: string): string {
  if (field === 'id') return 'card id';
  for (const cardType of system.cardTypes) {
    const property = own(cardType.schema.properties ?? {}, field);
    const title = typeof property === 'object' && property !== null ? titleOf(cardType.schema, property) : undefined;
    if (typeof title === 'string' && title !== '') return title.charAt(0).toLowerCase() + title.slice(1);
  }
  return field;
}

/** The property's title, its own or its definition's (`$defs` holds the game's shared definitions too). */
function titleOf(schema: JsonSchema, property: JsonSchema): unknown {
  if (property.title !== undefined || property.$ref === undefined) return property.title;
  try {
    return resolveSchema(schema, property).title;
  } catch {
    return undefined; // a dangling reference: the loader reports it; here the name will do
  }
}
