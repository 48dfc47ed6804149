// Renders layout text templates such as "{cost}" or "{keywords}" against a card document.
// Values display through their JSON Schema: keyword objects via the `x-display` template of
// the matching `oneOf` variant, arrays joined with ", " (or one per line with `{field|lines}`),
// numbers as is (or with a sign with `{field|signed}`: "+2", "−1"), enum ids as stored (or by the
// game's labels with `{field|label}`: "Evolution" for "evolution"). With reminders on, a keyword
// whose schema has an `x-reminder` template is followed by that reminder in parentheses, marked
// for layout to set in italic (styled-text.ts).

import type { JsonSchema } from '../system/json-schema';
import { own } from '../own-keys';
import { markReminder, withoutMarks } from './styled-text';

export interface TemplateContext {
  /** Schema of the object whose fields the template names (the card type's schema). */
  schema?: JsonSchema;
  /** Definitions `$ref: "#/$defs/<name>"` resolves against. */
  defs?: Record<string, JsonSchema>;
  /** Values that are not card fields, e.g. `typeLabel`; they take precedence over fields. */
  vars?: Record<string, string>;
  /** Follow each keyword that has an `x-reminder` with its reminder text (a layout's `reminders`). */
  reminders?: boolean;
  /** The game's label of an enum value, for `{field|label}`. */
  enumLabel?: (field: string, value: string) => string | undefined;
}

/** What rendering needs besides the value at hand. */
interface Scope {
  /** Definitions `$ref: "#/$defs/<name>"` resolves against. */
  defs: Record<string, JsonSchema>;
  reminders: boolean;
}

// A placeholder, optionally wrapped in parentheses: " ({cost})" disappears entirely when
// the value is empty, so "{name} ({cost}): {text}" reads "Gale: …" for an ability without cost.
const PLACEHOLDER =
  /( ?)\(\{([A-Za-z_$][\w$.-]*)(?:\|(lines|signed|label))?\}\)|\{([A-Za-z_$][\w$.-]*)(?:\|(lines|signed|label))?\}/g;
/** Guards against `$ref` cycles and absurdly deep documents. */
const MAX_DEPTH = 12;

/** The names `template`'s placeholders use, in order (card fields and vars alike). */
export function templateFields(template: string): string[] {
  return Array.from(template.matchAll(PLACEHOLDER), (groups) => groups[2] ?? groups[4] ?? '').filter((name) => name !== '');
}

/** Whether `template` has a brace that is not part of a placeholder (a typo such as "{dmg" or "{x|upper}"). */
export function hasStrayBrace(template: string): boolean {
  return /[{}]/.test(template.replace(PLACEHOLDER, ''));
}

/** Renders `template`, replacing each `{field}` by the display text of `values[field]`. */
export function renderTemplate(template: string, values: Record<string, unknown>, context: TemplateContext = {}): string {
  const scope: Scope = { defs: context.defs ?? context.schema?.$defs ?? {}, reminders: context.reminders === true };
  return renderWith(template, values, context.schema, scope, context.vars ?? {}, 0, context.enumLabel);
}

function renderWith(
  template: string,
  values: Record<string, unknown>,
  schema: JsonSchema | undefined,
  scope: Scope,
  vars: Record<string, string>,
  depth: number,
  enumLabel?: TemplateContext['enumLabel'],
): string {
  const show = (field: string, modifier: string | undefined): string => {
    if (Object.hasOwn(vars, field)) return withoutMarks(vars[field]);
    // Own fields only: a template naming {constructor} must not print Object's constructor.
    const value = own(values, field);
    if (modifier === 'signed' && typeof value === 'number' && Number.isFinite(value)) return signed(value);
    if (modifier === 'label' && enumLabel) {
      // A value (or list of values) the game labels reads by its label; anything else as usual.
      const label = (item: unknown) => (typeof item === 'string' ? (enumLabel(field, item) ?? item) : item);
      return displayValue(Array.isArray(value) ? value.map(label) : label(value), undefined, scope, depth + 1);
    }
    const fieldSchema = resolve(schema?.properties && own(schema.properties, field), scope.defs);
    return displayValue(value, fieldSchema, scope, depth + 1, modifier === 'lines' ? '\n' : undefined);
  };
  // Only rendering may mark reminders: marks already in a game's template are dropped.
  return withoutMarks(template).replace(PLACEHOLDER, (...groups: (string | undefined)[]) => {
    const [, space, wrapped, wrappedModifier, field, modifier] = groups;
    if (wrapped === undefined) return show(field ?? '', modifier);
    const text = show(wrapped, wrappedModifier);
    return text === '' ? '' : `${space ?? ''}(${text})`;
  });
}

/** Follows local `$ref`s ("#/$defs/name") until a schema without one; undefined if dangling. */
function resolve(schema: JsonSchema | undefined, defs: Record<string, JsonSchema>): JsonSchema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref !== undefined && hops < MAX_DEPTH; hops++) {
    const match = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(current.$ref);
    const target = match ? own(defs, decodeURIComponent(match[1])) : undefined;
    if (!target) return undefined;
    // Keywords beside `$ref` (2020-12 allows them) refine the target, e.g. an `x-display`.
    const { $ref: _ref, ...siblings } = current;
    current = { ...target, ...siblings };
  }
  return current;
}

/** The display text of one value; `separator` overrides how an array's items are joined. */
function displayValue(value: unknown, schema: JsonSchema | undefined, scope: Scope, depth: number, separator?: string): string {
  if (value === undefined || value === null || depth > MAX_DEPTH) return '';
  // A card's own text never carries reminder marks: only a game's `x-reminder` does.
  if (typeof value === 'string') return withoutMarks(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  // A flag with an `x-display` shows that text when true and nothing when false ("golden").
  if (typeof value === 'boolean') {
    const shown = schema?.['x-display'];
    if (typeof shown === 'string') return value ? withoutMarks(shown) : '';
    return value ? 'Yes' : 'No';
  }
  if (Array.isArray(value)) return displayArray(value, schema, scope, depth, separator);
  if (typeof value === 'object') return displayObject(value as Record<string, unknown>, schema, scope, depth);
  return '';
}

function displayArray(
  items: unknown[],
  schema: JsonSchema | undefined,
  scope: Scope,
  depth: number,
  separator: string | undefined,
): string {
  const { defs } = scope;
  const itemSchema = resolve(schema?.items, defs);
  const rendered = items
    .filter((item) => !isUnnamed(item, itemSchema))
    .map((item) => displayValue(item, itemSchema, scope, depth + 1))
    .filter((text) => text !== '');
  // Objects without a display template read best one per line ("Name (cost): text").
  const objectsWithoutTemplate =
    items.length > 0 && items.every((item) => isPlainObject(item) && !displayTemplateFor(item, itemSchema, defs));
  const joiner = separator ?? (schema?.['x-multiline'] === true || objectsWithoutTemplate ? '\n' : ', ');
  return rendered.join(joiner);
}

/**
 * A list entry whose schema has a `name` it leaves blank (an attack just added in the editor):
 * not shown until named, so the card never reads ": 0 damage".
 */
function isUnnamed(item: unknown, schema: JsonSchema | undefined): boolean {
  if (!isPlainObject(item) || !schema?.properties || !Object.hasOwn(schema.properties, 'name')) return false;
  const name = own(item, 'name');
  return name === undefined || (typeof name === 'string' && name.trim() === '');
}

function displayObject(value: Record<string, unknown>, schema: JsonSchema | undefined, scope: Scope, depth: number): string {
  const variant = pickVariant(value, schema, scope.defs);
  const template = variant?.['x-display'] ?? schema?.['x-display'];
  const shown =
    typeof template === 'string'
      ? renderWith(template, value, variant ?? schema, scope, {}, depth)
      : defaultObjectDisplay(value, variant ?? schema, scope, depth);
  const reminder = variant?.['x-reminder'] ?? schema?.['x-reminder'];
  if (!scope.reminders || typeof reminder !== 'string' || shown === '') return shown;
  // The reminder reads the keyword's own parameters; nothing inside it has reminders of its own.
  const text = renderWith(reminder, value, variant ?? schema, { ...scope, reminders: false }, {}, depth).trim();
  return text === '' ? shown : `${shown} ${markReminder(`(${text})`)}`;
}

function displayTemplateFor(
  value: Record<string, unknown>,
  schema: JsonSchema | undefined,
  defs: Record<string, JsonSchema>,
): string | undefined {
  const template = pickVariant(value, schema, defs)?.['x-display'] ?? schema?.['x-display'];
  return typeof template === 'string' ? template : undefined;
}

/** "Name (cost): text" for objects shaped like abilities; otherwise the values in order. */
function defaultObjectDisplay(
  value: Record<string, unknown>,
  schema: JsonSchema | undefined,
  scope: Scope,
  depth: number,
): string {
  const show = (field: string) =>
    displayValue(own(value, field), resolve(schema?.properties && own(schema.properties, field), scope.defs), scope, depth + 1);
  const name = show('name');
  if (name) {
    const cost = show('cost');
    const text = show('text');
    return `${name}${cost ? ` (${cost})` : ''}${text ? `: ${text}` : ''}`;
  }
  return Object.keys(value)
    .map(show)
    .filter((text) => text !== '')
    .join(' ');
}

/**
 * The `oneOf`/`anyOf` variant whose `const` properties all equal the value's fields
 * (e.g. `{ kw: { const: "Ranged" } }` for `{ kw: "Ranged", dmg: 2 }`).
 */
function pickVariant(
  value: Record<string, unknown>,
  schema: JsonSchema | undefined,
  defs: Record<string, JsonSchema>,
): JsonSchema | undefined {
  const variants = schema?.oneOf ?? schema?.anyOf;
  if (!variants) return undefined;
  let fallback: JsonSchema | undefined;
  for (const raw of variants) {
    const variant = resolve(raw, defs);
    if (!variant) continue;
    const consts = Object.entries(variant.properties ?? {}).filter(
      ([, prop]) => prop.const !== undefined || prop.enum?.length === 1,
    );
    if (consts.length === 0) {
      fallback ??= variant;
      continue;
    }
    const matches = consts.every(
      ([field, prop]) => (prop.const !== undefined ? prop.const : prop.enum?.[0]) === own(value, field),
    );
    if (matches) return variant;
  }
  return fallback;
}

/** "+2", "−1" (a true minus sign) or "0". */
function signed(value: number): string {
  if (value > 0) return `+${value}`;
  if (value < 0) return `\u2212${-value}`;
  return '0';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
