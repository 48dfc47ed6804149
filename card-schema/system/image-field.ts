// Image fields: a card type's JSON Schema declares one as `{ "x-kind": "image", "title": "Art" }`;
// the loader expands that into the schema of an image reference. A card stores the reference,
// never the image: the picture lives once in the library's image store, named by the SHA-256 of
// its bytes. The crop is part of the reference, so the preview and the PDF show the same part.
//
//   "art": { "id": "<64 hex digits>", "x": 0.5, "y": 0.4, "zoom": 1.25 }
//
// x and y (0–1, default 0.5) are the point of the image that sits at the centre of the layout's
// box; zoom (1–8, default 1) enlarges the image beyond the size that just covers the box.

import type { JsonSchema } from './json-schema';
import { own } from '../own-keys';

export const IMAGE_KIND = 'image';
export const IMAGE_ID_PATTERN = /^[0-9a-f]{64}$/;
export const MAX_IMAGE_ZOOM = 8;

export interface ImageRef {
  /** SHA-256 of the stored image's bytes, lowercase hex. */
  id: string;
  x?: number;
  y?: number;
  zoom?: number;
}

/** The JSON Schema an `x-kind: image` field stands for. */
export function imageRefSchema(): JsonSchema {
  return {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: {
      id: { type: 'string', pattern: IMAGE_ID_PATTERN.source, title: 'Image' },
      x: { type: 'number', minimum: 0, maximum: 1, title: 'Focus x' },
      y: { type: 'number', minimum: 0, maximum: 1, title: 'Focus y' },
      zoom: { type: 'number', minimum: 1, maximum: MAX_IMAGE_ZOOM, title: 'Zoom' },
    },
  };
}

export function isImageField(schema: JsonSchema | undefined): boolean {
  return schema?.['x-kind'] === IMAGE_KIND;
}

/**
 * The schema with every `x-kind: image` property (at any depth, and in `$defs`) expanded into
 * the image reference schema; the declaration's title, description and `x-kind` stay.
 */
export function expandImageFields(schema: JsonSchema): JsonSchema {
  return expand(schema, 0);
}

const MAX_DEPTH = 64;

function expand(schema: JsonSchema, depth: number): JsonSchema {
  if (depth > MAX_DEPTH || schema === null || typeof schema !== 'object') return schema;
  if (isImageField(schema)) {
    const { type: _type, properties: _properties, required: _required, ...kept } = schema;
    return { ...kept, ...imageRefSchema() };
  }
  const out: JsonSchema = { ...schema };
  const mapChildren = (key: 'properties' | '$defs') => {
    const children = schema[key];
    if (!children || typeof children !== 'object') return;
    out[key] = Object.fromEntries(Object.entries(children).map(([name, child]) => [name, expand(child, depth + 1)]));
  };
  mapChildren('properties');
  mapChildren('$defs');
  if (schema.items && typeof schema.items === 'object') out.items = expand(schema.items, depth + 1);
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) out[key] = list.map((child) => expand(child, depth + 1));
  }
  return out;
}

/** True for a value shaped like an image reference (the schema checks the details). */
export function isImageRef(value: unknown): value is ImageRef {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const id = own(value as Record<string, unknown>, 'id');
  return typeof id === 'string' && IMAGE_ID_PATTERN.test(id);
}

/**
 * Every image id a card document references, found without its schema (so the store can tell
 * which images are in use by any card, in the library or in the trash). Iterative: documents
 * are untrusted and may nest deeply.
 */
export function imageIdsInDoc(doc: unknown): Set<string> {
  const ids = new Set<string>();
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (isImageRef(value)) ids.add(value.id);
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return ids;
}

export interface ImageCrop {
  x: number;
  y: number;
  zoom: number;
}

const DEFAULT_CROP: ImageCrop = { x: 0.5, y: 0.5, zoom: 1 };

/** The crop of a reference with its defaults filled in. */
export function imageCrop(ref: ImageRef): ImageCrop {
  const clamp = (value: number | undefined, min: number, max: number, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
  return {
    x: clamp(ref.x, 0, 1, DEFAULT_CROP.x),
    y: clamp(ref.y, 0, 1, DEFAULT_CROP.y),
    zoom: clamp(ref.zoom, 1, MAX_IMAGE_ZOOM, DEFAULT_CROP.zoom),
  };
}

/**
 * The reference with some of its crop changed, clamped to the allowed ranges (the sliders and
 * dragging the art both write through this). A setting at its default is left out, so an
 * untouched crop stores just the id.
 */
export function withCrop(ref: ImageRef, change: Partial<ImageCrop>): ImageRef {
  const next: ImageRef = { ...ref, ...imageCrop({ ...ref, ...change }) };
  for (const key of ['x', 'y', 'zoom'] as const) if (next[key] === DEFAULT_CROP[key]) delete next[key];
  return next;
}
