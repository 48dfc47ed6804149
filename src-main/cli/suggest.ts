// "Did you mean …": the accepted word nearest to what was typed, by edit distance
// (fastest-levenshtein), offered only when it is near enough to be a typo of it.

import { distance } from 'fastest-levenshtein';

/** The accepted word closest to `given` (case aside), or undefined when none is close. */
export function nearest(given: string, accepted: readonly string[]): string | undefined {
  const typed = given.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const word of accepted) {
    const candidate = word.toLowerCase();
    // A prefix ("export" for "export-pdf") is as good as a typo.
    const d = candidate.startsWith(typed) && typed.length >= 3 ? 1 : distance(typed, candidate);
    if (d < bestDistance) [best, bestDistance] = [word, d];
  }
  const allowed = Math.max(2, Math.floor(typed.length / 3));
  return bestDistance <= allowed ? best : undefined;
}

/** ` (did you mean X?)` when a word is near, else ''; goes right after the word refused. */
export function didYouMean(given: string, accepted: readonly string[]): string {
  const near = nearest(given, accepted);
  return near === undefined ? '' : ` (did you mean ${near}?)`;
}

/** "a, b or c". */
export function listOf(words: readonly string[], last = 'or'): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`;
}
