// Unsaved edits of the card editor kept in localStorage, one per card (or per game for a card not
// saved yet), so a reload or a crash loses nothing: the editor offers the draft back when the card
// is opened again. A draft that cannot be read (broken JSON, another shape) is ignored.

import type { CardDocument } from '../../../card-schema/system/format';

export interface CardDraft {
  doc: CardDocument;
  /** When it was written (ISO). */
  savedAt: string;
}

export interface CardDrafts {
  get(key: string): CardDraft | undefined;
  put(key: string, draft: CardDraft): void;
  remove(key: string): void;
}

const PREFIX = 'cardwright.card-draft.';

/** The draft's key: the card's id, or the game's for a new card. */
export function draftKey(cardId: string | null, systemId: string): string {
  return cardId === null ? `new:${systemId}` : `card:${cardId}`;
}

function isDraft(value: unknown): value is CardDraft {
  if (value === null || typeof value !== 'object') return false;
  const { doc, savedAt } = value as Record<string, unknown>;
  return (
    typeof savedAt === 'string' &&
    doc !== null &&
    typeof doc === 'object' &&
    typeof (doc as Record<string, unknown>).type === 'string' &&
    typeof (doc as Record<string, unknown>).name === 'string'
  );
}

/** Drafts in `storage`; a full or unavailable storage only means no draft is kept. */
export function storageDrafts(storage: () => Storage | undefined): CardDrafts {
  return {
    get(key) {
      try {
        const text = storage()?.getItem(PREFIX + key);
        if (!text) return undefined;
        const value: unknown = JSON.parse(text);
        return isDraft(value) ? value : undefined;
      } catch {
        return undefined;
      }
    },
    put(key, draft) {
      try {
        storage()?.setItem(PREFIX + key, JSON.stringify(draft));
      } catch {
        // Quota exceeded or storage off: the edit is still in the form.
      }
    },
    remove(key) {
      try {
        storage()?.removeItem(PREFIX + key);
      } catch {
        // Nothing to do: the draft stays until the next save replaces it.
      }
    },
  };
}

export const cardDrafts = storageDrafts(() => (typeof localStorage === 'undefined' ? undefined : localStorage));
