// Which handler runs an app command: views register handlers while mounted, the newest
// registration wins (a deck builder inside the decks view handles "print" before the list does).
// Pure: the DOM wiring lives in commands.svelte.ts.

import { APP_COMMANDS, type AppCommand } from '../../../src-main/api/commands';
import { isTypingKey, matchAccelerator, type KeyPress } from './accelerator';

/** A key, the desktop menu, or a click on a control that stands for the command (a header tab). */
export type CommandSource = 'key' | 'menu' | 'click';

/** Runs a command; returns false when it did not apply here (an older handler gets a turn). */
export type CommandHandler = (source: CommandSource) => boolean | void;

export type CommandHandlers = Partial<Record<AppCommand, CommandHandler>>;

export class CommandRegistry {
  private readonly handlers = new Map<AppCommand, CommandHandler[]>();

  /** Adds a handler; returns the function that removes it again. */
  register(command: AppCommand, handler: CommandHandler): () => void {
    const list = this.handlers.get(command) ?? [];
    list.push(handler);
    this.handlers.set(command, list);
    return () => {
      const current = this.handlers.get(command) ?? [];
      const index = current.lastIndexOf(handler);
      if (index !== -1) current.splice(index, 1);
    };
  }

  registerAll(handlers: CommandHandlers): () => void {
    const removers = (Object.entries(handlers) as [AppCommand, CommandHandler][]).map(([command, handler]) =>
      this.register(command, handler),
    );
    return () => removers.forEach((remove) => remove());
  }

  /** Runs the newest handler that accepts the command; true when one did. */
  run(command: AppCommand, source: CommandSource): boolean {
    const list = [...(this.handlers.get(command) ?? [])].reverse();
    return list.some((handler) => handler(source) !== false);
  }
}

export interface KeyCommand {
  command: AppCommand;
  /** The key types a character ("?"): it must not fire while the user types in a field. */
  typing: boolean;
}

/** The app command a key press names (accelerator or alternate), if any. */
export function commandForKey(press: KeyPress, isMac: boolean): KeyCommand | undefined {
  for (const info of APP_COMMANDS) {
    const keys: readonly string[] = [...(info.accelerator ? [info.accelerator] : []), ...(info.alternates ?? [])];
    const hit = keys.find((accelerator) => matchAccelerator(press, accelerator, isMac));
    if (hit) return { command: info.id, typing: isTypingKey(hit) };
  }
  return undefined;
}
