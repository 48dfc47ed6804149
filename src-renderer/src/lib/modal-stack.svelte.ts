// The modal dialogs open now, oldest first. A modal <dialog> makes the rest of the page inert
// (a toast outside it shows dimmed under its backdrop and cannot be clicked, popover or not), so
// the message stack shows inside the topmost one while any is open.

import { untrack } from 'svelte';

let open: string[] = $state([]);

export const modalStack = {
  /** The id of the dialog on top, or undefined when none is open. */
  get top(): string | undefined {
    return open.at(-1);
  },
};

// Called from a dialog's effect: untracked, so that effect does not rerun when another dialog opens.
export function modalOpened(id: string): void {
  open = untrack(() => [...open, id]);
}

export function modalClosed(id: string): void {
  open = untrack(() => open.filter((other) => other !== id));
}
