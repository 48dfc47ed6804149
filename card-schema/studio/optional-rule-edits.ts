// The studio's edits of system.json's optional rules (docs/game-systems.md, "Reference"): each
// returns the files after it or one sentence naming the field that refuses the change. The list
// is removed once empty, and `reference` with it.

import type { GameFileMap, Json } from './game-files';
import {
  changeItem,
  freeId,
  idProblem,
  listOf,
  moveItem,
  rawList,
  removeItem,
  text,
  withList,
  type ReferenceEditResult,
} from './reference-shared';

export interface OptionalRuleForm {
  id: string;
  label: string;
  description: string;
}

export function optionalRulesOf(files: GameFileMap): OptionalRuleForm[] {
  return listOf(files, 'optionalRules').map((rule) => ({
    id: text(rule.id),
    label: text(rule.label),
    description: text(rule.description),
  }));
}

export function addOptionalRule(files: GameFileMap): ReferenceEditResult {
  const taken = optionalRulesOf(files).map((rule) => rule.id);
  const id = freeId('rule', taken);
  const rule = { id, label: `Optional rule ${id.slice('rule-'.length)}`, description: '' };
  return { files: withList(files, 'optionalRules', [...rawList(files, 'optionalRules'), rule] as Json[]) };
}

export function setOptionalRule(files: GameFileMap, index: number, patch: Partial<OptionalRuleForm>): ReferenceEditResult {
  const rules = optionalRulesOf(files);
  if (!rules[index]) return { problem: `There is no optional rule ${index + 1}` };
  const next = { ...rules[index], ...patch };
  const id = next.id.trim();
  const label = next.label.trim();
  if (patch.id !== undefined) {
    const problem = idProblem(
      id,
      'optional rule',
      rules.filter((_, at) => at !== index).map((rule) => rule.id),
    );
    if (problem) return { problem };
  }
  if (label === '') return { problem: `The optional rule "${id}" needs a name` };
  return changeItem(files, 'optionalRules', index, 'optional rule', (item) => ({
    ...item,
    id,
    label,
    description: next.description.trim(),
  }));
}

export function removeOptionalRule(files: GameFileMap, index: number): ReferenceEditResult {
  return removeItem(files, 'optionalRules', index, 'optional rule');
}

export function moveOptionalRule(files: GameFileMap, index: number, delta: -1 | 1): ReferenceEditResult {
  return moveItem(files, 'optionalRules', index, delta, 'optional rule');
}
