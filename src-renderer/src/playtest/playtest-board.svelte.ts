// The solo board's model: the game (pure engine state), which card is focused, hovered or being
// dragged, the London bottom picks, the counter kind the keys add, and the saved session (kept
// after every change, offered back as "Resume the session from 12:03?" on the next visit).

import {
  PlaytestError,
  applyAction,
  canUndo,
  cardsToBottom,
  createPlaytest,
  undo,
  zoneOf,
} from '../../../card-schema/playtest/engine';
import type { PlaytestAction, PlaytestState } from '../../../card-schema/playtest/playtest-state';
import { cardMatches } from '../../../card-schema/deck/card-match';
import { describeAction, replayMatches, replayStates } from '../../../card-schema/playtest/replay';
import type { TablePoint } from '../../../card-schema/playtest/table';
import { battlefield, type Battlefield } from '../../../card-schema/playtest/spatial/battlefield';
import type { Point } from '../../../card-schema/playtest/spatial/geometry';
import type { ZoneDef } from '../../../card-schema/playtest/format';
import type { SavedPlaytest } from '../../../card-schema/playtest/saved';
import type { Deck } from '../../../card-schema/deck/format';
import type { CardDocument, CardRecord, GameSystem } from '../../../card-schema/system/format';
import type { ApiClient } from '../../../src-main/api/contract';
import { arrowStep } from './arrow-step';
import { snapTile } from './spatial/board-point';
import { loadSession, saveSession, sessionTime } from './playtest-session';

export interface PlaytestBoardDeps {
  api: Pick<ApiClient, 'getDeck' | 'getCards' | 'searchCards'>;
  loadSystem: (systemId: string) => Promise<GameSystem>;
  storage: Storage;
  now: () => Date;
  showError: (error: unknown) => void;
}

/** How far an arrow key moves a card on a board zone (Shift: five times as far). */
const NUDGE = 0.02;

export class PlaytestBoard {
  system = $state.raw<GameSystem | null>(null);
  deck = $state.raw<Deck | null>(null);
  game = $state.raw<PlaytestState | null>(null);
  seed = $state(Math.floor(Math.random() * 1_000_000));
  /** Game mode id ('' = the system's first mode, or none). */
  modeId = $state('');
  /** The card the inspector and the keys act on. */
  selected = $state<string | null>(null);
  /** The card under the pointer (shown full size while hovered). */
  hovered = $state<string | null>(null);
  bottomPicks = $state<string[]>([]);
  /** Counter kind that + and − change. */
  counterKind = $state('');
  /** A saved session of this deck, offered until the player resumes it or plays on. */
  resumeOffer = $state.raw<SavedPlaytest | null>(null);
  /** Zone under a card being dragged. */
  dropTarget = $state<string | null>(null);
  /** Replay mode: every state of the game from its seed, the one shown, and the game to go back to. */
  replay = $state.raw<{ states: PlaytestState[]; live: PlaytestState } | null>(null);
  replayStep = $state(0);
  /** The game's token cards from the library, once the token picker asked for them. */
  tokenCards = $state.raw<CardRecord[] | null>(null);
  private docs = new Map<string, CardDocument>();

  constructor(
    private readonly deps: PlaytestBoardDeps,
    readonly deckId: string,
  ) {}

  get zones(): ZoneDef[] {
    return this.game?.board.zones ?? [];
  }

  get bottomNeeded(): number {
    return this.game ? cardsToBottom(this.game) : 0;
  }

  get canUndo(): boolean {
    return this.game !== null && canUndo(this.game);
  }

  /** "12:03": when the offered session was saved. */
  get resumeTime(): string {
    return this.resumeOffer ? sessionTime(this.resumeOffer.savedAt, this.deps.now()) : '';
  }

  get replaying(): boolean {
    return this.replay !== null;
  }

  /** Actions recorded in the game being replayed. */
  get replaySteps(): number {
    return this.replay ? this.replay.states.length - 1 : 0;
  }

  /** "Keep the hand": the action that led to the replayed step ('' at the start). */
  get replayAction(): string {
    const replay = this.replay;
    if (!replay || this.replayStep === 0) return '';
    const live = replay.live;
    return describeAction(live, live.actions[this.replayStep - 1]);
  }

  /**
   * Replays the game from its seed, read-only, from the start. A session whose record does not
   * lead back to it (saved before actions were recorded, or the deck edited since) is refused.
   */
  openReplay(): boolean {
    const { system, deck, game } = this;
    if (!system || !deck || !game || this.replay) return false;
    try {
      const states = replayStates(system, deck, (id) => this.docs.get(id), game);
      if (!replayMatches(states[states.length - 1], game)) {
        throw new PlaytestError(
          'This game cannot be replayed: its actions were not all recorded (a session saved by an older version) or the deck changed since.',
        );
      }
      this.replay = { states, live: game };
      this.showStep(0);
      return true;
    } catch (error) {
      this.deps.showError(error);
      return false;
    }
  }

  /** Shows the state after `step` recorded actions (kept within the record). */
  showStep(step: number): void {
    const replay = this.replay;
    if (!replay) return;
    this.replayStep = Math.max(0, Math.min(replay.states.length - 1, step));
    this.game = replay.states[this.replayStep];
    this.selected = null;
  }

  /** Back to the game as it was; the replay changed nothing. */
  closeReplay(): void {
    const replay = this.replay;
    if (!replay) return;
    this.replay = null;
    this.game = replay.live;
  }

  /** Replay keys (listed in view-shortcuts.ts): ← → step, Home / End jump, Escape leaves. */
  replayKey(key: string): boolean {
    if (!this.replay) return false;
    const to: Record<string, number> = {
      ArrowLeft: this.replayStep - 1,
      ArrowRight: this.replayStep + 1,
      Home: 0,
      End: this.replaySteps,
    };
    if (key === 'Escape') this.closeReplay();
    else if (key in to) this.showStep(to[key]);
    else return false;
    return true;
  }

  get hasTokens(): boolean {
    return this.system?.board.tokens !== undefined;
  }

  /** The library's cards the game's `board.tokens` match picks, by name (read once per visit). */
  async loadTokenCards(): Promise<CardRecord[]> {
    const rule = this.system?.board.tokens;
    if (!rule || !this.system) return [];
    if (this.tokenCards) return this.tokenCards;
    try {
      const page = await this.deps.api.searchCards({
        query: '',
        systemId: this.system.id,
        types: rule.match.types,
        limit: 5_000,
      });
      this.tokenCards = page.cards
        .filter((card) => cardMatches(card.doc, rule.match))
        .sort((a, b) => a.doc.name.localeCompare(b.doc.name));
    } catch (error) {
      this.deps.showError(error);
      this.tokenCards = [];
    }
    return this.tokenCards;
  }

  /** A new token of the card on a board zone (the first one unless named), on its next free spot. */
  createToken(card: CardRecord, zone?: ZoneDef): boolean {
    const target = zone ?? this.zones.find((candidate) => candidate.kind === 'board');
    if (!target) return false;
    return this.act({ type: 'createToken', cardId: card.id, doc: card.doc, to: target.id, at: this.freeSpot(target) });
  }

  async load(): Promise<void> {
    try {
      const deck = await this.deps.api.getDeck({ id: this.deckId });
      const system = await this.deps.loadSystem(deck.systemId);
      const ids = [...new Set(Object.values(deck.sections).flatMap((entries) => entries.map((e) => e.cardId)))];
      const cards = ids.length ? await this.deps.api.getCards({ ids }) : [];
      this.docs = new Map(cards.map((c) => [c.id, c.doc]));
      this.deck = deck;
      this.system = system;
      // A deck built for a format that is also a game mode (OSMCG's MOBA) starts in that mode.
      const modes = system.board.modes ?? [];
      this.modeId = modes.findIndex((m) => m.id === deck.format) > 0 ? (deck.format ?? '') : '';
      this.resumeOffer = loadSession(this.deps.storage, this.deckId, this.deps.showError) ?? null;
      this.start(false);
    } catch (error) {
      this.deps.showError(error);
    }
  }

  /** A new game from the seed and mode; `save` false keeps an offered session until the player decides. */
  start(save = true): void {
    const { system, deck } = this;
    if (!system || !deck) return;
    this.replay = null;
    try {
      const mode = this.modeId || system.board.modes?.[0]?.id || undefined;
      this.setGame(
        createPlaytest(system, deck, (id) => this.docs.get(id), this.seed, mode),
        save,
      );
      this.counterKind = system.board.counters?.[0]?.id ?? '';
    } catch (error) {
      this.deps.showError(error);
    }
  }

  resume(): void {
    if (!this.resumeOffer) return;
    this.replay = null;
    const state = this.resumeOffer.state;
    this.seed = state.seed;
    this.setGame(state, false);
    this.resumeOffer = null;
  }

  dismissResume(): void {
    this.resumeOffer = null;
    if (this.game) saveSession(this.deps.storage, this.deckId, this.game, this.deps.now());
  }

  /** Applies an action; a refused one shows why and changes nothing. Returns whether it applied. */
  act(action: PlaytestAction): boolean {
    // A replay is read-only: the game goes on only once it is left.
    if (!this.game || this.replay) return false;
    try {
      this.setGame(applyAction(this.game, action));
      return true;
    } catch (error) {
      this.deps.showError(error);
      return false;
    }
  }

  undo(): boolean {
    if (!this.game || this.replay || !canUndo(this.game)) return false;
    this.setGame(undo(this.game));
    return true;
  }

  /** Moves a card to a zone; a point places it there when the zone is a board. */
  moveTo(instanceId: string, zone: ZoneDef, at?: TablePoint): boolean {
    // A card dropped back where it came from (or sent there by key) stays as it is.
    const here = this.game ? zoneOf(this.game, instanceId) : undefined;
    if (here === zone.id && (zone.kind !== 'board' || !at)) return false;
    if (zone.kind !== 'board') return this.act({ type: 'move', instanceId, to: zone.id });
    return this.act({ type: 'move', instanceId, to: zone.id, at: at ?? this.freeSpot(zone) });
  }

  /**
   * A card dropped on the spatial board (a point in its unit, inches or tiles): it goes to the
   * board zone, and a piece or terrain piece stands where it was dropped. Other cards (not pieces)
   * just join the zone.
   */
  dropOnBattlefield(instanceId: string, zone: ZoneDef, at: Point): boolean {
    const game = this.game;
    if (!game || this.replay) return false;
    const move: PlaytestAction | undefined =
      zoneOf(game, instanceId) === zone.id ? undefined : { type: 'move', instanceId, to: zone.id, at: this.freeSpot(zone) };
    let field: Battlefield | undefined;
    try {
      // Where the card would stand after the move, to know whether it is a piece to place.
      field = battlefield(move ? applyAction(game, move) : game);
    } catch (error) {
      this.deps.showError(error);
      return false;
    }
    const placeable =
      field?.pieces.some((p) => p.instanceId === instanceId) || field?.terrain.some((t) => t.instanceId === instanceId);
    if (!field || !placeable) return move ? this.act(move) : true;
    const place: PlaytestAction = {
      type: 'spatial',
      change: { kind: 'place', instanceId, at: field.def.kind === 'tiles' ? snapTile(at) : at },
    };
    // One undo step takes the card back to the hand.
    return this.act(move ? { type: 'together', actions: [move, place] } : place);
  }

  /** Where a card sent to a board zone without a point lands: the next slot of a loose grid. */
  private freeSpot(zone: ZoneDef): TablePoint {
    const count = this.game?.zones[zone.id]?.length ?? 0;
    return { x: 0.02 + 0.11 * (count % 8), y: 0.06 + 0.46 * (Math.floor(count / 8) % 2) };
  }

  /** Card being dragged, and where the pointer holds it. */
  drag = $state<{ instanceId: string; x: number; y: number; dx: number; dy: number } | null>(null);
  /** When the last drag ended (performance.now()): the click that follows it is not a click. */
  dragEndedAt = -Infinity;

  /** Whether a click is the tail of a drag that just ended. */
  get clickEndsDrag(): boolean {
    return performance.now() - this.dragEndedAt < 300;
  }

  /** A hand card clicked while keeping after a London mulligan goes on (or off) the bottom pile. */
  togglePick(instanceId: string): void {
    this.bottomPicks = this.bottomPicks.includes(instanceId)
      ? this.bottomPicks.filter((id) => id !== instanceId)
      : [...this.bottomPicks, instanceId];
  }

  keep(): void {
    if (this.act({ type: 'keep', bottom: this.bottomPicks })) this.bottomPicks = [];
  }

  nextCounterKind(): void {
    const kinds = this.game?.board.counters ?? [];
    if (kinds.length === 0) return;
    const index = kinds.findIndex((kind) => kind.id === this.counterKind);
    this.counterKind = kinds[(index + 1) % kinds.length].id;
  }

  /**
   * The board's keys for a focused card (listed in view-shortcuts.ts): 1–9 move it to that zone,
   * T taps, F flips, + / − change a counter of the chosen kind, C picks the next kind, R reveals,
   * B buys a card from the store (games that buy),
   * arrows move it on a board zone. Returns whether the key was one of them.
   */
  cardKey(instanceId: string, key: string, shift: boolean): boolean {
    const game = this.game;
    if (!game || this.replay) return false;
    const zones = game.board.zones;
    if (/^[1-9]$/.test(key)) {
      const zone = zones[Number(key) - 1];
      if (zone) this.moveTo(instanceId, zone);
      return zone !== undefined;
    }
    const arrow = arrowStep(key);
    if (arrow) {
      const here = zones.find((zone) => zone.id === zoneOf(game, instanceId));
      if (here?.kind !== 'board') return false;
      const at = game.table[instanceId]?.at ?? { x: 0, y: 0 };
      const step = shift ? NUDGE * 5 : NUDGE;
      return this.act({ type: 'move', instanceId, to: here.id, at: { x: at.x + arrow.dx * step, y: at.y + arrow.dy * step } });
    }
    switch (key.toLowerCase()) {
      case 't':
        return this.act({ type: 'tap', instanceId }) || true;
      case 'f':
        return this.act({ type: 'flip', instanceId }) || true;
      case 'r':
        return this.act({ type: 'reveal', instanceId }) || true;
      case 'b':
        if (!game.board.buy || zoneOf(game, instanceId) !== game.board.buy.from) return false;
        return this.act({ type: 'buy', instanceId }) || true;
      case 'c':
        this.nextCounterKind();
        return true;
      case '+':
      case '=':
      case '-':
      case '−': {
        if (!this.counterKind) return false;
        this.act({ type: 'counter', instanceId, counter: this.counterKind, delta: key === '+' || key === '=' ? 1 : -1 });
        return true;
      }
      default:
        return false;
    }
  }

  private setGame(state: PlaytestState, save = true): void {
    this.game = state;
    if (this.selected && !zoneOf(state, this.selected)) this.selected = null;
    const hand = state.board.zones.find((zone) => zone.kind === 'hand');
    this.bottomPicks = state.awaitingKeep ? this.bottomPicks.filter((id) => hand && zoneOf(state, id) === hand.id) : [];
    if (!save) return;
    // Playing on means the offered older session is not wanted any more.
    this.resumeOffer = null;
    saveSession(this.deps.storage, this.deckId, state, this.deps.now());
  }
}
