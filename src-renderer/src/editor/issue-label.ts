// A validation issue as a sentence that names the field by its form label, e.g.
// "Keywords › 1 › X: must be >= 1" for the path "/keywords/0/x".

import type { JsonSchema } from '../../../card-schema/system/json-schema';
import { matchVariant, resolveSchema } from '../../../card-schema/system/resolve-schema';
import type { ValidationIssue } from '../../../src-main/api/contract';
import { humanize } from './form-context';

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
      ? (value as Record<string, unknown>)[segment]
      : undefined;
  if (/^\d+$/.test(segment) && resolved?.items)
    return { schema: resolved.items, value: child, label: String(Number(segment) + 1) };
  const propertySchema = resolved?.properties?.[segment];
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

export function issueLabel(issue: ValidationIssue, root: JsonSchema | undefined, doc: unknown): string {
  if (!issue.path || !root) return issue.message;
  return `${fieldLabel(root, doc, issue.path)}: ${issue.message}`;
}
