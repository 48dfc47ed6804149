// Total ink (C+M+Y+K) limits: a press can only lay down so much ink before it smears or will
// not dry, so print shops name a ceiling (often 300 %, 240 % on uncoated stock). Over the
// limit, cyan, magenta and yellow are reduced in proportion and black is kept: the colour
// stays as dark and as neutral as the press allows.

/** A CMYK colour, each part 0–1. */
export type Cmyk = readonly [number, number, number, number];

/** `cmyk` with its total ink at most `limitPercent` (C, M and Y scaled down together, K kept). */
export function limitInk(cmyk: Cmyk, limitPercent: number): Cmyk {
  const [c, m, y, k] = cmyk;
  const limit = limitPercent / 100;
  const colour = c + m + y;
  if (colour + k <= limit || colour === 0) return cmyk;
  const scale = Math.max(0, limit - k) / colour;
  return [c * scale, m * scale, y * scale, k];
}

/**
 * The same limit on 8-bit CMYK pixels (4 bytes each), in place; 255 is 100 %. Rounds down, so
 * no pixel ends up over the limit.
 */
export function limitInkInPixels(pixels: Uint8Array, limitPercent: number): void {
  const limit = Math.floor((limitPercent / 100) * 255);
  for (let i = 0; i + 3 < pixels.length; i += 4) {
    const k = pixels[i + 3];
    const colour = pixels[i] + pixels[i + 1] + pixels[i + 2];
    if (colour + k <= limit) continue;
    const scale = Math.max(0, limit - k) / colour;
    pixels[i] = Math.floor(pixels[i] * scale);
    pixels[i + 1] = Math.floor(pixels[i + 1] * scale);
    pixels[i + 2] = Math.floor(pixels[i + 2] * scale);
  }
}
