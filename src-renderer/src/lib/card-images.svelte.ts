// Card art on screen: each image fetched once per size through the API (the preview size for
// cards shown large, the thumbnail for list rows) and kept as a blob: URL with its pixel size,
// which the placement needs. Reading `get` starts the fetch; the map is reactive, so the card
// redraws when the picture is there. A picture that cannot be fetched is not asked for again
// (its card keeps the layout's placeholder). The pictures' full pixel sizes (for the print
// resolution warning) come from the library's image info, asked for in batches.

import { SvelteMap } from 'svelte/reactivity';
import type { ImageSize } from '../../../card-schema/layout/art-warnings';
import type { ImageVariant } from '../../../src-main/api/contract';
import { api } from '../api/client';

export interface LoadedImage {
  url: string;
  width: number;
  height: number;
}

/** Cards drawn at most this wide (CSS px) use the thumbnail. */
const THUMBNAIL_MAX_WIDTH = 120;
/** Ids per listImageInfo call (the API takes up to 10 000). */
const SIZE_BATCH_MAX = 1000;

export function variantForWidth(width: number): ImageVariant {
  return width <= THUMBNAIL_MAX_WIDTH ? 'thumb' : 'preview';
}

class CardImages {
  private readonly loaded = new SvelteMap<string, LoadedImage>();
  private readonly requested = new Set<string>();
  private readonly sizes = new SvelteMap<string, ImageSize>();
  private readonly sizesAsked = new Set<string>();
  private sizeBatch: string[] = [];
  private readonly decoded: HTMLImageElement[] = [];
  private toFetch: { key: string; id: string; variant: ImageVariant }[] = [];

  get(id: string, variant: ImageVariant): LoadedImage | undefined {
    const key = `${variant}:${id}`;
    const hit = this.loaded.get(key);
    if (!hit && !this.requested.has(key)) {
      this.requested.add(key);
      // Started after the next frame: `get` is read while a list updates its rows, and each
      // request costs the page a millisecond or more that would delay those rows' frame (a task
      // of their own still runs before it: the page is idle until the frame's time comes).
      if (this.toFetch.length === 0) afterNextFrame(() => this.fetchAsked());
      this.toFetch.push({ key, id, variant });
    }
    return hit;
  }

  private fetchAsked(): void {
    const asked = this.toFetch;
    this.toFetch = [];
    for (const { key, id, variant } of asked)
      void this.fetch(id, variant).then((image) => {
        if (image) this.loaded.set(key, image);
      });
  }

  /** The stored picture's full size (what the PDF prints), once the library has said it. */
  printSize(id: string): ImageSize | undefined {
    const hit = this.sizes.get(id);
    if (!hit && !this.sizesAsked.has(id)) {
      this.sizesAsked.add(id);
      // Cards drawn together (a list of rows) ask in one call.
      if (this.sizeBatch.length === 0) queueMicrotask(() => void this.fetchSizes());
      this.sizeBatch.push(id);
    }
    return hit;
  }

  private async fetchSizes(): Promise<void> {
    const ids = this.sizeBatch;
    this.sizeBatch = [];
    for (let at = 0; at < ids.length; at += SIZE_BATCH_MAX) {
      try {
        const infos = await api.listImageInfo({ ids: ids.slice(at, at + SIZE_BATCH_MAX) });
        for (const info of infos) this.sizes.set(info.id, { width: info.width, height: info.height });
      } catch {
        // No size, no resolution warning: the picture itself shows whether it loads.
      }
    }
  }

  private async fetch(id: string, variant: ImageVariant): Promise<LoadedImage | undefined> {
    try {
      const blob = await api.getImage({ id, variant });
      const url = URL.createObjectURL(new Blob([blob.bytes as BlobPart], { type: blob.mimeType }));
      const decoded = await decodedImage(url);
      // Thumbnails are held: list rows show them again and again, and an <img> given the URL of
      // a held one finds it in the page's memory cache instead of loading and decoding the blob.
      if (variant === 'thumb') this.decoded.push(decoded);
      return { url, width: decoded.naturalWidth, height: decoded.naturalHeight };
    } catch {
      return undefined;
    }
  }
}

/** Runs `run` in a task after the next frame is drawn (at once where there are no frames). */
function afterNextFrame(run: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}

function decodedImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be decoded'));
    image.src = url;
  });
}

export const cardImages = new CardImages();
