// `--kebab-case value` flags onto an options object, led by the object's zod schema (as JSON
// Schema): `--paper A4` sets `paper`, `--bleed 3` sets `bleedMm` (a unit suffix may be left
// off), `--margin-top-mm 5` sets `margin.topMm`, `--crop-marks`/`--no-crop-marks` set a boolean.
// Each value is checked against what the schema accepts (its choices, its range) and refused
// with those listed; the API's schema then checks the whole, and `flagFor` turns its error paths
// back into the flag the user typed. The help text comes from the same schema, so new options in
// it are documented and work without changes here.

import { z } from 'zod';
import { UsageError, type FlagValue } from './argv';
import { didYouMean, listOf } from './suggest';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  /** The schema's `.describe()` text. */
  description?: string;
}

/** Units an option's name may end in that its flag may leave off (`bleedMm` ← `--bleed`). */
const UNITS = ['mm', 'in', 'pt', 'px', 'dpi', 'percent'];

export interface MappedOptions {
  options: Record<string, unknown>;
  /** The flag that set each option, by its dotted path ("bleedMm" → "--bleed"). */
  flags: Map<string, string>;
}

/** What one option flag accepts, for --help and for refusing a value. */
export interface OptionDoc {
  /** "--bleed-mm" */
  flag: string;
  /** The named values it takes ("A4", "Letter", …). */
  choices: string[];
  /** A number it takes, with its range. */
  number?: { min?: number; max?: number; integer: boolean };
  /** A switch: --name / --no-name. */
  isSwitch: boolean;
  /** Free text. */
  text: boolean;
  default?: unknown;
  /** Other flags that set the same thing as an alternative to the choices (--paper-width-mm …). */
  alternatives: string[];
  /** What the option does, when its schema says (`.describe()`). */
  description?: string;
}

export function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** Every option flag the schema knows, with what it accepts, in the schema's order. */
export function optionDocs(schema: z.ZodType): OptionDoc[] {
  const docs: OptionDoc[] = [];
  const walk = (node: JsonSchema, prefix: string) => {
    for (const [key, child] of Object.entries(propertiesOf(node))) {
      const flag = `--${prefix}${kebab(key)}`;
      const doc = docOf(child, flag);
      const nested = Object.keys(propertiesOf(child)).length > 0;
      if (!nested || doc.choices.length > 0 || doc.number || doc.isSwitch || doc.text) docs.push(doc);
      if (nested) walk(child, `${prefix}${kebab(key)}-`);
    }
  };
  walk(jsonSchema(schema), '');
  return docs;
}

/** The option flags the schema knows ("--paper", "--bleed-mm", …). */
export function optionFlagNames(schema: z.ZodType): string[] {
  return optionDocs(schema).map((doc) => doc.flag);
}

/** The flags that are switches (take no value), for reading the command line. */
export function switchNames(schema: z.ZodType): Set<string> {
  const names = new Set<string>();
  for (const doc of optionDocs(schema)) {
    if (!doc.isSwitch) continue;
    const name = doc.flag.slice(2);
    names.add(name);
    for (const unit of UNITS) if (name.endsWith(`-${unit}`)) names.add(name.slice(0, -unit.length - 1));
  }
  return names;
}

/** "A4|Letter|…", "N (0–6)", "" for a switch, "TEXT": what goes after the flag in --help. */
export function valuesOf(doc: OptionDoc): string {
  const parts = [...doc.choices];
  if (doc.number) parts.push(`N${rangeText(doc.number)}`);
  if (doc.text) parts.push('TEXT');
  return parts.join('|');
}

/** One row per option for the help's table: the flag with what it takes, then its default. */
export function optionHelpRows(schema: z.ZodType): [string, string][] {
  return optionDocs(schema).map((doc) => {
    const left = doc.isSwitch ? `${doc.flag} / --no-${doc.flag.slice(2)}` : `${doc.flag} ${valuesOf(doc)}`;
    const notes = [
      doc.description ?? '',
      doc.default === undefined || isPlainDefault(doc.default) ? '' : `default ${String(doc.default)}`,
    ];
    if (doc.alternatives.length > 0) notes.push(`or ${doc.alternatives.join(' with ')}`);
    return [left, notes.filter(Boolean).join('; ')];
  });
}

/** Maps each flag onto the schema's options; a flag that is no option, or a value it does not take, is refused by name. */
export function mapOptionFlags(
  flags: ReadonlyMap<string, FlagValue>,
  schema: z.ZodType,
  command: string,
  otherFlags: readonly string[] = [],
): MappedOptions {
  const root = jsonSchema(schema);
  const options: Record<string, unknown> = {};
  const byPath = new Map<string, string>();
  for (const [flag, value] of flags) {
    const found = findOption(root, flag);
    if (!found) {
      // Flags as typed may leave a unit off (--bleed for --bleed-mm): both forms are near matches.
      const names = optionFlagNames(schema);
      const known = [
        ...otherFlags,
        ...names,
        ...names.flatMap((name) =>
          UNITS.filter((unit) => name.endsWith(`-${unit}`)).map((unit) => name.slice(0, -unit.length - 1)),
        ),
      ];
      throw new UsageError(
        `${command} has no option --${flag}${didYouMean(`--${flag}`, known)}; cardwright ${command} --help lists its options`,
      );
    }
    let target = options;
    for (const key of found.path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
    target[found.path.at(-1)!] = checkedValue(value, docOf(found.schema, `--${flag}`), found.schema);
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

/** The node and the non-object variants of its unions: the values the flag itself can take. */
function valueNodes(node: JsonSchema): JsonSchema[] {
  const variants = [...(node.anyOf ?? []), ...(node.oneOf ?? [])];
  return [node, ...variants.flatMap(valueNodes)];
}

function docOf(node: JsonSchema, flag: string): OptionDoc {
  const alternatives = Object.keys(propertiesOf(node)).map((key) => `${flag}-${kebab(key)}`);
  const doc: OptionDoc = { flag, choices: [], isSwitch: false, text: false, default: node.default, alternatives };
  if (node.description) doc.description = node.description;
  for (const part of valueNodes(node)) {
    const types = [part.type ?? []].flat();
    if (part.enum) doc.choices.push(...part.enum.map(String));
    else if (part.const !== undefined) doc.choices.push(String(part.const));
    else if (types.includes('number') || types.includes('integer'))
      doc.number = { min: part.minimum, max: part.maximum, integer: types.includes('integer') };
    else if (types.includes('boolean')) doc.isSwitch = true;
    else if (types.includes('string')) doc.text = true;
    else if (types.includes('array')) doc.text = true;
  }
  return doc;
}

/** " from 0 to 6", " of at least 1": the range in a sentence. */
function rangeWords(number: NonNullable<OptionDoc['number']>): string {
  if (number.min !== undefined && number.max !== undefined) return ` from ${number.min} to ${number.max}`;
  if (number.min !== undefined) return ` of at least ${number.min}`;
  if (number.max !== undefined) return ` of at most ${number.max}`;
  return '';
}

function rangeText(number: NonNullable<OptionDoc['number']>): string {
  if (number.min !== undefined && number.max !== undefined) return ` (${number.min} to ${number.max})`;
  if (number.min !== undefined) return ` (at least ${number.min})`;
  if (number.max !== undefined) return ` (at most ${number.max})`;
  return '';
}

// Objects and an empty text (e.g. --page-range: every page) are no default worth printing.
const isPlainDefault = (value: unknown) => (typeof value === 'object' && value !== null) || value === '';

/** The flag's text as the value the option takes; a value it does not take is refused with what it does. */
function checkedValue(value: FlagValue, doc: OptionDoc, node: JsonSchema): unknown {
  const defaultNote = doc.default === undefined || isPlainDefault(doc.default) ? '' : ` (default ${String(doc.default)})`;
  if (typeof value === 'boolean') {
    if (doc.isSwitch || (!doc.number && !doc.text && doc.choices.length === 0)) return value;
    throw new UsageError(`${doc.flag} needs a value: ${listOf(acceptedList(doc))}${defaultNote}`);
  }
  const types = new Set(valueNodes(node).flatMap((part) => [part.type ?? []].flat()));
  if (types.has('array')) {
    const numbers = [node.items?.type ?? []].flat().includes('number');
    return value.split(',').map((item) => (numbers && Number.isFinite(Number(item)) ? Number(item) : item.trim()));
  }
  const choice = doc.choices.find((candidate) => candidate.toLowerCase() === value.trim().toLowerCase());
  if (choice !== undefined) return choice;
  if (doc.number) {
    const number = Number(value);
    if (value.trim() !== '' && Number.isFinite(number)) {
      const { min, max, integer } = doc.number;
      if ((min === undefined || number >= min) && (max === undefined || number <= max) && (!integer || Number.isInteger(number)))
        return number;
      const range = min !== undefined && max !== undefined ? ` from ${min} to ${max}` : rangeText(doc.number);
      throw new UsageError(
        `${doc.flag}: ${value} is not accepted; give ${integer ? 'a whole number' : 'a number'}${range}${defaultNote}`,
      );
    }
  }
  if (doc.isSwitch && /^(true|false|yes|no|on|off)$/i.test(value)) return /^(true|yes|on)$/i.test(value);
  if (doc.text) return value;
  throw new UsageError(
    `${doc.flag}: "${value}" is not accepted${didYouMean(value, doc.choices)}; give ${listOf(acceptedList(doc))}${defaultNote}`,
  );
}

/** What a flag accepts, in words: its choices, "a number (0 to 6)", the flags that set it another way. */
function acceptedList(doc: OptionDoc): string[] {
  const accepted = [...doc.choices];
  if (doc.number) accepted.push(`${doc.number.integer ? 'a whole number' : 'a number'}${rangeWords(doc.number)}`);
  if (doc.isSwitch) accepted.push('true', 'false');
  if (doc.alternatives.length > 0) accepted.push(`${doc.alternatives.join(' with ')} instead`);
  return accepted;
}
