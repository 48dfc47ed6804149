// A keyword's reminder (`x-reminder`, printed after the keyword by text elements with
// `reminders`) is a template over the keyword's own parameters. One naming anything else would
// print a hole on every card with that keyword, so the game is refused at load instead.

import { pointerChild } from '../../card-schema/system/resolve-schema';
import { hasStrayBrace, templateFields } from '../../card-schema/layout/template';
import type { SchemaProblem } from './schema-walk';

/** What is wrong with a schema's own `x-reminder`, if anything (see schema-walk.ts for reaching every schema). */
export function badReminder(schema: Record<string, unknown>, path: string): SchemaProblem | undefined {
  if (!Object.hasOwn(schema, 'x-reminder')) return undefined;
  const at = pointerChild(path, 'x-reminder');
  const template = schema['x-reminder'];
  if (typeof template !== 'string') return { path: at, reason: 'a reminder must be a text template' };
  const properties = schema.properties;
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) {
    return {
      path: at,
      reason: 'only an object schema with "properties" (a keyword and its parameters) can have a reminder',
    };
  }
  const parameters = Object.keys(properties);
  const unknown = templateFields(template).find((name) => !parameters.includes(name));
  if (unknown !== undefined) {
    return {
      path: at,
      reason: `"{${unknown}}" is not a parameter of this keyword (its parameters: ${parameters.join(', ') || 'none'})`,
    };
  }
  if (hasStrayBrace(template)) {
    return { path: at, reason: 'has a "{" or "}" that is not part of a {parameter} (write parameters as {name})' };
  }
  return undefined;
}
