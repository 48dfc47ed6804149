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

function modalIsOpen(): boolean {
  return document.querySelector('dialog:modal') !== null;
}

const TEXT_HISTORY_COMMANDS = new Set<AppCommand>(['undo', 'redo']);

// A menu accelerator may reach the page as a keydown and also as a menu command: run it once.
const MENU_ECHO_MS = 150;
let lastKeyCommand: { command: AppCommand; at: number } | null = null;

function onKeydown(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.repeat || event.isComposing) return;
  const match = commandForKey(event, isMac);
  if (!match) return;
  const focused = document.activeElement;
  // Text fields keep their own undo, and "?" typed into a field is a question mark.
  if (TEXT_HISTORY_COMMANDS.has(match.command) && isTextField(focused)) return;
  if (match.typing && takesTyping(focused)) return;
  // A dialog owns the keyboard (the shortcut sheet closes with Esc or its own key).
  if (modalIsOpen()) return;
  if (commands.run(match.command, 'key')) {
    event.preventDefault();
    lastKeyCommand = { command: match.command, at: performance.now() };
  }
}

function onMenuCommand(command: AppCommand): void {
  if (lastKeyCommand?.command === command && performance.now() - lastKeyCommand.at < MENU_ECHO_MS) return;
  if (TEXT_HISTORY_COMMANDS.has(command) && isTextField(document.activeElement)) {
    // The menu took the key: ask the focused field to undo/redo its own text.
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
