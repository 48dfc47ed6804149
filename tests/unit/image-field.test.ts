// Image fields: `x-kind: image` expands into the image-reference schema (validated by ajv like
// any field), references are found in any card document, and a crop has its defaults (left out
// of the card when a crop is changed back to them).

import { describe, expect, it } from 'vitest';
import { expandImageFields, imageCrop, imageIdsInDoc, isImageField, withCrop } from '../../card-schema/system/image-field';
import type { JsonSchema } from '../../card-schema/system/json-schema';
import { createAjv } from '../../src-main/services/ajv';

const ID = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

const declared: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    art: { 'x-kind': 'image', title: 'Art' },
    faces: { type: 'array', items: { type: 'object', properties: { portrait: { $ref: '#/$defs/picture' } } } },
  },
  $defs: { picture: { 'x-kind': 'image', title: 'Portrait' } },
};

describe('image fields', () => {
  const schema = expandImageFields(declared);
  const validate = createAjv().compile(schema);

  it('expands the declaration, keeping its title and kind', () => {
    const art = schema.properties!.art;
    expect(isImageField(art)).toBe(true);
    expect(art).toMatchObject({ title: 'Art', type: 'object', required: ['id'], additionalProperties: false });
    expect(isImageField(schema.$defs!.picture)).toBe(true);
  });

  it('accepts a reference with a crop and refuses malformed ones', () => {
    expect(validate({ name: 'A', art: { id: ID } })).toBe(true);
    expect(validate({ name: 'A', art: { id: ID, x: 0.2, y: 1, zoom: 2.5 } })).toBe(true);
    expect(validate({ name: 'A', faces: [{ portrait: { id: OTHER } }] })).toBe(true);
    for (const bad of [
      { id: 'not-a-hash' },
      { id: ID, zoom: 0.5 },
      { id: ID, x: 2 },
      { id: ID, extra: 1 },
      'data:image/png;base64,AAAA',
    ]) {
      expect(validate({ name: 'A', art: bad }), JSON.stringify(bad)).toBe(false);
    }
  });

  it('finds every referenced image in a document, however deep', () => {
    const doc = { name: 'A', art: { id: ID }, faces: [{ portrait: { id: OTHER, zoom: 2 } }], text: ID };
    expect([...imageIdsInDoc(doc)].sort()).toEqual([ID, OTHER]);
    let deep: unknown = { id: ID };
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect([...imageIdsInDoc(deep)]).toEqual([ID]);
  });

  it('fills in and clamps the crop', () => {
    expect(imageCrop({ id: ID })).toEqual({ x: 0.5, y: 0.5, zoom: 1 });
    expect(imageCrop({ id: ID, x: -1, y: 3, zoom: 99 })).toEqual({ x: 0, y: 1, zoom: 8 });
  });

  it('changes part of a crop, clamped, storing only what differs from the defaults', () => {
    expect(withCrop({ id: ID }, { x: 0.25, zoom: 2 })).toEqual({ id: ID, x: 0.25, zoom: 2 });
    expect(withCrop({ id: ID, x: 0.25, zoom: 2 }, { zoom: 1, y: 1.5 })).toEqual({ id: ID, x: 0.25, y: 1 });
    expect(withCrop({ id: ID, x: 0.25 }, { x: 0.5 })).toEqual({ id: ID });
  });
});
