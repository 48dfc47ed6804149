// The "Edit set…" dialog's model: the set's metadata as typed, each field's problem as the user
// types (card-schema/sets/set-meta.ts), and the save through updateSet, whose refusal (a name or
// a code another set of the game has) is shown under that field.

import type { CardSetInfo } from '../../../card-schema/system/format';
import { SET_META_MAX, setMetaProblems, type SetMeta, type SetMetaField } from '../../../card-schema/sets/set-meta';
import type { ApiClient } from '../../../src-main/api/contract';

export interface EditSetDeps {
  api: Pick<ApiClient, 'updateSet'>;
  errorMessage: (error: unknown) => string;
}

/**
 * The field a refusal concerns: a CONFLICT is a taken code ("The code “X” belongs to …") or a
 * taken name; BAD_INPUT names its field ("updateSet: code: …").
 */
export function refusedField(error: unknown): SetMetaField | null {
  if (!(error instanceof Error)) return null;
  if ((error as Error & { code?: string }).code === 'CONFLICT') return error.message.startsWith('The code ') ? 'code' : 'name';
  const field = /^updateSet: (\w+):/.exec(error.message)?.[1];
  return field !== undefined && Object.hasOwn(SET_META_MAX, field) ? (field as SetMetaField) : null;
}

export class EditSetModel {
  values: SetMeta = $state({ name: '', code: '', version: '', author: '', license: '', description: '' });
  saving = $state(false);
  /** The backend's refusal, shown beside the field it concerns until that field changes. */
  refusal: { field: SetMetaField | null; message: string; value: string } | null = $state(null);

  readonly problems = $derived(setMetaProblems(this.values));
  readonly canSave = $derived(Object.keys(this.problems).length === 0 && !this.saving);

  constructor(
    private readonly set: CardSetInfo,
    private readonly deps: EditSetDeps,
  ) {
    this.values = {
      name: set.name,
      code: set.code,
      version: set.version,
      author: set.author,
      license: set.license,
      description: set.description,
    };
  }

  /** What to show under a field: its own problem, else the backend's refusal when it names it. */
  problemOf(field: SetMetaField): string | undefined {
    const refused = this.refusal?.field === field && this.values[field] === this.refusal.value;
    return this.problems[field] ?? (refused ? this.refusal?.message : undefined);
  }

  /** Saves; the updated set, or null when it was refused (the reason is in `refusal`). */
  async save(): Promise<CardSetInfo | null> {
    if (!this.canSave) return null;
    this.saving = true;
    this.refusal = null;
    try {
      const v = this.values;
      return await this.deps.api.updateSet({
        id: this.set.id,
        name: v.name.trim(),
        code: v.code.trim(),
        version: v.version.trim(),
        author: v.author.trim(),
        license: v.license.trim(),
        description: v.description.trim(),
      });
    } catch (error) {
      const field = refusedField(error);
      this.refusal = { field, message: this.deps.errorMessage(error), value: field ? this.values[field] : '' };
      return null;
    } finally {
      this.saving = false;
    }
  }
}
