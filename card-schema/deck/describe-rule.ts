// A rule in one sentence, for rule lists in the app when the designer wrote no description.

import type { GameSystem } from '../system/format';
import type { CardMatch, DeckRule } from './format';
import { fieldLabel } from './field-label';

function sectionLabels(system: GameSystem, ids: readonly string[] | undefined): string {
  if (!ids) return 'The deck';
  return ids.map((id) => system.deck.sections.find((s) => s.id === id)?.label ?? id).join(' + ');
}

function typeLabels(system: GameSystem, ids: readonly string[]): string {
  return ids.map((id) => system.cardTypes.find((t) => t.id === id)?.label ?? id).join(', ');
}

export function describeMatch(system: GameSystem, match: CardMatch): string {
  const parts: string[] = [];
  if (match.types) parts.push(typeLabels(system, match.types));
  if (match.names) parts.push(match.names.map((n) => `"${n}"`).join(', '));
  for (const c of match.where ?? []) {
    if (c.exists === true) parts.push(`with ${c.field}`);
    if (c.exists === false) parts.push(`without ${c.field}`);
    if (c.equals !== undefined) parts.push(`${c.field} = ${String(c.equals)}`);
    if (c.in !== undefined) parts.push(`${c.field} in ${c.in.join('/')}`);
  }
  return parts.join(', ') || 'any card';
}

function range(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && min === max) return `exactly ${min}`;
  if (min !== undefined && max !== undefined) return `${min} to ${max}`;
  return min !== undefined ? `at least ${min}` : `at most ${max}`;
}

/** "0 or 10", "exactly 40". */
function alternatives(sizes: readonly number[]): string {
  const sorted = [...new Set(sizes)].sort((a, b) => a - b);
  return sorted.length === 1 ? `exactly ${sorted[0]}` : `${sorted.slice(0, -1).join(', ')} or ${sorted[sorted.length - 1]}`;
}

/** A ban-list or restricted-list entry in words: a card name, or what its card match picks. */
export function describeListEntry(system: GameSystem, entry: string | CardMatch): string {
  return typeof entry === 'string' ? entry : describeMatch(system, entry);
}

export function describeRule(system: GameSystem, rule: DeckRule): string {
  if (rule.description) return rule.description;
  switch (rule.kind) {
    case 'sectionSize':
      if (rule.sizes) return `${sectionLabels(system, [rule.section])}: ${alternatives(rule.sizes)} cards.`;
      return `${sectionLabels(system, [rule.section])}: ${range(rule.min, rule.max)} ${(rule.max ?? rule.min) === 1 ? 'card' : 'cards'}.`;
    case 'allowedTypes':
      return `${sectionLabels(system, [rule.section])} holds only ${typeLabels(system, rule.types)}.`;
    case 'copyLimit':
      return `At most ${rule.max} ${rule.max === 1 ? 'copy' : 'copies'} ${rule.by ? `per ${rule.by.map((f) => fieldLabel(system, f)).join(' + ')}` : 'of a card'}${rule.countBy === 'id' ? ' (each printing counted apart)' : ''}${rule.overrides?.length ? ', some cards fewer' : ''}${rule.limitField ? `; a card's own ${rule.limitField} wins` : ''}.`;
    case 'identitySubset':
      return `${sectionLabels(system, rule.sections)} stays within the ${sectionLabels(system, [rule.leaderSection])}'s ${system.identity?.label.toLowerCase() ?? 'identity'}.`;
    case 'identity':
      return `${sectionLabels(system, rule.sections)} must fit the ${sectionLabels(system, [rule.leaderSection])}: ${rule.checks
        .map(
          (c) =>
            `${c.label ?? fieldLabel(system, c.field)} ${c.mode === 'subset' ? 'within' : 'sharing one with'} its ${fieldLabel(system, c.leaderField ?? c.field)}`,
        )
        .join(rule.combine === 'any' ? ', or ' : ', and ')}.`;
    case 'quota':
      return `${sectionLabels(system, rule.sections)}: ${range(rule.min, rule.max)} ${rule.label}.`;
    case 'requires':
      return `${sectionLabels(system, rule.sections)} must include ${rule.min && rule.min > 1 ? `at least ${rule.min} × ` : ''}${rule.label}.`;
    case 'cardsMatch':
      return `${sectionLabels(system, rule.sections)} may only hold ${rule.label} (${describeMatch(system, rule.match)}).`;
    case 'prerequisite':
      return `A card naming another in its ${rule.field} needs that card in the deck.`;
    case 'completeSet':
      return `${sectionLabels(system, rule.sections)} holds ${rule.label}: ${rule.cards.length} listed cards, each as often as listed.`;
  }
}
