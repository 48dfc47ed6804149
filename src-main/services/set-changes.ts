// A set's errata since a date: the cards added, removed (they are in the trash) and changed,
// field by field with the form's labels, old → new. The version a card had at the date is its
// first revision after it (card-revisions-repo.ts); the export writes the same as Markdown.

import { diffCards, formatValue, labelChanges } from '../../card-schema/system/card-diff';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { FieldChangeText, FileBlob, SetChanges } from '../api/contract';
import { requireSet, type Library } from './library';
import { safeFileName } from './file-format';

export function setChanges(lib: Library, setId: string, sinceInput: string): SetChanges {
  const set = requireSet(lib, setId);
  // Stored times are toISOString's: the same form compares right as text.
  const since = new Date(sinceInput).toISOString();
  const system = lib.systems.find(set.systemId);
  const revisions = lib.store.cardRevisions;
  const added = revisions.addedSince(set.id, since);
  const addedIds = new Set(added.map((card) => card.id));
  const removed = revisions.removedSince(set.id, since);
  const removedIds = new Set(removed.map((card) => card.id));
  const thenById = new Map(revisions.versionsAt(set.id, since).map((row) => [row.cardId, row.doc]));

  const changed: SetChanges['changed'] = [];
  const current = lib.store.cards.getMany([...thenById.keys()]);
  for (const card of current) {
    if (addedIds.has(card.id) || card.setId !== set.id) continue;
    const then = thenById.get(card.id)!;
    const changes = textChanges(then, card.doc, system);
    if (changes.length > 0) changed.push({ cardId: card.id, name: card.doc.name, changes });
  }
  // A card moved to another set since is gone from this one.
  const movedAway = current.filter((card) => card.setId !== set.id && !addedIds.has(card.id));
  return {
    setId: set.id,
    setName: set.name,
    since,
    added: added.map((card) => ({ cardId: card.id, name: card.doc.name })),
    removed: [
      ...removed.map((card) => ({ cardId: card.id, name: (thenById.get(card.id) ?? card.doc).name })),
      ...movedAway
        .filter((card) => !removedIds.has(card.id))
        .map((card) => ({ cardId: card.id, name: thenById.get(card.id)!.name })),
    ],
    changed: changed.sort((a, b) => a.name.localeCompare(b.name)),
  };
}

function textChanges(before: CardDocument, after: CardDocument, system: GameSystem | undefined): FieldChangeText[] {
  return labelChanges(system, before, after, diffCards(before, after)).map((change) => ({
    pointer: change.pointer,
    label: change.label,
    before: formatValue(change.before),
    after: formatValue(change.after),
  }));
}

/** The errata log as Markdown: the set, the date, then added, removed and changed cards. */
export function errataMarkdown(changes: SetChanges): string {
  const lines = [`# Errata: ${changes.setName}`, '', `Changes since ${changes.since.slice(0, 16).replace('T', ' ')} UTC.`, ''];
  if (changes.added.length + changes.removed.length + changes.changed.length === 0) lines.push('No card changed.', '');
  const section = (title: string, cards: { name: string }[]) => {
    if (cards.length === 0) return;
    lines.push(`## ${title} (${cards.length})`, '', ...cards.map((card) => `- ${oneLine(card.name)}`), '');
  };
  section('Added', changes.added);
  section('Removed', changes.removed);
  if (changes.changed.length > 0) {
    lines.push(`## Changed (${changes.changed.length})`, '');
    for (const card of changes.changed) {
      lines.push(`### ${oneLine(card.name)}`, '');
      for (const change of card.changes) lines.push(`- ${change.label}: ${oneLine(change.before)} → ${oneLine(change.after)}`);
      lines.push('');
    }
  }
  return lines.join('\n');
}

/** Card text may hold line breaks; a list item stays one line. */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' / ');

export function exportSetChanges(lib: Library, setId: string, since: string): FileBlob {
  const changes = setChanges(lib, setId, since);
  return {
    fileName: safeFileName(`${changes.setName} errata since ${changes.since.slice(0, 10)}`, '.md'),
    mimeType: 'text/markdown',
    bytes: new TextEncoder().encode(errataMarkdown(changes)),
  };
}
