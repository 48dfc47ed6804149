// Keys that work inside one view (not app commands), for the shortcut sheet. Keep in step with
// the views' own key handling: LibraryView's list, the deck builder's pool and deck list
// (decks/deck-keys.ts), the playtest board's cards (playtest/playtest-board.svelte.ts cardKey), the art in the editor's preview
// (art-crop.svelte.ts) and Modal (native <dialog>).

import type { AppCommand } from '../../../src-main/api/commands';

export interface ViewShortcut {
  keys: readonly string[];
  label: string;
}

export interface ViewShortcutGroup {
  title: string;
  shortcuts: readonly ViewShortcut[];
}

export const VIEW_SHORTCUTS: readonly ViewShortcutGroup[] = [
  {
    title: 'Library card list',
    shortcuts: [
      { keys: ['↑', '↓'], label: 'Select the previous / next card' },
      { keys: ['Home', 'End'], label: 'Select the first / last card' },
      { keys: ['Enter'], label: 'Edit the selected card' },
    ],
  },
  {
    title: 'Deck builder: card pool and deck list',
    shortcuts: [
      { keys: ['↑', '↓'], label: 'Move through the pool (PageUp / PageDown, Home / End too)' },
      { keys: ['Enter'], label: 'Add a copy of the pool’s card (or double-click it)' },
      { keys: ['Shift+Enter'], label: 'Add a copy of the pool’s card to the sideboard' },
      { keys: ['+', '−'], label: 'One copy more / fewer of the card in the pool or the deck list' },
      { keys: ['1–9'], label: 'Set the card’s count' },
      { keys: ['0'], label: 'Take the card out of the deck' },
      { keys: ['Tab'], label: 'From the pool to the deck list' },
    ],
  },
  {
    title: 'Playtest board: a focused card (Tab or click)',
    shortcuts: [
      { keys: ['1–9'], label: 'Move it to that zone (the number by each zone’s name)' },
      { keys: ['←', '→', '↑', '↓'], label: 'Move it on a board zone (with Shift: further)' },
      { keys: ['T'], label: 'Tap / untap it (or double-click it)' },
      { keys: ['F'], label: 'Turn it face down / up' },
      { keys: ['+', '−'], label: 'One counter more / fewer of the chosen kind' },
      { keys: ['C'], label: 'Choose the next kind of counter' },
      { keys: ['R'], label: 'Reveal it (to the log)' },
      { keys: ['B'], label: 'Buy it from the store, paying its cost (games that buy)' },
      { keys: ['Enter'], label: 'Pick it for the bottom when keeping after a mulligan' },
    ],
  },
  {
    title: 'Playtest board',
    shortcuts: [
      { keys: ['N'], label: 'Next phase, with its automated steps (after the last phase: the next turn)' },
      { keys: ['K'], label: 'Create a token the game defines, on a board zone (games with tokens)' },
      { keys: ['P'], label: 'Replay the game from its seed, step by step (read-only)' },
    ],
  },
  {
    title: 'Playtest replay',
    shortcuts: [
      { keys: ['←', '→'], label: 'One recorded action back / forward' },
      { keys: ['Home', 'End'], label: 'The start / the last recorded action' },
      { keys: ['Esc'], label: 'Back to the game' },
    ],
  },
  {
    title: 'Battlefield or map to scale (a piece or marker selected)',
    shortcuts: [
      { keys: ['←', '→', '↑', '↓'], label: 'Move it ½″ (with Shift: ⅒″), or one tile on a map' },
      { keys: ['Delete'], label: 'Take a piece off the board (back to its tray), remove a marker' },
      { keys: ['Esc'], label: 'Deselect it' },
    ],
  },
  {
    title: 'Art in the editor’s preview (focused)',
    shortcuts: [
      { keys: ['←', '→', '↑', '↓'], label: 'Move the art (with Shift: further)' },
      { keys: ['+', '−'], label: 'Zoom the art in / out' },
    ],
  },
  {
    title: 'Dialogs',
    shortcuts: [
      { keys: ['Esc'], label: 'Close the dialog' },
      { keys: ['Tab'], label: 'Move between the dialog’s controls' },
    ],
  },
];

/** Where an app command does something, when that is not everywhere. */
export const COMMAND_CONTEXT: Partial<Record<AppCommand, string>> = {
  'new-card': 'Library',
  save: 'Card editor, deck builder',
  print: 'Deck builder, focused deck in the list',
  undo: 'Card editor (every field, also after saving), playtest board; other text fields undo their own typing',
  redo: 'Card editor; other text fields redo their own typing',
  search: 'Library, deck builder',
  playtest: 'Deck builder, focused deck in the list',
  'previous-card': 'Card editor: the card above in the library’s list',
  'next-card': 'Card editor: the card below in the library’s list',
  shortcuts: 'Not while typing in a field',
};
