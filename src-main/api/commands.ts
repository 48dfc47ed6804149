// The app's commands: one list that the desktop menu (labels and accelerators), the renderer's
// keyboard shortcuts and the shortcut sheet all read. Pure and dependency-free: the renderer
// imports it too.

export interface AppCommandInfo {
  id: string;
  label: string;
  /** Electron accelerator syntax ("CmdOrCtrl+Shift+Z"); the renderer matches keys from it. */
  accelerator?: string;
  /** Other keys that run the command in the renderer (same syntax), shown on the sheet. */
  alternates?: readonly string[];
  /** Where the shortcut sheet lists it. */
  group: 'File' | 'Edit' | 'View' | 'Go' | 'Help';
}

const COMMANDS = [
  { id: 'new-card', label: 'New card', accelerator: 'CmdOrCtrl+N', group: 'File' },
  { id: 'save', label: 'Save', accelerator: 'CmdOrCtrl+S', group: 'File' },
  { id: 'print', label: 'Print…', accelerator: 'CmdOrCtrl+P', group: 'File' },
  { id: 'trash', label: 'Trash…', group: 'File' },
  { id: 'restore-backup', label: 'Restore from backup…', group: 'File' },
  { id: 'undo', label: 'Undo', accelerator: 'CmdOrCtrl+Z', group: 'Edit' },
  { id: 'redo', label: 'Redo', accelerator: 'CmdOrCtrl+Shift+Z', alternates: ['CmdOrCtrl+Y'], group: 'Edit' },
  { id: 'search', label: 'Search', accelerator: 'CmdOrCtrl+F', group: 'Edit' },
  { id: 'toggle-theme', label: 'Toggle dark mode', accelerator: 'CmdOrCtrl+Shift+D', group: 'View' },
  { id: 'library', label: 'Library', accelerator: 'CmdOrCtrl+1', group: 'Go' },
  { id: 'decks', label: 'Decks', accelerator: 'CmdOrCtrl+2', group: 'Go' },
  { id: 'games', label: 'Games', accelerator: 'CmdOrCtrl+3', group: 'Go' },
  { id: 'playtest', label: 'Playtest deck', accelerator: 'CmdOrCtrl+T', group: 'Go' },
  { id: 'previous-card', label: 'Previous card', accelerator: 'Alt+Up', alternates: ['CmdOrCtrl+['], group: 'Go' },
  { id: 'next-card', label: 'Next card', accelerator: 'Alt+Down', alternates: ['CmdOrCtrl+]'], group: 'Go' },
  { id: 'help', label: 'Help', accelerator: 'Shift+F1', group: 'Help' },
  { id: 'shortcuts', label: 'Keyboard shortcuts', accelerator: 'F1', alternates: ['Shift+/', '?'], group: 'Help' },
] as const satisfies readonly AppCommandInfo[];

export type AppCommand = (typeof COMMANDS)[number]['id'];

/** Typed as the interface, not the literals: not every command has an accelerator. */
export const APP_COMMANDS: readonly (AppCommandInfo & { id: AppCommand })[] = COMMANDS;

export function isAppCommand(value: unknown): value is AppCommand {
  return typeof value === 'string' && APP_COMMANDS.some((command) => command.id === value);
}
