// The studio's Deck panel: the game's deck sections, rules and play formats from the files being
// edited, each change one undoable studio edit (card-schema/studio/deck-edits.ts), and for every
// rule which of the game's decks it accepts and refuses under the edited rules (the studio's live
// check). A refused edit writes nothing and leaves its sentence where it was made (`refusal`).

import type { GameSystem } from '../../../card-schema/system/format';
import type { JsonSchema } from '../../../card-schema/system/json-schema';
import { cardTypesOf, typeSchemaOf } from '../../../card-schema/studio/game-files';
import type { StudioModel } from './studio.svelte';
import { RuleEditor } from './rule-editor.svelte';
import { banMatch, restrictMatch } from '../../../card-schema/studio/format-match-edits';
import type { Json } from '../../../card-schema/studio/game-files';
import {
  addFormat,
  addRule,
  addSection,
  banCard,
  deckContextOf,
  formatsOf,
  moveFormat,
  moveRule,
  moveSection,
  removeFormat,
  removeRule,
  removeSection,
  restrictCard,
  ruleIdAt,
  ruleWords,
  rulesOf,
  sectionsOf,
  unbanEntry,
  unrestrictEntry,
  updateFormat,
  updateRule,
  updateSection,
  type DeckEdit,
  type RuleKind,
  type SectionPatch,
} from '../../../card-schema/studio/deck-edits';

export interface RuleRow {
  index: number;
  /** The id the check reports it by (its own, else `<kind>#<position>`). */
  id: string;
  kind: string;
  /** What the rule means, generated. */
  words: string;
  /** The designer's description, when there is one. */
  description?: string;
  /** Labels of the formats it is limited to; empty for every format. */
  formats: string[];
  accepts: string[];
  refuses: string[];
}

/** The loaded game's card fields: its schemas include the fields shared definitions add. */
function fieldsOfSystem(system: GameSystem | undefined): string[] {
  return (system?.cardTypes ?? []).flatMap((type) => Object.keys(type.schema.properties ?? {}));
}

export class DeckRulesPanelModel {
  /** The last refused edit: where (a control's key, e.g. "section:watch") and why. */
  refusal = $state<{ at: string; message: string } | null>(null);
  /** What the last edit changed beyond the file, e.g. the default format. */
  note = $state<string | null>(null);
  /** The rule open in the form, or null. */
  editor = $state<RuleEditor | null>(null);

  readonly files = $derived.by(() => this.studio.files ?? {});
  readonly context = $derived.by(() => deckContextOf(this.files, fieldsOfSystem(this.studio.system)));
  readonly sections = $derived(sectionsOf(this.files));
  readonly formats = $derived(formatsOf(this.files));
  readonly rules = $derived(rulesOf(this.files));
  /** The card types' schemas: the loaded game's (definitions resolved), else as the files hold them. */
  readonly schemas: JsonSchema[] = $derived.by(
    () =>
      this.studio.system?.cardTypes.map((type) => type.schema) ??
      cardTypesOf(this.files).flatMap((type) => {
        const schema = typeSchemaOf(this.files, String(type.id));
        return schema ? [schema as JsonSchema] : [];
      }),
  );

  readonly rows: RuleRow[] = $derived.by(() => {
    const decks = this.studio.check?.decks ?? [];
    return this.rules.map((rule, index) => {
      const id = ruleIdAt(rule, index);
      const formatIds: unknown[] = Array.isArray(rule.formats) ? rule.formats : [];
      return {
        index,
        id,
        kind: String(rule.kind),
        words: ruleWords(this.files, rule, this.studio.system),
        description: typeof rule.description === 'string' && rule.description ? rule.description : undefined,
        formats: formatIds.map((f) => this.context.formats.find((format) => format.id === f)?.label ?? String(f)),
        accepts: decks.filter((deck) => !deck.brokenRules.includes(id)).map((deck) => deck.name),
        refuses: decks.filter((deck) => deck.brokenRules.includes(id)).map((deck) => deck.name),
      };
    });
  });

  /** Why the rows show no decks: the game does not load, it is being checked, or it has none. */
  readonly decksNote: string | null = $derived.by(() => {
    if (this.studio.problem) return `Decks are judged once the game loads again: ${this.studio.problem}`;
    if (!this.studio.check) return 'Checking the decks…';
    return this.studio.check.decks.length === 0 ? 'No decks of this game yet.' : null;
  });

  constructor(readonly studio: StudioModel) {}

  private apply(label: string, edit: DeckEdit, at: string): boolean {
    if (!edit.ok) {
      this.refusal = { at, message: edit.problem };
      return false;
    }
    this.refusal = null;
    this.note = edit.note ?? null;
    this.studio.edit(label, edit.files);
    return true;
  }

  /** The refusal made at `at`, for the control there. */
  refusedAt(at: string): string | undefined {
    return this.refusal?.at === at ? this.refusal.message : undefined;
  }

  // Sections

  addSection(id: string, label: string): boolean {
    return this.apply(`Add section ${label}`, addSection(this.files, { id, label }), 'section-add');
  }

  updateSection(id: string, patch: SectionPatch): boolean {
    return this.apply('Change section', updateSection(this.files, id, patch, this.context), `section:${id}`);
  }

  toggleSectionType(id: string, type: string, on: boolean): boolean {
    const current = this.sections.find((s) => s.id === id)?.types;
    const types = (Array.isArray(current) ? current.map(String) : []).filter((t) => t !== type);
    if (on) types.push(type);
    const order = this.context.types.map((t) => t.id);
    return this.updateSection(id, { types: types.sort((a, b) => order.indexOf(a) - order.indexOf(b)) });
  }

  moveSection(id: string, delta: -1 | 1): boolean {
    return this.apply('Move section', moveSection(this.files, id, delta), `section:${id}`);
  }

  removeSection(id: string): boolean {
    return this.apply('Remove section', removeSection(this.files, id), `section:${id}`);
  }

  // Rules

  /** Adds a rule of `kind` with defaults from the game, and opens it. */
  addRule(kind: RuleKind): boolean {
    const edit = addRule(this.files, kind, this.context);
    if (!this.apply(`Add ${kind} rule`, edit, 'rule-add')) return false;
    if (edit.ok && edit.index !== undefined) this.openRule(edit.index);
    return true;
  }

  openRule(index: number): void {
    const rule = this.rules[index];
    if (!rule) return;
    this.refusal = null;
    this.editor = new RuleEditor(
      index,
      rule,
      () => this.context,
      () => this.rules.flatMap((r, i) => (i !== index && typeof r.id === 'string' ? [r.id] : [])),
      () => this.schemas,
    );
  }

  closeRule(): void {
    this.editor = null;
  }

  /** Writes the open rule when it has no problem left; the form stays open with the reason otherwise. */
  saveRule(): boolean {
    const editor = this.editor;
    if (!editor) return false;
    if (editor.mode === 'json' && editor.jsonProblem) {
      editor.refusal = editor.jsonProblem;
      return false;
    }
    const edit = updateRule(this.files, editor.index, editor.snapshot(), this.context);
    if (!edit.ok) {
      editor.refusal = edit.problem;
      return false;
    }
    editor.refusal = null;
    this.editor = null;
    return this.apply(`Change rule ${ruleIdAt(editor.snapshot(), editor.index)}`, edit, `rule:${editor.index}`);
  }

  removeRule(index: number): boolean {
    if (this.editor?.index === index) this.editor = null;
    return this.apply(`Remove rule ${ruleIdAt(this.rules[index] ?? {}, index)}`, removeRule(this.files, index), `rule:${index}`);
  }

  moveRule(index: number, delta: -1 | 1): boolean {
    // An open form edits a position; moving rules under it would save to the wrong one.
    this.editor = null;
    return this.apply('Move rule', moveRule(this.files, index, delta), `rule:${index}`);
  }

  // Formats

  addFormat(id: string, label: string): boolean {
    return this.apply(`Add format ${label}`, addFormat(this.files, { id, label }), 'format-add');
  }

  updateFormat(id: string, patch: { label?: string; description?: string }): boolean {
    return this.apply('Change format', updateFormat(this.files, id, patch), `format:${id}`);
  }

  moveFormat(id: string, delta: -1 | 1): boolean {
    return this.apply('Move format', moveFormat(this.files, id, delta), `format:${id}`);
  }

  removeFormat(id: string): boolean {
    return this.apply('Remove format', removeFormat(this.files, id), `format:${id}`);
  }

  ban(formatId: string, name: string): boolean {
    return this.apply(`Ban ${name.trim()}`, banCard(this.files, formatId, name), `format-ban:${formatId}`);
  }

  unban(formatId: string, index: number): boolean {
    return this.apply('Unban card', unbanEntry(this.files, formatId, index), `format-ban:${formatId}`);
  }

  restrict(formatId: string, name: string, max: number): boolean {
    return this.apply(`Restrict ${name.trim()}`, restrictCard(this.files, formatId, name, max), `format-restrict:${formatId}`);
  }

  /** Bans (or, with `max`, restricts) the cards a match picks; the refusal shows at the format's match form. */
  banMatch(formatId: string, match: Json): boolean {
    return this.apply('Ban matching cards', banMatch(this.files, formatId, match, this.context), `format-match:${formatId}`);
  }

  restrictMatch(formatId: string, match: Json, max: number): boolean {
    const edit = restrictMatch(this.files, formatId, match, max, this.context);
    return this.apply('Restrict matching cards', edit, `format-match:${formatId}`);
  }

  unrestrict(formatId: string, index: number): boolean {
    return this.apply('Unrestrict card', unrestrictEntry(this.files, formatId, index), `format-restrict:${formatId}`);
  }
}
