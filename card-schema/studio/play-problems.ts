// Everything wrong with how a game is played and sold as its files hold it (an import, a
// hand-edited system.json): the board's problems, then the rarity's and the packs', each at
// the field the Play panel shows it beside.

import type { GameFileMap } from './game-files';
import { boardProblems } from './board-edits';
import { boardExtrasProblems } from './board-extras-edits';
import { goalsAndTalliesProblems } from './goals-and-tallies-edits';
import { modesProblems } from './modes-edits';
import { phaseStepProblems } from './phase-step-edits';
import { packProblems } from './pack-edits';
import type { PlayProblem } from './play-edit-shared';

/** What is wrong with the board, rarity and packs as written, each at its field. */
export function playProblems(files: GameFileMap): PlayProblem[] {
  return [
    ...boardProblems(files),
    ...boardExtrasProblems(files),
    ...goalsAndTalliesProblems(files),
    ...modesProblems(files),
    ...phaseStepProblems(files),
    ...packProblems(files),
  ];
}

/** The problem at `field`, for showing beside it. */
export const problemAt = (problems: readonly PlayProblem[], field: string): string | undefined =>
  problems.find((problem) => problem.field === field)?.message;
