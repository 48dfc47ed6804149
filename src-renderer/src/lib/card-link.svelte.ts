// "Open this card" from anywhere (the print dialog's problems): the app goes to the library, and
// the library opens the card in its editor as soon as it shows (at once when it is showing).

import { commands } from './commands.svelte';

class CardLink {
  /** The card the library should open next; null when none is asked for. */
  wanted: string | null = $state(null);

  open(cardId: string): void {
    this.wanted = cardId;
    commands.run('library', 'click');
  }

  /** The card asked for, once: the library takes it. */
  take(): string | null {
    const cardId = this.wanted;
    this.wanted = null;
    return cardId;
  }
}

export const cardLink = new CardLink();
