// `--kebab-case value` flags onto an options object, led by the object's zod schema (as JSON
// Schema): `--paper A4` sets `paper`, `--bleed 3` sets `bleedMm` (a unit suffix may be left
// off), `--margin-top-mm 5` sets `margin.topMm`, `--crop-marks`/`--no-crop-marks` set a boolean.
// Values become numbers or booleans where the schema wants them; the API's schema then checks
// them, and `flagFor` turns its error paths back into the flag the user typed. New options in
// the schema work without changes here.

import { z } from 'zod';
import { UsageError, type FlagValue } from './argv';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
}

/** Units an option's name may end in that its flag may leave off (`bleedMm` ← `--bleed`). */
const UNITS = ['mm', 'in', 'pt', 'px', 'dpi'];

export interface MappedOptions {
  options: Record<string, unknown>;
  /** The flag that set each option, by its dotted path ("bleedMm" → "--bleed"). */
  flags: Map<string, string>;
}

export function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The option flags the schema knows, for --help ("--paper", "--bleed-mm", …). */
export function optionFlagNames(schema: z.ZodType): string[] {
  const names: string[] = [];
  const walk = (node: JsonSchema, prefix: string) => {
    for (const [key, child] of Object.entries(propertiesOf(node))) {
      const name = `${prefix}${kebab(key)}`;
      if (Object.keys(propertiesOf(child)).length > 0) walk(child, `${name}-`);
      else names.push(`--${name}`);
    }
  };
  walk(jsonSchema(schema), '');
  return names;
}

/** Maps each flag onto the schema's options; a flag that is no option is refused by name. */
export function mapOptionFlags(flags: ReadonlyMap<string, FlagValue>, schema: z.ZodType, command: string): MappedOptions {
  const root = jsonSchema(schema);
  const options: Record<string, unknown> = {};
  const byPath = new Map<string, string>();
  for (const [flag, value] of flags) {
    const found = findOption(root, flag);
    if (!found) throw new UsageError(`${command} has no option --${flag} (see cardwright ${command} --help)`);
    let target = options;
    for (const key of found.path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
    target[found.path.at(-1)!] = coerce(value, found.schema, flag);
    byPath.set(found.path.join('.'), `--${flag}`);
  }
  return { options, flags: byPath };
}

/** The flag behind an API error path inside the options ("bleedMm" → "--bleed"); the longest match wins. */
export function flagFor(mapped: MappedOptions, path: readonly PropertyKey[]): string | undefined {
  for (let end = path.length; end > 0; end--) {
    const flag = mapped.flags.get(path.slice(0, end).map(String).join('.'));
    if (flag) return flag;
  }
  return undefined;
}

function jsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function findOption(node: JsonSchema, flag: string): { path: string[]; schema: JsonSchema } | undefined {
  for (const [key, child] of Object.entries(propertiesOf(node))) {
    const name = kebab(key);
    if (name === flag || UNITS.some((unit) => name === `${flag}-${unit}`)) return { path: [key], schema: child };
    if (flag.startsWith(`${name}-`)) {
      const inner = findOption(child, flag.slice(name.length + 1));
      if (inner) return { path: [key, ...inner.path], schema: inner.schema };
    }
  }
  return undefined;
}

/** An object's options, those of each variant of a union included (the first variant's wins a name). */
function propertiesOf(node: JsonSchema): Record<string, JsonSchema> {
  const variants = [...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])];
  return Object.assign({}, ...variants.reverse().map(propertiesOf), node.properties) as Record<string, JsonSchema>;
}

function typesOf(node: JsonSchema): Set<string> {
  const types = new Set<string>([node.type ?? []].flat());
  for (const part of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) for (const type of typesOf(part)) types.add(type);
  return types;
}

/** The flag's text as the type the option wants; what does not fit is passed on for the schema to refuse. */
function coerce(value: FlagValue, node: JsonSchema, flag: string): unknown {
  const types = typesOf(node);
  if (typeof value === 'boolean') {
    if (types.has('boolean') || types.size === 0) return value;
    throw new UsageError(`--${flag} needs a value`);
  }
  if (types.has('array')) return value.split(',').map((item) => coerce(item.trim(), node.items ?? {}, flag));
  if ((types.has('number') || types.has('integer')) && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  if (types.has('boolean') && /^(true|false|yes|no|on|off)$/i.test(value)) return /^(true|yes|on)$/i.test(value);
  return value;
}
