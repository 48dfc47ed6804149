// "Move to set…": the sets the chosen cards may go to (the other sets of their game) and the
// move itself (moveCards: one transaction; the cards keep their ids, so decks keep them).

import type { CardSetInfo } from '../../../card-schema/system/format';
import type { ApiClient, MoveCardsResult } from '../../../src-main/api/contract';

export interface MoveCardsDeps {
  api: Pick<ApiClient, 'moveCards'>;
  errorMessage: (error: unknown) => string;
}

export class MoveCardsModel {
  targetId: string | null = $state(null);
  moving = $state(false);
  problem: string | null = $state(null);

  /** The game's sets other than the one every card is in already (by name). */
  readonly targets: CardSetInfo[];

  constructor(
    readonly cardIds: readonly string[],
    /** The sets the cards are in now. */
    fromSetIds: readonly string[],
    gameSets: readonly CardSetInfo[],
    private readonly deps: MoveCardsDeps,
  ) {
    const from = new Set(fromSetIds);
    this.targets = gameSets.filter((set) => !(from.size === 1 && from.has(set.id))).sort((a, b) => a.name.localeCompare(b.name));
    this.targetId = this.targets[0]?.id ?? null;
  }

  /** The move's result, or null when it failed (the reason is in `problem`). */
  async move(): Promise<MoveCardsResult | null> {
    if (this.targetId === null || this.moving) return null;
    this.moving = true;
    this.problem = null;
    try {
      return await this.deps.api.moveCards({ cardIds: [...this.cardIds], setId: this.targetId });
    } catch (error) {
      this.problem = this.deps.errorMessage(error);
      return null;
    } finally {
      this.moving = false;
    }
  }
}
