// A field of a card as the form names it: the schema's titles along a JSON pointer, e.g.
// "Keywords › 1 › X" for "/keywords/0/x". Pure, so the editor's issues, the revision history
// and the errata log (written in main) use the same words.

import type { JsonSchema } from './json-schema';
import { matchVariant, resolveSchema } from './resolve-schema';

/** "manaCost" -> "Mana cost", "art_box" -> "Art box": a field name as a label. */
export function humanize(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function unescape(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The schema and value one step down a JSON pointer (through $ref and oneOf). */
function step(root: JsonSchema, schema: JsonSchema | undefined, value: unknown, segment: string) {
  let resolved = schema ? resolveSchema(root, schema) : undefined;
  const variants = resolved?.oneOf ?? resolved?.anyOf;
  if (resolved && variants) {
    const index = matchVariant(root, variants, value);
    if (index !== -1)
      resolved = {
        ...resolved,
        ...resolveSchema(root, variants[index]),
        properties: { ...resolved.properties, ...resolveSchema(root, variants[index]).properties },
      };
  }
  const child = Array.isArray(value)
    ? value[Number(segment)]
    : value && typeof value === 'object'
      ? Object.hasOwn(value, segment)
        ? (value as Record<string, unknown>)[segment]
        : undefined
      : undefined;
  if (/^\d+$/.test(segment) && resolved?.items)
    return { schema: resolved.items, value: child, label: String(Number(segment) + 1) };
  const properties = resolved?.properties;
  const propertySchema = properties && Object.hasOwn(properties, segment) ? properties[segment] : undefined;
  const title = propertySchema ? resolveSchema(root, propertySchema).title : undefined;
  return { schema: propertySchema, value: child, label: title ?? humanize(segment) };
}

/** The form's labels along a JSON pointer, e.g. "Keywords › 1 › X" for "/keywords/0/x". */
export function fieldLabel(root: JsonSchema, doc: unknown, pointer: string): string {
  const labels: string[] = [];
  let schema: JsonSchema | undefined = root;
  let value = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const next = step(root, schema, value, unescape(raw));
    labels.push(next.label);
    schema = next.schema;
    value = next.value;
  }
  return labels.join(' › ');
}
