// The image field's model with stubbed API calls: a chosen file becomes the field's picture
// (crop dropped), its thumbnail shows as a blob URL that is revoked when replaced, refusals show
// the API's words, a file over 50 MB is refused before it is sent, and Remove clears the field.

import { describe, expect, it, vi } from 'vitest';
import type { FileBlob } from '../../src-main/api/contract';
import { ImageFieldModel, type ImageFieldDeps, type ImageSource } from '../../src-renderer/src/editor/image-field.svelte';

const ID_A = 'a'.repeat(64);
const ID_B = 'b'.repeat(64);

function file(name: string, size = 3): ImageSource {
  return { name, size, arrayBuffer: async () => new Uint8Array(size).fill(1).buffer };
}

function setup(
  addImage: ImageFieldDeps['addImage'] = async () => ({ id: ID_B, mime: 'image/png', width: 2, height: 2, bytes: 3 }),
) {
  let urls = 0;
  const deps = {
    addImage: vi.fn(addImage),
    getImage: vi.fn(async ({ id }: { id: string }): Promise<FileBlob> => ({
      fileName: `${id}.thumb.webp`,
      mimeType: 'image/webp',
      bytes: new Uint8Array([1, 2]),
    })),
    objectUrl: vi.fn(() => `blob:thumb-${++urls}`),
    revokeUrl: vi.fn(),
  };
  const values: unknown[] = [];
  const model = new ImageFieldModel(deps, (value) => values.push(value));
  return { model, deps, values };
}

describe('ImageFieldModel', () => {
  it('shows the thumbnail of the referenced picture and revokes it when the picture changes', async () => {
    const { model, deps } = setup();
    await model.show({ id: ID_A, x: 0.2 });
    expect(deps.getImage).toHaveBeenCalledWith({ id: ID_A, variant: 'thumb' });
    expect(model.thumbUrl).toBe('blob:thumb-1');
    await model.show({ id: ID_A, x: 0.4 }); // only the crop changed: nothing to load
    expect(deps.getImage).toHaveBeenCalledTimes(1);
    await model.show({ id: ID_B });
    expect(deps.revokeUrl).toHaveBeenCalledWith('blob:thumb-1');
    expect(model.thumbUrl).toBe('blob:thumb-2');
    await model.show(undefined);
    expect(model.thumbUrl).toBeNull();
    expect(deps.revokeUrl).toHaveBeenCalledWith('blob:thumb-2');
  });

  it('stores a chosen file and sets the field to the new picture without the old crop', async () => {
    const { model, deps, values } = setup();
    await model.add(file('lamp.png'));
    expect(deps.addImage).toHaveBeenCalledWith({ fileName: 'lamp.png', bytes: new Uint8Array([1, 1, 1]) });
    expect(values).toEqual([{ id: ID_B }]);
    expect(model.busy).toBe(false);
    expect(model.error).toBeNull();
  });

  it("shows the API's refusal and leaves the field as it was", async () => {
    const { model, values } = setup(async () => {
      throw new Error('notes.png: this is not a PNG, JPEG, WebP or SVG image');
    });
    await model.add(file('notes.png'));
    expect(model.error).toBe('notes.png: this is not a PNG, JPEG, WebP or SVG image');
    expect(values).toEqual([]);
  });

  it('refuses a file over 50 MB without sending it', async () => {
    const { model, deps, values } = setup();
    await model.add(file('poster.png', 50 * 1024 * 1024 + 1));
    expect(model.error).toBe('poster.png: the file is 50.1 MB; an image may be at most 50 MB');
    expect(deps.addImage).not.toHaveBeenCalled();
    expect(values).toEqual([]);
  });

  it('moves and zooms the crop, clamped, keeping only what differs from the defaults', () => {
    const { model, values } = setup();
    model.crop({ id: ID_A }, 'zoom', 2.5);
    model.crop({ id: ID_A, zoom: 2.5 }, 'x', 0.2);
    model.crop({ id: ID_A, x: 0.2, zoom: 2.5 }, 'zoom', 99);
    model.crop({ id: ID_A, x: 0.2 }, 'x', 0.5);
    model.crop('not a picture', 'x', 0.1);
    expect(values).toEqual([
      { id: ID_A, zoom: 2.5 },
      { id: ID_A, x: 0.2, zoom: 2.5 },
      { id: ID_A, x: 0.2, zoom: 8 },
      { id: ID_A },
    ]);
  });

  it('removes the picture', () => {
    const { model, values } = setup();
    model.remove();
    expect(values).toEqual([undefined]);
  });
});
