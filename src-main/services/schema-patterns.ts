// Every regular expression a game-system schema declares (`pattern` values and
// `patternProperties` keys) must run on the linear-time engine; a pattern that needs
// backtracking (backreferences, lookaround) is refused at load with its JSON path.

import { pointerChild } from '../../card-schema/system/resolve-schema';
import { unsupportedPatternReason } from './linear-regexp';
import type { SchemaProblem } from './schema-walk';

/** A schema's own patterns that RE2 cannot run (see schema-walk.ts for reaching every schema). */
export function unsupportedPattern(schema: Record<string, unknown>, path: string): SchemaProblem | undefined {
  if (typeof schema.pattern === 'string') {
    const reason = unsupportedPatternReason(schema.pattern);
    if (reason) return { path: pointerChild(path, 'pattern'), reason };
  }
  const patternProperties = schema.patternProperties;
  if (patternProperties !== null && typeof patternProperties === 'object') {
    for (const regex of Object.keys(patternProperties)) {
      const reason = unsupportedPatternReason(regex);
      if (reason) return { path: pointerChild(pointerChild(path, 'patternProperties'), regex), reason };
    }
  }
  return undefined;
}
