// A board setup's rules in words, shared by the Games view and the deck's odds panel.

import type { BoardSetup } from './format';

/** "London mulligan (…)", "mulligan to one card fewer after 1 free, at most 2", "no mulligan". */
export function describeMulligan(board: Pick<BoardSetup, 'mulligan' | 'freeMulligans' | 'maxMulligans'>): string {
  if (board.mulligan === 'none' || board.maxMulligans === 0) return 'no mulligan';
  const cap =
    board.maxMulligans === undefined ? '' : `, at most ${board.maxMulligans} mulligan${board.maxMulligans === 1 ? '' : 's'}`;
  switch (board.mulligan) {
    case 'london':
      return `London mulligan (redraw, then put one card per mulligan on the bottom)${cap}`;
    case 'smaller':
      return `mulligan to one card fewer${board.freeMulligans ? ` after ${board.freeMulligans} free` : ''}${cap}`;
  }
}
