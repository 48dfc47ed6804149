// A board setup's rules in words, shared by the Games view and the deck's odds panel.

import type { BoardSetup } from './format';

/** "London mulligan (…)", "mulligan to one card fewer after 1 free", "no mulligan". */
export function describeMulligan(board: Pick<BoardSetup, 'mulligan' | 'freeMulligans'>): string {
  switch (board.mulligan) {
    case 'london':
      return 'London mulligan (redraw, then put one card per mulligan on the bottom)';
    case 'smaller':
      return `mulligan to one card fewer${board.freeMulligans ? ` after ${board.freeMulligans} free` : ''}`;
    case 'none':
      return 'no mulligan';
  }
}
