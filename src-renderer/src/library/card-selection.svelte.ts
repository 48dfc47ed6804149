// The library list's selection: one current card (the detail pane shows it, the keyboard moves
// it) and the set of selected cards, grown with Ctrl/Cmd-click (toggle), Shift-click (the range
// from the anchor) and Ctrl/Cmd-A (every card listed). Ids only: the list owns the cards.

export interface SelectGesture {
  /** Ctrl (Cmd on macOS): add or remove one card. */
  toggle?: boolean;
  /** Shift: select the range from the anchor to this card. */
  range?: boolean;
}

export class CardSelection {
  /** The card shown in the detail pane; null when none is. */
  current: string | null = $state(null);
  /** Every selected card, the current one included. */
  ids: ReadonlySet<string> = $state.raw(new Set());
  /** Where a Shift range starts: the last card clicked without Shift. */
  private anchor: string | null = null;

  get count(): number {
    return this.ids.size;
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** `listed`: the ids in list order, for ranges. */
  select(id: string, listed: readonly string[], gesture: SelectGesture = {}): void {
    if (gesture.range && this.anchor !== null && listed.includes(this.anchor)) {
      const [from, to] = [listed.indexOf(this.anchor), listed.indexOf(id)].sort((a, b) => a - b);
      const range = listed.slice(from, to + 1);
      this.ids = new Set(gesture.toggle ? [...this.ids, ...range] : range);
      this.current = id;
      return;
    }
    this.anchor = id;
    if (gesture.toggle) {
      const ids = new Set(this.ids);
      if (ids.has(id)) {
        ids.delete(id);
        this.current = this.current === id ? ([...ids].at(-1) ?? null) : this.current;
      } else {
        ids.add(id);
        this.current = id;
      }
      this.ids = ids;
      return;
    }
    this.ids = new Set([id]);
    this.current = id;
  }

  selectAll(listed: readonly string[]): void {
    this.ids = new Set(listed);
    if (this.current === null || !this.ids.has(this.current)) this.current = listed[0] ?? null;
    this.anchor = this.current;
  }

  clear(): void {
    this.ids = new Set();
    this.current = null;
    this.anchor = null;
  }

  /** Keeps only the cards still listed (after a new search). */
  retain(listed: readonly string[]): void {
    const still = new Set(listed);
    if ([...this.ids].every((id) => still.has(id))) return;
    this.ids = new Set([...this.ids].filter((id) => still.has(id)));
    if (this.current !== null && !still.has(this.current)) this.current = [...this.ids].at(-1) ?? null;
    if (this.anchor !== null && !still.has(this.anchor)) this.anchor = this.current;
  }

  /**
   * The selected ids in list order (what the user sees), for printing; selected cards `listed`
   * does not hold (a long list keeps only some of its rows in memory) follow in selection order.
   */
  inListOrder(listed: readonly string[]): string[] {
    const inList = listed.filter((id) => this.ids.has(id));
    const seen = new Set(inList);
    return [...inList, ...[...this.ids].filter((id) => !seen.has(id))];
  }
}
