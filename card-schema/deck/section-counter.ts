// The "30 / 30" counter the deck builder shows beside a section, from the section's size rule
// in the deck's play format. A section the format keeps empty (a rule with max 0, like
// Miscrits' book in a boss deck) has no counter to fill: it is "forbidden", and the builder
// hides it while it is empty instead of showing "0 / ≤0".

import type { GameSystem } from '../system/format';
import type { DeckSectionDef, SectionSizeRule } from './format';

export type SectionCounter =
  | { kind: 'count'; text: string }
  /** The format allows no cards here: show nothing while empty, the count when not. */
  | { kind: 'forbidden'; count: number };

/** The first size rule for the section that applies in the play format (undefined: any format). */
export function sectionSizeRule(
  system: GameSystem,
  sectionId: string,
  formatId: string | undefined,
): SectionSizeRule | undefined {
  for (const rule of system.deck.rules) {
    if (rule.kind !== 'sectionSize' || rule.section !== sectionId) continue;
    if (rule.formats && !(formatId !== undefined && rule.formats.includes(formatId))) continue;
    return rule;
  }
  return undefined;
}

export function sectionCounter(
  system: GameSystem,
  sectionId: string,
  formatId: string | undefined,
  count: number,
): SectionCounter {
  const rule = sectionSizeRule(system, sectionId, formatId);
  if (!rule) return { kind: 'count', text: String(count) };
  if (rule.max === 0) return { kind: 'forbidden', count };
  const text =
    rule.max !== undefined && rule.min === rule.max
      ? `${count} / ${rule.max}`
      : rule.min !== undefined && rule.max !== undefined
        ? `${count} / ${rule.min}–${rule.max}`
        : rule.max !== undefined
          ? `${count} / ≤${rule.max}`
          : `${count} / ≥${rule.min}`;
  return { kind: 'count', text };
}

/** Whether the builder lists the section: always, unless the format keeps it empty and it is. */
export function sectionShown(counter: SectionCounter): boolean {
  return counter.kind === 'count' || counter.count > 0;
}

/** The counter's text: "30 / 30", or for a section that must stay empty, "must be empty". */
export function counterText(counter: SectionCounter): string {
  return counter.kind === 'count' ? counter.text : `${counter.count} — must be empty`;
}

/**
 * The first non-leader section the deck's play format lets hold cards (where the builder adds
 * by default): a Miscrits boss deck starts on its boss deck, not on the book it must leave empty.
 */
export function firstOpenSection(system: GameSystem, deckFormat: string | undefined): DeckSectionDef | undefined {
  const formatId = deckFormat ?? system.deck.formats?.[0]?.id;
  const candidates = system.deck.sections.filter((s) => !s.leader);
  return candidates.find((s) => sectionSizeRule(system, s.id, formatId)?.max !== 0) ?? candidates[0];
}
