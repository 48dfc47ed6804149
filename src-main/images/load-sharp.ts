// sharp (libvips) adds tens of megabytes to the process once loaded, and most sessions never
// touch a picture: it is loaded on first use. Variants are cached as files, so libvips' own cache
// of decoded images would only hold memory.

import type Sharp from 'sharp';

type SharpFactory = typeof Sharp;

let loading: Promise<SharpFactory> | undefined;

export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
