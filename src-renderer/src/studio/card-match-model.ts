// A card match (CardMatch) edited by CardMatchEditor.svelte wherever it lives: a rule's `match`
// (RuleEditor.matchEditor), a copy limit's override, a generator's fill, the draft's
// eligible cards, a format's ban or restricted entry. `read` and `write` reach the match in the
// owner's draft (its $state, so what the editor shows follows it); nothing here writes the game.

import type { JsonSchema } from '../../../card-schema/system/json-schema';
import { isObject, type Json } from '../../../card-schema/studio/game-files';
import { matchProblem, type DeckContext } from '../../../card-schema/studio/deck-edits';
import { resolveSchema, schemaTypes } from '../../../card-schema/system/resolve-schema';

export type ConditionOp = 'equals' | 'in' | 'exists' | 'absent';

/** The JSON types a card field holds in any of the card types' schemas. */
export function fieldTypes(schemas: readonly JsonSchema[], field: string): string[] {
  const types = new Set<string>();
  for (const schema of schemas) {
    const property = schema.properties?.[field];
    if (typeof property !== 'object' || property === null) continue;
    try {
      const resolved = resolveSchema(schema, property);
      for (const type of schemaTypes(resolved)) types.add(type);
      // A list field compares each of its items: a list of numbers holds numbers.
      if (isObject(resolved.items))
        for (const type of schemaTypes(resolveSchema(schema, resolved.items as JsonSchema))) types.add(type);
    } catch {
      // A dangling reference: the loader says so; the value stays text.
    }
  }
  return [...types];
}

/** What CardMatchEditor.svelte needs of its editor. */
export interface MatchEditing {
  readonly match: Json;
  readonly conditions: Json[];
  readonly problems: { match?: string };
  setMatch(key: 'types' | 'names' | 'where', value: unknown[] | undefined): void;
  toggleMatchType(type: string, on: boolean, order: readonly string[]): void;
  conditionOp(condition: Json): ConditionOp;
  conditionText(condition: Json): string;
  addCondition(): void;
  removeCondition(index: number): void;
  setCondition(index: number, field: string, op: ConditionOp, source: string): void;
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? null)) as T;

export class MatchModel implements MatchEditing {
  constructor(
    private readonly read: () => unknown,
    private readonly write: (match: Json) => void,
    private readonly context: () => DeckContext,
    private readonly schemas: () => readonly JsonSchema[],
    /** The sentence shown under the match; its own problem unless the owner says otherwise. */
    private readonly problem?: () => string | undefined,
  ) {}

  get match(): Json {
    const match = this.read();
    return isObject(match) ? match : {};
  }

  get problems(): { match?: string } {
    return { match: this.problem ? this.problem() : matchProblem(this.match, this.context()) };
  }

  setMatch(key: 'types' | 'names' | 'where', value: unknown[] | undefined): void {
    const match = copy(this.match);
    if (value === undefined || value.length === 0) delete match[key];
    else match[key] = value;
    this.write(match);
  }

  toggleMatchType(type: string, on: boolean, order: readonly string[]): void {
    const types = (Array.isArray(this.match.types) ? this.match.types : []).filter((t) => t !== type);
    if (on) types.push(type);
    this.setMatch(
      'types',
      order.filter((t) => types.includes(t)),
    );
  }

  get conditions(): Json[] {
    return Array.isArray(this.match.where) ? this.match.where.filter(isObject) : [];
  }

  conditionOp(condition: Json): ConditionOp {
    if (condition.exists === true) return 'exists';
    if (condition.exists === false) return 'absent';
    return condition.in !== undefined ? 'in' : 'equals';
  }

  conditionText(condition: Json): string {
    if (Array.isArray(condition.in)) return condition.in.join(', ');
    return condition.equals === undefined ? '' : String(condition.equals);
  }

  addCondition(): void {
    const field = this.context().fields.find((f) => f !== 'name' && f !== 'type') ?? 'name';
    this.setMatch('where', [...copy(this.conditions), { field, equals: '' }]);
  }

  removeCondition(index: number): void {
    this.setMatch(
      'where',
      copy(this.conditions).filter((_, i) => i !== index),
    );
  }

  setCondition(index: number, field: string, op: ConditionOp, source: string): void {
    const value = (token: string) => this.fieldValue(field, token.trim());
    const condition: Json =
      op === 'exists'
        ? { field, exists: true }
        : op === 'absent'
          ? { field, exists: false }
          : op === 'in'
            ? {
                field,
                in: source
                  .split(',')
                  .filter((t) => t.trim() !== '')
                  .map(value),
              }
            : { field, equals: value(source) };
    this.setMatch(
      'where',
      copy(this.conditions).map((c, i) => (i === index ? condition : c)),
    );
  }

  /**
   * A value typed for `field`, as the JSON type the field holds: matches compare strictly, so a
   * number field needs 3, not "3". The card types' schemas say which; unknown fields stay text.
   */
  fieldValue(field: string, source: string): string | number | boolean {
    const types = fieldTypes(this.schemas(), field);
    if ((types.includes('number') || types.includes('integer')) && source !== '' && !Number.isNaN(Number(source)))
      return Number(source);
    if (types.includes('boolean') && (source === 'true' || source === 'false')) return source === 'true';
    return source;
  }
}
