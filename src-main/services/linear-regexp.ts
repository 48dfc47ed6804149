// Regular expressions from game files (JSON Schema `pattern`, `patternProperties`) run on RE2's
// linear-time engine: a backtracking pattern such as ^(a+)+$ would otherwise let one card
// validation block the host for seconds (ReDoS). RE2 cannot express backreferences or
// lookaround; such patterns are refused when the game system loads (see schema-guard.ts).

import { RE2JS } from 're2js';
import type { RegExpEngine, RegExpLike } from 'ajv/dist/types/index.js';
import { IMAGE_ID_PATTERN } from '../../card-schema/system/image-field';

/**
 * Patterns of Cardwright's own schema parts that cannot backtrack (no group, no alternation, one
 * bounded repeat), run as JavaScript RegExps: RE2JS, written in JavaScript, tests ~10× slower, and
 * every card with a picture is checked against the image id's pattern (0.2 s of a 100,000-card import).
 */
const OWN_LINEAR_PATTERNS: ReadonlyMap<string, RegExp> = new Map([[IMAGE_ID_PATTERN.source, IMAGE_ID_PATTERN]]);

/** Why RE2 cannot run this pattern, or undefined when it can. */
export function unsupportedPatternReason(pattern: string): string | undefined {
  try {
    compileLinear(pattern);
    return undefined;
  } catch (error) {
    return `the pattern ${JSON.stringify(pattern)} cannot run in linear time (backreferences and lookaround are not supported): ${(error as Error).message}`;
  }
}

function compileLinear(pattern: string): RE2JS {
  // translateRegExp turns JavaScript-only spellings (\u0041, (?<name>…)) into RE2 syntax.
  return RE2JS.compile(RE2JS.translateRegExp(pattern));
}

/** ajv's `code.regExp`: the `u` flag needs nothing, RE2 always matches by code point. */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string): RegExpLike => {
    const matcher = OWN_LINEAR_PATTERNS.get(pattern) ?? compileLinear(pattern);
    // ajv caches compiled patterns by toString(), so it must be unique per pattern.
    const linear: RegExpLike & { toString(): string } = {
      test: (text: string) => matcher.test(text),
      toString: () => `re2:${pattern}`,
    };
    return linear;
  },
  // How cached validator code (compiled-schemas.ts) names this engine; its loader resolves the name.
  { code: 'require("cardwright/linear-regexp").linearRegExp' },
);
