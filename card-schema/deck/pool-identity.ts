// The deck builder's "only cards this deck may take" filter: the identity rules (format v3's
// `identity`, and `identitySubset`) that judge a section, prepared against the deck's leader as
// plain data (the pool is searched on a reader thread) and tested per card with the evaluator's
// own checks (identity-checks.ts), so the pool and the deck check never disagree.

import type { CardDocument, GameSystem } from '../system/format';
import type { IdentityRule, PlayFormat } from './format';
import { cardPasses, judgeCard, prepareChecks, type PreparedCheck } from './identity-checks';

/** One identity rule against one leader, as data. */
export interface PoolIdentityRule {
  rule: IdentityRule;
  checks: { check: PreparedCheck['check']; leaderValues: string[]; neutral: string[] }[];
}

/** The identity rules that judge `sectionId` in `format` (identitySubset read as one subset check on the identity field). */
export function identityRulesOf(
  system: GameSystem,
  sectionId: string,
  format: PlayFormat | undefined,
): { rule: IdentityRule; leaderSection: string }[] {
  const found: { rule: IdentityRule; leaderSection: string }[] = [];
  for (const rule of system.deck.rules) {
    if (rule.formats && !(format && rule.formats.includes(format.id))) continue;
    if (rule.kind === 'identity' && rule.sections.includes(sectionId)) found.push({ rule, leaderSection: rule.leaderSection });
    else if (rule.kind === 'identitySubset' && rule.sections.includes(sectionId) && system.identity) {
      const asIdentity: IdentityRule = {
        kind: 'identity',
        leaderSection: rule.leaderSection,
        sections: rule.sections,
        checks: [{ field: system.identity.field, mode: 'subset' }],
      };
      found.push({ rule: asIdentity, leaderSection: rule.leaderSection });
    }
  }
  return found;
}

/** The rule prepared against the leader the deck has in its leader section. */
export function poolIdentityRule(system: GameSystem, rule: IdentityRule, leader: CardDocument): PoolIdentityRule {
  return {
    rule,
    checks: prepareChecks(system, rule, leader).map((p) => ({
      check: p.check,
      leaderValues: [...p.leaderValues],
      neutral: [...p.neutral],
    })),
  };
}

const preparedOf = new WeakMap<PoolIdentityRule, PreparedCheck[]>();

/** Whether a card passes every rule, as the deck check would judge it in that section. */
export function fitsIdentityRules(rules: readonly PoolIdentityRule[], doc: CardDocument): boolean {
  return rules.every((data) => {
    let prepared = preparedOf.get(data);
    if (!prepared) {
      prepared = data.checks.map((c) => ({ check: c.check, leaderValues: new Set(c.leaderValues), neutral: new Set(c.neutral) }));
      preparedOf.set(data, prepared);
    }
    return cardPasses(data.rule, judgeCard(prepared, doc));
  });
}
