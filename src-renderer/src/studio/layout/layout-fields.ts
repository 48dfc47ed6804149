// The card fields a layout can show, read from the card type's schema in the studio's files:
// what the inspector's field pickers list, and which fields the preview strip tests (the rules
// text, an optional field the layout shows).

import type { CardLayout } from '../../../../card-schema/layout/format';
import { isObject, typeSchemaOf, type GameFileMap } from '../../../../card-schema/studio/game-files';

export interface LayoutField {
  name: string;
  /** The field's title, else its name. */
  label: string;
  required: boolean;
  multiline: boolean;
  image: boolean;
}

export function layoutFields(files: GameFileMap, typeId: string | undefined): LayoutField[] {
  const schema = typeId ? typeSchemaOf(files, typeId) : undefined;
  const properties = schema && isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema?.required) ? schema.required : []);
  return Object.entries(properties).map(([name, property]) => {
    const spec = isObject(property) ? property : {};
    return {
      name,
      label: typeof spec.title === 'string' && spec.title !== '' ? spec.title : name,
      required: required.has(name),
      multiline: spec['x-multiline'] === true,
      image: spec['x-kind'] === 'image',
    };
  });
}

/** The fields a layout names: in text templates, image fields and conditions. */
export function fieldsUsed(layout: CardLayout): Set<string> {
  const used = new Set<string>();
  for (const element of layout.elements) {
    if (element.kind === 'text') for (const match of element.text.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)/g)) used.add(match[1]);
    if (element.kind === 'image') used.add(element.field);
    if (element.when) used.add(element.when);
    if (element.unless) used.add(element.unless);
  }
  return used;
}

/** The fields the preview strip tests: the longest rules text's field, and an optional field the layout shows. */
export function sampleFields(fields: readonly LayoutField[], layout: CardLayout): { textField?: string; emptyField?: string } {
  const used = fieldsUsed(layout);
  const textField = (fields.find((field) => field.multiline && used.has(field.name)) ?? fields.find((field) => field.multiline))
    ?.name;
  const optional = fields.filter((field) => !field.required && field.name !== 'name' && field.name !== 'type');
  const emptyField = (optional.find((field) => used.has(field.name)) ?? optional[0])?.name;
  return { textField, emptyField };
}
