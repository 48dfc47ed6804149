// The text on a card's front that can be typed on in place ("type on the card"): each text
// element of the card's front layout that shows one card field a user can type, with its box,
// in reading order (what Tab and Shift+Tab walk).
//
// Which field an element edits: the template's placeholders that name a top-level property of
// the card type's schema holding plain text (a string that is not an enum, a constant, a picture
// or a choice of variants; a card reference is a string too) or a number (integer or not,
// parsed when committed).
//   - One such field: that one ("{name}", "Inflicts {inflicts}", "{atk|signed}").
//   - Several: only the string fields count, as numbers side by side ("{atk}/{def}") are
//     ambiguous; of those, the last one marked `x-multiline` (rules text), else the last one
//     ("{keywords|lines}\n{text}" edits `text`). Only numbers: not editable.
// An element is skipped when it is hidden or its condition hides it on this card, except one
// whose `when` is the very field it edits while that field is empty: an empty flavour text
// would otherwise never show a box to type into.

import type { CardDocument, GameSystem } from '../system/format';
import type { JsonSchema } from '../system/json-schema';
import type { FontFace, TextElement } from './format';
import { humanize } from '../system/field-label';
import { isImageField } from '../system/image-field';
import { pointerChild, resolveSchema, schemaTypes } from '../system/resolve-schema';
import { own } from '../own-keys';
import { frontLayoutOf, isShown } from './layout-card';
import { templateFields } from './template';

export type EditableValueKind = 'string' | 'number' | 'integer';

export interface EditableText {
  /** The element's index in the layout's elements (a stable key while the layout stays). */
  index: number;
  /** The element's box, in card millimetres. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** The card field it edits, and its JSON pointer ("/name"). */
  field: string;
  pointer: string;
  /** The form's label of the field. */
  label: string;
  kind: EditableValueKind;
  /** Rules text (`x-multiline`): Enter starts a new line instead of committing. */
  multiline: boolean;
  required: boolean;
  maxLength?: number;
  /** How the element sets its text, so the in-place editor looks like it. */
  size: number;
  font: FontFace;
  align: 'left' | 'center' | 'right';
}

/** The editable text elements of `doc`'s front, in reading order (top to bottom, then left to right). */
export function editableTexts(system: GameSystem, doc: CardDocument): EditableText[] {
  const cardType = system.cardTypes.find((type) => type.id === doc.type);
  const layout = frontLayoutOf(system, doc);
  if (!cardType || !layout) return [];
  const root = cardType.schema;
  const required = new Set(root.required ?? []);
  const found: EditableText[] = [];
  layout.elements.forEach((element, index) => {
    if (element.kind !== 'text') return;
    const target = editedField(root, element);
    if (!target || !shownForEditing(element, doc, target.field)) return;
    found.push({
      index,
      x: element.x,
      y: element.y,
      w: element.w,
      h: element.h,
      field: target.field,
      pointer: pointerChild('', target.field),
      label: target.schema.title ?? humanize(target.field),
      kind: target.kind,
      multiline: target.kind === 'string' && target.schema['x-multiline'] === true,
      required: required.has(target.field),
      ...(typeof target.schema.maxLength === 'number' ? { maxLength: target.schema.maxLength } : {}),
      size: element.size,
      font: element.font ?? 'regular',
      align: element.align ?? 'left',
    });
  });
  return readingOrder(found);
}

/**
 * The value a typed text puts in the card, as the form would: an empty optional field is
 * removed (undefined), an empty required number stays as null so validation names it, and a
 * number that does not parse is kept as typed so validation says it is not a number.
 */
export function typedValue(target: Pick<EditableText, 'kind' | 'required'>, text: string): unknown {
  if (target.kind === 'string') return text === '' && !target.required ? undefined : text;
  const trimmed = text.trim();
  if (trimmed === '') return target.required ? null : undefined;
  const number = Number(trimmed.replace('\u2212', '-'));
  return Number.isFinite(number) ? number : text;
}

/** The text the in-place editor starts with for the field's current value. */
export function editableValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

interface EditedField {
  field: string;
  schema: JsonSchema;
  kind: EditableValueKind;
}

function editedField(root: JsonSchema, element: TextElement): EditedField | undefined {
  const candidates: EditedField[] = [];
  for (const field of new Set(templateFields(element.text))) {
    const property = root.properties && own(root.properties, field);
    if (!property) continue;
    let schema: JsonSchema;
    try {
      schema = resolveSchema(root, property);
    } catch {
      continue; // a broken $ref: the form cannot edit it either
    }
    const kind = valueKind(schema);
    if (kind) candidates.push({ field, schema, kind });
  }
  if (candidates.length <= 1) return candidates[0];
  const strings = candidates.filter((candidate) => candidate.kind === 'string');
  return strings.findLast((candidate) => candidate.schema['x-multiline'] === true) ?? strings.at(-1);
}

function valueKind(schema: JsonSchema): EditableValueKind | undefined {
  if (schema.const !== undefined || schema.enum?.length || schema.oneOf?.length || schema.anyOf?.length) return undefined;
  if (isImageField(schema)) return undefined;
  const types = schemaTypes(schema).filter((type) => type !== 'null');
  if (types.length !== 1) return undefined;
  if (types[0] === 'string') return 'string';
  if (types[0] === 'integer' || types[0] === 'number') return types[0];
  return undefined;
}

/** Whether the element shows on this card (as layoutCard judges it), or is the box of its own empty field. */
function shownForEditing(element: TextElement, doc: CardDocument, field: string): boolean {
  if (isShown(element, doc)) return true;
  // It shows its field only once filled: while the field is empty, its box stays to type into.
  const { when: _when, whenEquals: _whenEquals, ...unconditional } = element;
  return element.when === field && isEmptyField(doc, field) && isShown(unconditional, doc);
}

/** Empty as layouts judge `when` and `unless` (nothing, "", false, [], {}): one copy of that rule, in isShown. */
function isEmptyField(doc: CardDocument, field: string): boolean {
  return isShown({ kind: 'rect', x: 0, y: 0, w: 0, h: 0, unless: field }, doc);
}

/**
 * Top to bottom, then left to right: boxes whose vertical middles lie within half the smaller
 * box's height of each other share a row (a name beside its cost badge), read left to right.
 */
function readingOrder(texts: EditableText[]): EditableText[] {
  const byTop = [...texts].sort((a, b) => a.y + a.h / 2 - (b.y + b.h / 2) || a.x - b.x);
  const rows: EditableText[][] = [];
  for (const text of byTop) {
    const row = rows.at(-1);
    const first = row?.[0];
    const middle = (box: EditableText) => box.y + box.h / 2;
    if (row && first && Math.abs(middle(text) - middle(first)) <= Math.min(text.h, first.h) / 2) row.push(text);
    else rows.push([text]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.x - b.x));
}
