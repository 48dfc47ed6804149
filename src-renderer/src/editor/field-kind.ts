// Which control a (resolved) schema gets in the generated form.

import type { JsonSchema } from '../../../card-schema/system/json-schema';
import { resolveSchema, schemaTypes } from '../../../card-schema/system/resolve-schema';
import { isImageField } from '../../../card-schema/system/image-field';
import { cardRefOf } from '../../../card-schema/system/card-ref';

export type FieldKind =
  | 'hidden'
  | 'image'
  | 'card-ref'
  | 'variant'
  | 'enum'
  | 'string'
  | 'text'
  | 'number'
  | 'boolean'
  | 'chips'
  | 'array'
  | 'object'
  | 'json';

export function fieldKind(root: JsonSchema, schema: JsonSchema): FieldKind {
  // A fixed value (e.g. a card's "type" or a keyword's "kw") is not something to edit.
  if (schema.const !== undefined) return 'hidden';
  // An image reference is an object, but edited as one picture.
  if (isImageField(schema)) return 'image';
  // A string naming another card of the game: a picker over the game's cards.
  if (cardRefOf(schema)) return 'card-ref';
  if (schema.oneOf?.length || schema.anyOf?.length) return 'variant';
  if (schema.enum?.length) return 'enum';
  const types = schemaTypes(schema).filter((type) => type !== 'null');
  switch (types[0]) {
    case 'string':
      return schema['x-multiline'] === true ? 'text' : 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return 'object';
    case 'array': {
      const items = schema.items ? resolveSchema(root, schema.items) : undefined;
      return schema.uniqueItems && items?.enum?.length ? 'chips' : 'array';
    }
    default:
      return 'json';
  }
}

/** Singular noun for one entry of a list labelled `label` ("Keywords" → "Keyword"). */
export function singular(label: string): string {
  if (/ies$/i.test(label)) return label.replace(/ies$/i, 'y');
  if (/(ss|us)$/i.test(label)) return label;
  if (/s$/i.test(label)) return label.slice(0, -1);
  return label;
}
