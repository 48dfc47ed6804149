// The library's search and its results as one virtual list over every match.
//
// Each change of the query, scope or sort starts a search at once (no debounce): at most one
// search is in flight, the newest waiting one replaces any older waiting one, and only the
// newest answer is shown. The answer brings the start of page 0, a screen or two of rows (the
// smaller the answer, the sooner a keystroke's rows show); the rest of page 0 is asked for after
// the frame that shows them, or at once when rows past them are wanted. While more cards match,
// searchCardPages is fetched in the background for the exact total and every page's start
// cursor, once the answer has stood a moment (typing does not start one per key; it costs more
// than a search) or at once when rows past the known pages are wanted. Rows load by page as they
// come into view (page k after page k-1's `next`, or from its start cursor), one page request at
// a time, and a bounded number of pages stays in memory (least recently loaded out first, never
// a page in view).

import type { ApiClient, SearchResult } from '../../../src-main/api/contract';
import type { SearchCursor } from '../../../card-schema/search/search-page';
import type { QueryProblem, SearchSort, TextTerm } from '../../../card-schema/search/query';
import type { CardRecord, GameSystem } from '../../../card-schema/system/format';
import { sortColumns, type SortColumn } from './sort-columns';
import { userMessage } from '../lib/user-message';

export interface LibrarySearchDeps {
  api: Pick<ApiClient, 'searchCards' | 'searchCardPages'>;
  /** Full game systems by id (undefined until loaded), for the columns each game shows. */
  system: (systemId: string) => GameSystem | undefined;
  /** Every installed game's id. */
  systemIds: () => readonly string[];
  /** A failure of a background request (a page, the page index); the list keeps what it has. */
  showError: (error: unknown) => void;
  /** Cards per request: small enough that the first rows come fast. */
  pageSize?: number;
  /** Cards a search's first answer brings (the start of page 0): a screen or two of rows. */
  firstRows?: number;
  /** Runs `run` after the next frame is drawn (the rest of page 0 is asked for then). */
  afterFrame?: (run: () => void) => void;
  /** Pages kept in memory at most. */
  maxPages?: number;
  /** How long an answer stands before its exact total and page starts are fetched. */
  pageStartsDelayMs?: number;
  /** How long a search runs or waits before `searchingLong` says so (a spinner for it would only flicker sooner). */
  slowSearchMs?: number;
}

/** A search as the saved-searches menu keeps it: systemId null searches every game. */
export interface SearchForm {
  query: string;
  systemId: string | null;
  sort: SearchSort;
  descending: boolean;
}

/** What a search asks for, without paging. */
export interface LibrarySearchRequest {
  query: string;
  /** Absent: every game. */
  systemId?: string;
  setId?: string;
  types?: string[];
  sort: SearchSort;
  descending: boolean;
}

interface SearchJob {
  request: LibrarySearchRequest;
  generation: number;
}

const DEFAULT_PAGE_SIZE = 100;
/** Two screens of 60 px rows on a 1,200 px tall list. */
const DEFAULT_FIRST_ROWS = 40;
const DEFAULT_MAX_PAGES = 60;
const DEFAULT_PAGE_STARTS_DELAY_MS = 250;
const DEFAULT_SLOW_SEARCH_MS = 200;

export class LibrarySearchModel {
  // What is searched.
  query = $state('');
  /** Search every game instead of the selected one (rows then name their game). */
  allGames = $state(false);
  /** The selected game. */
  systemId = $state('');
  /** The selected set of that game; null: all its sets. */
  setId = $state<string | null>(null);
  /** Card-type ids of the selected game; empty: every type. Not used across every game. */
  types = $state.raw<string[]>([]);
  /** The column clicked last; null: the default (best match while a query is typed, else name). */
  sortChoice = $state<SearchSort | null>(null);
  descending = $state(false);

  // What the newest answer says.
  /** Rows in the list: the exact total once known, until then the capped count (or page 0's length). */
  count = $state(0);
  /** Matching cards; a lower bound while `totalExact` is false. */
  total = $state(0);
  totalExact = $state(true);
  problems = $state.raw<QueryProblem[]>([]);
  highlight = $state.raw<TextTerm[]>([]);
  /** The search failed (the backend's message); null otherwise. */
  error = $state<string | null>(null);
  /** A search is running or waiting. */
  searching = $state(false);
  /**
   * A search has been running or waiting for a moment (slowSearchMs): the view's spinner. Most
   * answer within a frame or two, and a spinner put in and taken out at every key only flickers
   * (and lays the toolbar out twice in the frames that should show the rows).
   */
  searchingLong = $state(false);
  /** An answer has been shown (before it, the list area stays empty rather than saying "no cards"). */
  hasSearched = $state(false);
  /** Bumped at each answer shown; the view keeps its selection to the cards still listed. */
  answers = $state(0);
  /** What the rows shown answer (a new one scrolls the list back to the top). */
  shownRequest = $state.raw<LibrarySearchRequest | null>(null);
  /** Bumped whenever a page arrives or leaves; rows read it through cardAt. */
  private pagesVersion = $state(0);

  readonly pageSize: number;
  private readonly firstRows: number;
  private readonly maxPages: number;
  private generation = 0;
  private busy = false;
  private waiting: SearchJob | null = null;
  /** The search whose answer is shown: pages load for it. */
  private shown: SearchJob | null = null;
  private pages = new Map<number, CardRecord[]>();
  /** Where each known page starts (null: the first). Cursors are small: all are kept. */
  private cursors = new Map<number, SearchCursor | null>();
  private pageLoading: number | null = null;
  /**
   * While page 0 holds only its first rows: where its rest starts, and whether it is due (the
   * frame showing the first rows has been drawn); null once page 0 is whole.
   */
  private restOfFirst: { after: SearchCursor; due: boolean } | null = null;
  private wanted = { first: 0, last: -1 };
  /** The shown search's page-starts fetch: waiting for its timer, or started. */
  private pageStarts: { job: SearchJob; timer: ReturnType<typeof setTimeout> | null } | null = null;
  private slowTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: LibrarySearchDeps) {
    this.pageSize = deps.pageSize ?? DEFAULT_PAGE_SIZE;
    this.firstRows = Math.min(this.pageSize, Math.max(1, deps.firstRows ?? DEFAULT_FIRST_ROWS));
    this.maxPages = Math.max(2, deps.maxPages ?? DEFAULT_MAX_PAGES);
  }

  /** The games searched: the selected one, or every installed one. */
  readonly games: GameSystem[] = $derived.by(() => {
    const ids = this.allGames ? this.deps.systemIds() : [this.systemId];
    return ids.flatMap((id) => this.deps.system(id) ?? []);
  });

  /** The columns the list can be sorted by. */
  readonly columns: SortColumn[] = $derived(sortColumns(this.games));

  /** Whether the list is sorted by best match (only while a query is typed). */
  readonly relevanceAvailable: boolean = $derived(this.query.trim() !== '');

  /** The order in effect: the chosen column while the games have it, else the default. */
  readonly sort: SearchSort = $derived.by(() => {
    const choice = this.sortChoice;
    if (choice === 'relevance' && this.relevanceAvailable) return 'relevance';
    if (choice !== null && this.columns.some((column) => column.sort === choice)) return choice;
    return this.relevanceAvailable ? 'relevance' : 'name';
  });

  readonly sortDescending: boolean = $derived(this.sort === this.sortChoice && this.descending);

  readonly request: LibrarySearchRequest = $derived.by(() => {
    const request: LibrarySearchRequest = { query: this.query, sort: this.sort, descending: this.sortDescending };
    if (!this.allGames) {
      request.systemId = this.systemId;
      if (this.setId !== null) request.setId = this.setId;
      if (this.types.length > 0) request.types = [...this.types];
    }
    return request;
  });

  /** The search shown, as a saved search holds it. */
  readonly savedForm: SearchForm = $derived({
    query: this.query,
    systemId: this.allGames ? null : this.systemId,
    sort: this.sort,
    descending: this.sortDescending,
  });

  /** Shows a saved search: its query, its game (or every game) with no set or type filter, its order. */
  apply(form: SearchForm): void {
    this.query = form.query;
    this.allGames = form.systemId === null;
    if (form.systemId !== null && form.systemId !== this.systemId) {
      this.systemId = form.systemId;
      this.types = [];
    }
    this.setId = null;
    this.sortChoice = form.sort;
    this.descending = form.descending;
  }

  /** A column header was clicked: sort by it, or reverse it when it is the sort already. */
  sortBy(sort: SearchSort): void {
    if (this.sort === sort) {
      this.sortChoice = sort;
      this.descending = !this.sortDescending;
      return;
    }
    this.sortChoice = sort;
    this.descending = false;
  }

  /** Back to the default order (best match while a query is typed). */
  sortByDefault(): void {
    this.sortChoice = null;
    this.descending = false;
  }

  /** Searches for the current request; call on every change. */
  search(): void {
    const job: SearchJob = { request: this.request, generation: ++this.generation };
    this.searching = true;
    this.slowTimer ??= setTimeout(() => {
      this.slowTimer = null;
      this.searchingLong = this.searching;
    }, this.deps.slowSearchMs ?? DEFAULT_SLOW_SEARCH_MS);
    if (this.busy) {
      this.waiting = job;
      return;
    }
    void this.run(job);
  }

  private async run(job: SearchJob): Promise<void> {
    this.busy = true;
    try {
      const first = await this.deps.api.searchCards({ ...job.request, limit: this.firstRows });
      if (job.generation === this.generation) this.showAnswer(job, first);
    } catch (error) {
      if (job.generation === this.generation) this.showFailure(job, error);
    } finally {
      this.busy = false;
      const next = this.waiting;
      this.waiting = null;
      if (next) void this.run(next);
      else this.searchingDone();
    }
  }

  private searchingDone(): void {
    this.searching = false;
    this.searchingLong = false;
    if (this.slowTimer) clearTimeout(this.slowTimer);
    this.slowTimer = null;
  }

  private showAnswer(job: SearchJob, first: SearchResult): void {
    this.resetPages(job);
    this.cursors.set(0, null);
    this.pages.set(0, first.cards);
    // A short first answer with more behind it: the rest of page 0 comes after the frame.
    const partial = first.next !== null && first.cards.length < this.pageSize;
    if (partial) this.restOfFirst = { after: first.next!, due: false };
    else if (first.next) this.cursors.set(1, first.next);
    this.count = first.next ? Math.max(first.total, first.cards.length) : first.cards.length;
    this.total = first.next ? first.total : first.cards.length;
    this.totalExact = first.next ? first.totalExact : true;
    this.problems = first.problems;
    this.highlight = first.highlight;
    this.error = null;
    this.hasSearched = true;
    this.answers++;
    if (first.next) {
      const timer = setTimeout(() => this.startPageStarts(job), this.deps.pageStartsDelayMs ?? DEFAULT_PAGE_STARTS_DELAY_MS);
      this.pageStarts = { job, timer };
      if (partial) (this.deps.afterFrame ?? afterNextFrame)(() => this.restOfFirstDue(job));
      this.loadWanted();
    }
  }

  private restOfFirstDue(job: SearchJob): void {
    if (this.shown !== job || this.restOfFirst === null) return;
    this.restOfFirst.due = true;
    this.loadWanted();
  }

  private showFailure(job: SearchJob, error: unknown): void {
    this.resetPages(job);
    this.count = 0;
    this.total = 0;
    this.totalExact = true;
    this.problems = [];
    this.highlight = [];
    this.error = userMessage(error);
    this.hasSearched = true;
    this.answers++;
  }

  private resetPages(job: SearchJob): void {
    if (this.pageStarts?.timer) clearTimeout(this.pageStarts.timer);
    this.pageStarts = null;
    this.shown = job;
    this.shownRequest = job.request;
    this.pages = new Map();
    this.cursors = new Map();
    this.restOfFirst = null;
    this.pagesVersion++;
  }

  /** Fetches the page starts of the search shown now, unless already under way. */
  private startPageStarts(job: SearchJob): void {
    const state = this.pageStarts;
    if (state?.job !== job || state.timer === null) return;
    clearTimeout(state.timer);
    state.timer = null;
    void this.loadPageStarts(job);
  }

  /** The exact total and every page's start, so the list can jump anywhere. */
  private async loadPageStarts(job: SearchJob): Promise<void> {
    try {
      const index = await this.deps.api.searchCardPages({ ...job.request, pageSize: this.pageSize });
      if (this.shown !== job) return;
      index.starts.forEach((cursor, page) => this.cursors.set(page, cursor));
      this.count = index.total;
      this.total = index.total;
      this.totalExact = true;
      this.loadWanted();
    } catch (error) {
      if (this.shown === job) this.deps.showError(error);
    }
  }

  /** The rows in view (indexes, inclusive): their pages load, and stay while in view. */
  showRows(first: number, last: number): void {
    this.wanted = { first: Math.max(0, first), last };
    this.loadWanted();
  }

  /** The card at a row, or undefined while its page is not loaded. */
  cardAt(index: number): CardRecord | undefined {
    void this.pagesVersion;
    return this.pages.get(Math.floor(index / this.pageSize))?.[index % this.pageSize];
  }

  /** The ids of the loaded rows in list order (for Shift ranges, Ctrl+A and printing a selection). */
  loadedIds(): string[] {
    void this.pagesVersion;
    return [...this.pages.keys()].sort((a, b) => a - b).flatMap((page) => (this.pages.get(page) ?? []).map((card) => card.id));
  }

  /** A loaded card by id, with its row. */
  findLoaded(id: string | null): { card: CardRecord; index: number } | undefined {
    void this.pagesVersion;
    if (id === null) return undefined;
    for (const [page, cards] of this.pages) {
      const at = cards.findIndex((card) => card.id === id);
      if (at >= 0) return { card: cards[at], index: page * this.pageSize + at };
    }
    return undefined;
  }

  /** Rows page `page` holds now. */
  private pageRows(page: number): number {
    return this.pages.get(page)?.length ?? 0;
  }

  private wantedPages(): { first: number; last: number } {
    const last = Math.min(this.wanted.last, this.count - 1);
    return { first: Math.floor(this.wanted.first / this.pageSize), last: Math.floor(last / this.pageSize) };
  }

  /** Starts loading the first missing page in view whose start is known (one request at a time). */
  private loadWanted(): void {
    const job = this.shown;
    if (!job || this.pageLoading !== null || this.count === 0) return;
    const rest = this.restOfFirst;
    // Page 0's rest after the frame showing its first rows, or at once for rows past them in view.
    if (rest && this.pages.has(0) && (rest.due || (this.wanted.first < this.pageSize && this.wanted.last >= this.pageRows(0)))) {
      void this.loadPage(job, 0, rest.after);
      return;
    }
    const { first, last } = this.wantedPages();
    for (let page = first; page <= last; page++) {
      if (this.pages.has(page)) continue;
      if (this.cursors.has(page)) {
        void this.loadPage(job, page, this.cursors.get(page) ?? null);
        return;
      }
      // A row past the known pages is wanted: the page starts are needed now.
      this.startPageStarts(job);
    }
  }

  /**
   * Loads page `page` from `after`, or, when page 0 holds only its first rows and `after` is where
   * they end, the rest of page 0 (appended to them).
   */
  private async loadPage(job: SearchJob, page: number, after: SearchCursor | null): Promise<void> {
    this.pageLoading = page;
    const rest = page === 0 && after !== null && after === this.restOfFirst?.after;
    const have = rest ? (this.pages.get(0) ?? []) : [];
    try {
      const limit = this.pageSize - have.length;
      const answer = await this.deps.api.searchCards({ ...job.request, limit, after: after ?? undefined });
      if (this.shown !== job) return;
      // Page 0's first rows left memory meanwhile: its rest alone would not start at row 0.
      if (rest && this.pages.get(0) !== have) return;
      const cards = rest ? [...have, ...answer.cards] : answer.cards;
      if (page === 0) this.restOfFirst = null;
      this.keepPage(page, cards);
      if (answer.next) this.cursors.set(page + 1, answer.next);
      else if (!this.totalExact) {
        // The last page, reached before the exact total came: now it is known.
        this.count = this.total = page * this.pageSize + cards.length;
        this.totalExact = true;
      }
    } catch (error) {
      if (this.shown === job) this.deps.showError(error);
      // Asked again only when rows past page 0's first ones come into view.
      if (rest && this.shown === job && this.restOfFirst) this.restOfFirst.due = false;
    } finally {
      this.pageLoading = null;
      // For the search shown now, which may be a newer one than this page's.
      this.loadWanted();
    }
  }

  private keepPage(page: number, cards: CardRecord[]): void {
    this.pages.set(page, cards);
    const { first, last } = this.wantedPages();
    for (const old of this.pages.keys()) {
      if (this.pages.size <= this.maxPages) break;
      if (old < first || old > last) this.pages.delete(old);
    }
    this.pagesVersion++;
  }
}

/** Runs `run` in a task after the next frame is drawn (at once where there are no frames). */
function afterNextFrame(run: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}
