// One deck rule being edited in the studio: a draft copy of its JSON that the form's controls
// change, the problems of the draft at each field (card-schema/studio/deck-rule-problems.ts),
// and the rule's JSON as text for whatever the forms do not cover. Nothing reaches the game's
// files until Save, and Save refuses while any problem is left.

import type { JsonSchema } from '../../../card-schema/system/json-schema';
import { isObject, type Json } from '../../../card-schema/studio/game-files';
import { parseRuleJson, ruleProblems, type DeckContext, type RuleProblems } from '../../../card-schema/studio/deck-edits';
import { MatchModel } from './card-match-model';

export type SizeMode = 'exact' | 'range' | 'sizes';

/** A number typed in a field: '' clears it; anything else is kept even when wrong, for the problem to name. */
const typedNumber = (source: string): number | undefined => (source.trim() === '' ? undefined : Number(source));

/** "0, 10", "0 or 10", "0 10": each token a size; a token that is no number stays text, so the problem quotes it. */
export function parseSizes(source: string): (number | string)[] {
  return source
    .split(/[\s,;]+|\bor\b/)
    .filter((token) => token.trim() !== '')
    .map((token) => (/^-?\d+(\.\d+)?$/.test(token) ? Number(token) : token));
}

export class RuleEditor {
  draft = $state<Json>({});
  /** 'json' shows the rule's JSON in a text area instead of the form. */
  mode = $state<'form' | 'json'>('form');
  jsonText = $state('');
  jsonProblem = $state<string | null>(null);
  sizeMode = $state<SizeMode>('range');
  sizesText = $state('');
  /** The refusal of the last Save (a problem the form does not show at a field). */
  refusal = $state<string | null>(null);

  readonly problems: RuleProblems = $derived.by(() => ruleProblems($state.snapshot(this.draft), this.context(), this.otherIds()));
  readonly valid = $derived(Object.keys(this.problems).length === 0 && (this.mode === 'form' || this.jsonProblem === null));

  constructor(
    /** The rule's position in the game's rules; -1 for none. */
    readonly index: number,
    rule: Json,
    private readonly context: () => DeckContext,
    private readonly otherIds: () => readonly string[],
    /** The card types' schemas, to type the values of field conditions. */
    private readonly schemas: () => readonly JsonSchema[],
  ) {
    this.draft = structuredClone(rule);
    const { sizes, min, max } = rule;
    this.sizeMode = Array.isArray(sizes) ? 'sizes' : min !== undefined && min === max ? 'exact' : 'range';
    this.sizesText = Array.isArray(sizes) ? sizes.join(', ') : '';
  }

  /** The card types' schemas (for editors of the rule's other card matches). */
  get cardSchemas(): readonly JsonSchema[] {
    return this.schemas();
  }

  get kind(): string {
    return String(this.draft.kind);
  }

  /** The draft as plain JSON, ready to write. */
  snapshot(): Json {
    return $state.snapshot(this.draft);
  }

  /** Sets `key`; an empty value (undefined, '', an empty list) removes it, since the format treats absent as "every". */
  set(key: string, value: unknown): void {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete this.draft[key];
    else this.draft[key] = value;
  }

  setNumber(key: string, source: string): void {
    this.set(key, typedNumber(source));
  }

  /** Adds or removes `item` from the list at `key` (sections, types, fields), keeping the list's order. */
  toggle(key: string, item: string, on: boolean, order: readonly string[] = []): void {
    const list = Array.isArray(this.draft[key]) ? (this.draft[key] as unknown[]).filter((x) => x !== item) : [];
    if (on) list.push(item);
    const rank = (x: unknown) => (order.indexOf(String(x)) + order.length + 1) % (order.length + 1);
    this.set(key, order.length ? list.sort((a, b) => rank(a) - rank(b)) : list);
  }

  has(key: string, item: string): boolean {
    const list = this.draft[key];
    return Array.isArray(list) && list.includes(item);
  }

  /** A section size as one count, a range, or a list of the only counts allowed; each keeps what it can. */
  setSizeMode(mode: SizeMode): void {
    const { min, max } = this.draft;
    const sizes = Array.isArray(this.draft.sizes) ? (this.draft.sizes as unknown[]) : [];
    const first = [min, max, ...sizes].find((value) => typeof value === 'number');
    this.sizeMode = mode;
    if (mode === 'sizes') {
      this.sizesText = sizes.length ? sizes.join(', ') : first !== undefined ? String(first) : '';
      this.set('min', undefined);
      this.set('max', undefined);
      this.setSizes(this.sizesText);
    } else {
      this.set('sizes', undefined);
      if (mode === 'exact') this.setExact(first === undefined ? '' : String(first));
      else if (min === undefined && max === undefined && first !== undefined) this.set('min', first);
    }
  }

  setExact(source: string): void {
    this.setNumber('min', source);
    this.setNumber('max', source);
  }

  setSizes(source: string): void {
    this.sizesText = source;
    // An empty list stays in the draft: "list at least one size" is the problem to show.
    this.draft.sizes = parseSizes(source);
  }

  /** The rule's card match (quota, requires, cardsMatch), edited in the draft: an object even while absent. */
  readonly matchEditor = new MatchModel(
    () => this.draft.match,
    (match) => (this.draft.match = match),
    () => this.context(),
    () => this.schemas(),
    () => this.problems.match,
  );

  /** The identity checks, each a row of the form. */
  get checks(): Json[] {
    return Array.isArray(this.draft.checks) ? this.draft.checks.filter(isObject) : [];
  }

  setCheck(index: number, key: string, value: string | undefined): void {
    const checks = $state.snapshot(this.checks).map((check, i) => {
      if (i !== index) return check;
      const next: Json = { ...check };
      if (value === undefined || value === '') delete next[key];
      else next[key] = value;
      return next;
    });
    this.draft.checks = checks;
  }

  addCheck(): void {
    const field = this.context().identityField ?? this.context().fields.find((f) => f !== 'name' && f !== 'type') ?? 'name';
    this.draft.checks = [...$state.snapshot(this.checks), { field, mode: 'intersects' }];
  }

  removeCheck(index: number): void {
    this.set(
      'checks',
      $state.snapshot(this.checks).filter((_, i) => i !== index),
    );
  }

  /** A check's neutral values from "colorless, none": values that never count; empty removes the key. */
  setCheckNeutral(index: number, source: string): void {
    const values = source
      .split(',')
      .map((value) => value.trim())
      .filter((value) => value !== '');
    this.draft.checks = $state.snapshot(this.checks).map((check, i) => {
      if (i !== index) return check;
      const next: Json = { ...check };
      if (values.length) next.neutral = values;
      else delete next.neutral;
      return next;
    });
  }

  /** A copy limit's overrides ("at most 1 of any legendary card"), each a row of the form. */
  get overrides(): Json[] {
    return Array.isArray(this.draft.overrides) ? this.draft.overrides.filter(isObject) : [];
  }

  /** Changes override `index` (its match or its max); other keys of the override stay. */
  setOverride(index: number, patch: { match?: Json; max?: number }): void {
    this.draft.overrides = $state
      .snapshot(this.overrides)
      .map((override, i) => (i === index ? { ...override, ...patch } : override));
  }

  addOverride(): void {
    const type = this.context().types[0];
    this.draft.overrides = [...$state.snapshot(this.overrides), { match: type ? { types: [type.id] } : {}, max: 1 }];
  }

  removeOverride(index: number): void {
    this.set(
      'overrides',
      $state.snapshot(this.overrides).filter((_, i) => i !== index),
    );
  }

  /** Lines of text as a list (names, complete-set cards): one entry a line, blank lines dropped. */
  static lines(source: string): string[] {
    return source
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
  }

  showJson(): void {
    this.jsonText = JSON.stringify(this.snapshot(), null, 2);
    this.jsonProblem = null;
    this.mode = 'json';
  }

  /** The JSON typed so far becomes the draft when it parses to a rule of the same kind; else its problem shows. */
  setJson(source: string): void {
    this.jsonText = source;
    const parsed = parseRuleJson(source, this.kind);
    if ('problem' in parsed) {
      this.jsonProblem = parsed.problem;
      return;
    }
    this.jsonProblem = null;
    this.draft = parsed.rule;
  }

  showForm(): void {
    if (this.jsonProblem) return;
    this.mode = 'form';
    const { sizes } = this.draft;
    if (Array.isArray(sizes)) this.sizesText = sizes.join(', ');
  }
}
