// What every generated field needs from the editor: the schema root (for $ref), the game
// system (identity swatches), the validation issues at its JSON pointer, and a way to say
// "I render this pointer" so issues without a field can go to the summary instead.

import { getContext, setContext } from 'svelte';
import type { GameSystem } from '../../../card-schema/system/format';
import type { JsonSchema } from '../../../card-schema/system/json-schema';

export interface FormContext {
  readonly root: JsonSchema;
  readonly system: GameSystem;
  /** Messages to show at `pointer` (empty until the field is touched, for new cards). */
  issuesAt(pointer: string): string[];
  /** Layout warnings at `pointer` (text cut, characters no font draws): shown always, never block saving. */
  warningsAt(pointer: string): string[];
  /** Declares that a field renders `pointer`; returns the undo for when it unmounts. */
  register(pointer: string): () => void;
  /** The user interacted with the field at `pointer`: its issues may show now. */
  touch(pointer: string): void;
}

const KEY = Symbol('cardwright-schema-form');

export function provideFormContext(context: FormContext): void {
  setContext(KEY, context);
}

export function formContext(): FormContext {
  const context = getContext<FormContext | undefined>(KEY);
  if (!context) throw new Error('Schema form fields must be inside a CardEditor (no form context)');
  return context;
}

/** "startingMana" → "Starting mana", "atk_bonus" → "Atk bonus": a label when a schema has no title. */
export { humanize } from '../../../card-schema/system/field-label';

/** A DOM id for the control at a JSON pointer. */
export function controlId(pointer: string): string {
  return `field${pointer.replace(/[^a-zA-Z0-9_-]/g, (c) => `_${c.charCodeAt(0).toString(16)}`)}`;
}
