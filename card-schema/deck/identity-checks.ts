// The identity rule's per-card test (format v3): a card's values in each checked field against
// the leader's. Pure; the evaluator builds the messages.

import type { CardDocument, GameSystem } from '../system/format';
import type { IdentityCheck, IdentityRule } from './format';
import { fieldValue } from './card-match';

/** The texts a field holds: one text, or a list (numbers read as texts; anything else ignored). */
export function fieldTexts(doc: CardDocument, field: string): string[] {
  const value = field === 'name' ? doc.name : fieldValue(doc, field);
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  const texts: string[] = [];
  for (const v of list) if ((typeof v === 'string' && v !== '') || typeof v === 'number') texts.push(String(v));
  return texts;
}

/** One check, prepared once per deck: the leader's values and the values that never count. */
export interface PreparedCheck {
  check: IdentityCheck;
  leaderValues: Set<string>;
  neutral: Set<string>;
}

export function prepareChecks(system: GameSystem, rule: IdentityRule, leader: CardDocument): PreparedCheck[] {
  return rule.checks.map((check) => {
    const neutral = new Set(check.neutral ?? []);
    // The game's identity dimension declares its own neutral values (OSMCG's Neutral).
    if (system.identity?.field === check.field)
      for (const value of system.identity.values) if (value.neutral) neutral.add(value.id);
    return { check, leaderValues: new Set(fieldTexts(leader, check.leaderField ?? check.field)), neutral };
  });
}

/** How one check judges a card: it does not apply (no values), holds, or fails. */
export interface CheckOutcome {
  prepared: PreparedCheck;
  values: string[];
  holds: boolean;
}

export function judgeCard(prepared: readonly PreparedCheck[], doc: CardDocument): CheckOutcome[] {
  const outcomes: CheckOutcome[] = [];
  for (const p of prepared) {
    const values = fieldTexts(doc, p.check.field).filter((v) => !p.neutral.has(v));
    if (values.length === 0) continue;
    const holds =
      p.check.mode === 'subset' ? values.every((v) => p.leaderValues.has(v)) : values.some((v) => p.leaderValues.has(v));
    outcomes.push({ prepared: p, values, holds });
  }
  return outcomes;
}

/** Whether the card may be in the deck: all applicable checks hold, or (combine "any") one does. */
export function cardPasses(rule: IdentityRule, outcomes: readonly CheckOutcome[]): boolean {
  if (outcomes.length === 0) return true;
  return rule.combine === 'any' ? outcomes.some((o) => o.holds) : outcomes.every((o) => o.holds);
}
