// Regular expressions from game files (JSON Schema `pattern`, `patternProperties`) run on RE2's
// linear-time engine: a backtracking pattern such as ^(a+)+$ would otherwise let one card
// validation block the host for seconds (ReDoS). RE2 cannot express backreferences or
// lookaround; such patterns are refused when the game system loads (see schema-guard.ts).

import { RE2JS } from 're2js';
import type { RegExpEngine, RegExpLike } from 'ajv/dist/types/index.js';

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
    const compiled = compileLinear(pattern);
    // ajv caches compiled patterns by toString(), so it must be unique per pattern.
    const linear: RegExpLike & { toString(): string } = {
      test: (text: string) => compiled.test(text),
      toString: () => `re2:${pattern}`,
    };
    return linear;
  },
  // How cached validator code (compiled-schemas.ts) names this engine; its loader resolves the name.
  { code: 'require("cardwright/linear-regexp").linearRegExp' },
);
