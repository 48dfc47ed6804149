// Shaping for the script fonts (fonts.ts `shaped`): Arabic letters join, Devanagari forms
// conjuncts, so a word's width is not the sum of its characters'. card-schema stays free of
// font files, so the shaping engine is installed from outside: the main process installs one
// over the same files the PDF embeds, the renderer one over the files the preview loads, both
// fontkit, so preview and print measure, break and draw shaped text alike. Until one is
// installed, shaped runs are measured per character (what a test without fonts sees).

export interface TextShaper {
  /**
   * The advance width, in font units, of `text` set in the font file `file` (a resources/fonts
   * name), shaped with the font's default features in the script's own direction; undefined
   * when the shaper does not have that file.
   */
  advance(file: string, text: string): number | undefined;
}

let installed: TextShaper | null = null;
let generation = 0;

/** Installs (or, with null, removes) the shaper layout measures shaped runs with. */
export function setTextShaper(shaper: TextShaper | null): void {
  installed = shaper;
  generation++;
}

export function textShaper(): TextShaper | null {
  return installed;
}

/** Changes whenever another shaper is installed: widths measured before are stale. */
export function shaperGeneration(): number {
  return generation;
}
