// The command bus: keyboard shortcuts and desktop-menu clicks both end up here and run the
// handler the current view registered (command-registry.ts).

import { APP_COMMANDS, type AppCommand } from '../../../src-main/api/commands';
import type { CardwrightBridge } from '../../../src-main/electron/bridge';
import { acceleratorLabel, detectMac } from './accelerator';
import { CommandRegistry, commandForKey, type CommandHandlers } from './command-registry';

export const isMac = detectMac();

export const commands = new CommandRegistry();

/** A command's key for tooltips ("Ctrl+S", "⌘S"); '' when it has none. */
export function shortcutLabel(command: AppCommand): string {
  const info: { accelerator?: string } | undefined = APP_COMMANDS.find((candidate) => candidate.id === command);
  return info?.accelerator ? acceleratorLabel(info.accelerator, isMac) : '';
}

/** "Save (Ctrl+S)": a control's tooltip naming its shortcut. */
export function withShortcut(label: string, command: AppCommand): string {
  const keys = shortcutLabel(command);
  return keys ? `${label} (${keys})` : label;
}

/** Registers `handlers` while the calling component is mounted. */
export function useCommands(handlers: CommandHandlers): void {
  $effect(() => commands.registerAll(handlers));
}

const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit', 'hidden']);

/** A field with its own text editing (and native text undo). */
export function isTextField(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element instanceof HTMLTextAreaElement) return !element.readOnly;
  if (element instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(element.type) && !element.readOnly;
  return element.isContentEditable;
}

/** Where typing a character means input, not a shortcut (a select jumps to the typed option). */
function takesTyping(element: Element | null): boolean {
  return isTextField(element) || element instanceof HTMLSelectElement;
}

/**
 * A text field whose undo the app's history covers (the card editor's form, marked
 * `data-app-undo`): Undo there takes back any field's change, also after a save, not only this
 * field's typing.
 */
function usesOwnTextHistory(element: Element | null): boolean {
  return isTextField(element) && element?.closest('[data-app-undo]') === null;
}

function modalIsOpen(): boolean {
  return document.querySelector('dialog:modal') !== null;
}

const TEXT_HISTORY_COMMANDS = new Set<AppCommand>(['undo', 'redo']);

// On macOS the menu also sees every key the page did not preventDefault, and sends its command:
// a key the page ran (or declined because it was typed into a field) must not run again.
const MENU_ECHO_MS = 150;
let lastKey: { command: AppCommand; at: number } | null = null;

function isMenuEcho(command: AppCommand): boolean {
  return lastKey?.command === command && performance.now() - lastKey.at < MENU_ECHO_MS;
}

function onKeydown(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.repeat || event.isComposing) return;
  const match = commandForKey(event, isMac);
  if (!match) return;
  const focused = document.activeElement;
  // Text fields keep their own undo, and "?" typed into a field is a question mark.
  if (TEXT_HISTORY_COMMANDS.has(match.command) && usesOwnTextHistory(focused)) return;
  if (match.typing && takesTyping(focused)) {
    lastKey = { command: match.command, at: performance.now() };
    return;
  }
  // A dialog owns the keyboard (the shortcut sheet closes with Esc or its own key).
  if (modalIsOpen()) return;
  if (commands.run(match.command, 'key')) {
    event.preventDefault();
    lastKey = { command: match.command, at: performance.now() };
  }
}

function onMenuCommand(command: AppCommand): void {
  if (isMenuEcho(command)) return;
  if (TEXT_HISTORY_COMMANDS.has(command) && usesOwnTextHistory(document.activeElement)) {
    // Menu Undo/Redo (on macOS also the keys, which reach fields through the menu): the field
    // undoes its own text.
    document.execCommand(command);
    return;
  }
  if (modalIsOpen()) return;
  commands.run(command, 'menu');
}

/** Listens to the keyboard and, in the desktop app, to the menu; returns the cleanup. */
export function installCommandBus(): () => void {
  window.addEventListener('keydown', onKeydown);
  const bridge = (window as unknown as { cardwright?: Partial<CardwrightBridge> }).cardwright;
  const stopMenu = typeof bridge?.onCommand === 'function' ? bridge.onCommand(onMenuCommand) : undefined;
  return () => {
    window.removeEventListener('keydown', onKeydown);
    stopMenu?.();
  };
}
