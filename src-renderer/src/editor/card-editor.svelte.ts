// The card editor's state and API calls: the private copy of the document, validation in main
// as the user types (debounced), save, delete, leaving with unsaved changes, changing the type
// of a new card, undo/redo through EditHistory, what the generated fields need (the form
// context), cropping the art by hand in the preview (one undo step per drag), the draft of
// unsaved edits kept across reloads (card-drafts.ts) and a restored revision taking the form's
// place. The undo history outlives saves: Undo after a save brings the pre-save form back,
// unsaved. The view only lays it out. Dependencies are injectable for tests.

import { untrack } from 'svelte';
import { SvelteSet } from 'svelte/reactivity';
import type { CardDocument, CardRecord, CardSetInfo, GameSystem } from '../../../card-schema/system/format';
import type { JsonSchema } from '../../../card-schema/system/json-schema';
import type { ImageSizeLookup } from '../../../card-schema/layout/art-warnings';
import { isImageRef, withCrop } from '../../../card-schema/system/image-field';
import { artFieldAt } from '../../../card-schema/layout/art-boxes';
import { own } from '../../../card-schema/own-keys';
import { pointerChild } from '../../../card-schema/system/resolve-schema';
import type { ArtCropTarget } from '../lib/art-crop.svelte';
import { cardDrawing, drawingWarnings, libraryImageSize, warningsByPath } from '../lib/layout-warnings';
import type { ApiClient, TrashReceipt, ValidationIssue } from '../../../src-main/api/contract';
import { api } from '../api/client';
import { withShortcut } from '../lib/commands.svelte';
import { confirmDialog, type ConfirmOptions } from '../lib/dialog.svelte';
import { showError, showSuccess } from '../lib/toast.svelte';
import { trash } from '../trash/trash.svelte';
import {
  editorSeed,
  freshDocument,
  issuesByPath,
  issuesShownAt,
  isSaveAllowed,
  notSavedMessage,
  retypeDocument,
  saveBlockers,
  saveButtonTitle,
} from './card-editor-state';
import { EditHistory } from './edit-history';
import { lastUsedSets, type LastUsedSets } from './last-used-set';
import { cardDrafts, draftKey, type CardDraft, type CardDrafts } from './card-drafts';
import type { FormContext } from './form-context';
import { fieldLabel, issueLabel } from './issue-label';
import { storeImage, type ImageSource } from './image-field.svelte';

const VALIDATE_DEBOUNCE_MS = 250;
/** Unsaved edits are written as a draft after this pause in editing. */
export const DRAFT_DEBOUNCE_MS = 1000;

/** "a", "a and b", "a, b, and c" (the English list format). */
const listed = (names: readonly string[]) => new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(names);

/** The editor's props; the model reads them through a getter, so always their current values. */
export interface CardEditorInput {
  readonly system: GameSystem;
  /** Sets of this system a new card can go into. */
  readonly sets: CardSetInfo[];
  /** The card being edited, or null for a new card. */
  readonly card: CardRecord | null;
  readonly initialSetId: string | null;
  readonly initialTypeId?: string;
  /** A new card that starts as a copy of this document (Duplicate). */
  readonly copyOf?: CardDocument;
  readonly onclose: () => void;
  readonly onsaved: (card: CardRecord) => void;
  readonly ondeleted: () => void;
}

export interface CardEditorDeps {
  api: Pick<ApiClient, 'validateCard' | 'saveCard' | 'deleteCard' | 'addImage'>;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  showError: (error: unknown) => void;
  showSuccess: (message: string) => void;
  /** "Moved … to the Trash", with Undo. */
  announceTrashed: (what: string, receipt: TrashReceipt) => void;
  /** The art's full pixel sizes, for the print resolution warning. */
  imageSize: ImageSizeLookup;
  /** Where the last new card of each game went (the next one's set from "All cards"). */
  lastUsedSets: LastUsedSets;
  /** Unsaved edits kept across reloads. */
  drafts: CardDrafts;
}

const appDeps: CardEditorDeps = {
  api,
  confirm: confirmDialog,
  showError,
  showSuccess,
  announceTrashed: (what, receipt) => trash.announce(what, receipt),
  lastUsedSets,
  imageSize: libraryImageSize,
  drafts: cardDrafts,
};

export class CardEditorModel {
  // Placeholders until the constructor seeds them from the props.
  doc: CardDocument = $state({ type: '', name: '' });
  setId: string | null = $state(null);
  savedId: string | null = $state(null);
  issues: ValidationIssue[] = $state.raw([]);
  saving = $state(false);
  showAllIssues = $state(false);
  /** A draft of unsaved edits from an earlier session, offered back until answered. */
  draftOffer: CardDraft | null = $state.raw(null);
  /** Pointers the user has interacted with: their issues show (new cards start quiet). */
  readonly touched = new SvelteSet<string>();
  /** Pointers some field renders; issues elsewhere go to the summary. */
  readonly rendered = new SvelteSet<string>();

  /** The document as last saved (or loaded), as JSON. */
  private baseline = $state('');
  private validatedJson: string | null = $state(null);
  private validateSeq = 0;
  private readonly history: EditHistory;
  private readonly startSchema: JsonSchema;

  readonly cardType = $derived.by(() => this.typeById(this.doc.type));
  readonly docJson = $derived(JSON.stringify(this.doc));
  readonly dirty = $derived(this.docJson !== this.baseline);
  readonly isNew = $derived(this.savedId === null);
  readonly validating = $derived(this.validatedJson !== this.docJson);
  readonly setName = $derived.by(() => this.props().sets.find((s) => s.id === this.setId)?.name ?? this.setId ?? '');
  readonly issuesByPath = $derived(issuesByPath(this.issues));
  /** Issues no rendered field shows: listed in the summary at the top. */
  readonly unplacedIssues = $derived(this.issues.filter((issue) => !this.rendered.has(issue.path)));
  /** The card's front as the preview and the print draw it (null when it does not lay out). */
  readonly drawing = $derived.by(() => cardDrawing(this.props().system, this.doc));
  /** Whether the front shows art (the preview then says it can be dragged). */
  readonly hasArt = $derived(this.drawing?.ops.some((op) => op.op === 'image') ?? false);
  /** What the print would cut, could not draw or prints soft: warnings, saving stays allowed. */
  readonly layoutWarnings = $derived.by(() => drawingWarnings(this.drawing, this.deps.imageSize));
  readonly warningsByPath = $derived(warningsByPath(this.layoutWarnings));
  /** Warnings no rendered field shows: listed above the form. */
  readonly unplacedWarnings = $derived(this.layoutWarnings.filter((warning) => !this.rendered.has(warning.pointer)));
  readonly blockers = $derived(saveBlockers(this.setId, this.issues, (issue) => this.describe(issue)));
  readonly canSave = $derived(isSaveAllowed(this));
  readonly saveTitle = $derived(saveButtonTitle(this, withShortcut('Save', 'save')));
  readonly title = $derived(this.doc.name || (this.isNew ? 'New card' : 'Untitled card'));

  /** What every generated field reads (see form-context.ts). */
  readonly formContext: FormContext;
  /** What the preview's art boxes write to (see art-crop.svelte.ts). */
  readonly artCrop: ArtCropTarget = {
    crop: (field, change) => {
      const ref = own(this.doc, field);
      if (isImageRef(ref)) this.doc = { ...this.doc, [field]: withCrop(ref, change) };
    },
    beginGesture: () => this.history.beginGesture(),
    endGesture: () => this.history.endGesture(),
  };

  constructor(
    private readonly props: () => CardEditorInput,
    private readonly deps: CardEditorDeps = appDeps,
  ) {
    // The props only seed the private copy (read untracked, once: the library remounts the
    // editor for another card).
    const seed = untrack(() => {
      const { system, sets, card, initialSetId, initialTypeId, copyOf } = props();
      const lastUsedSetId = deps.lastUsedSets.get(system.id);
      return editorSeed(system, sets, { card, setId: initialSetId, typeId: initialTypeId, lastUsedSetId, copyOf });
    });
    this.doc = seed.doc;
    this.setId = seed.setId;
    this.savedId = seed.id;
    this.baseline = JSON.stringify(seed.doc);
    this.showAllIssues = seed.id !== null;
    this.history = new EditHistory(JSON.stringify(seed.doc));
    this.startSchema = seed.type.schema;
    const draft = deps.drafts.get(this.draftKey());
    // A duplicate starts from its copy: an older new-card draft is not offered over it.
    if (draft && JSON.stringify(draft.doc) !== this.baseline && untrack(() => props().copyOf) === undefined)
      this.draftOffer = draft;
    // Getters read live, so the fields follow a change of card type.
    const root = () => this.cardType?.schema ?? this.startSchema;
    const system = () => this.props().system;
    this.formContext = {
      get root() {
        return root();
      },
      get system() {
        return system();
      },
      issuesAt: (pointer) => (this.isTouched(pointer) ? (this.issuesByPath.get(pointer) ?? []) : []),
      warningsAt: (pointer) => this.warningsByPath.get(pointer) ?? [],
      register: (pointer) => {
        this.rendered.add(pointer);
        return () => this.rendered.delete(pointer);
      },
      touch: (pointer) => {
        this.touched.add(pointer);
      },
    };
  }

  /**
   * A picture dropped on the preview at (xMm, yMm) on the card: it becomes the art of the field
   * whose box is there (a new picture starts uncropped), as if dropped on that field.
   */
  async dropArt(file: ImageSource, xMm: number, yMm: number): Promise<void> {
    const field = artFieldAt(this.props().system, this.doc, xMm, yMm);
    if (field === undefined) {
      this.deps.showError(new Error('Drop the picture on an art box: this card has none there.'));
      return;
    }
    try {
      const ref = await storeImage((input) => this.deps.api.addImage(input), file);
      this.doc = { ...this.doc, [field]: ref };
    } catch (error) {
      this.deps.showError(error);
    }
  }

  /** The issue as the user reads it: field label and message. */
  describe(issue: ValidationIssue): string {
    return issueLabel(issue, this.cardType?.schema, this.doc);
  }

  isTouched(pointer: string): boolean {
    return issuesShownAt(pointer, this.touched, this.showAllIssues);
  }

  /**
   * Validates the current document in main after a pause in typing (the CSP forbids compiling
   * schemas in the renderer). Call from an effect: it reads the document, returns the cancel.
   */
  validateSoon(): () => void {
    const json = this.docJson;
    const snapshot = JSON.parse(json) as CardDocument;
    const timer = setTimeout(async () => {
      const seq = ++this.validateSeq;
      try {
        const found = await this.deps.api.validateCard({ systemId: this.props().system.id, doc: snapshot });
        if (seq !== this.validateSeq) return;
        this.issues = found;
        this.validatedJson = json;
      } catch (error) {
        if (seq === this.validateSeq) this.deps.showError(error);
      }
    }, VALIDATE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }

  async save(): Promise<void> {
    if (!this.canSave || !this.setId) return;
    this.saving = true;
    const snapshot = JSON.parse(this.docJson) as CardDocument;
    try {
      const result = await this.deps.api.saveCard({ id: this.savedId ?? undefined, setId: this.setId, doc: snapshot });
      if (!result.ok) {
        this.issues = result.issues;
        this.showAllIssues = true;
        this.deps.showError(notSavedMessage(result.issues.length));
        return;
      }
      if (this.savedId === null) this.deps.lastUsedSets.remember(result.card.systemId, result.card.setId);
      this.deps.drafts.remove(this.draftKey());
      this.savedId = result.card.id;
      this.baseline = JSON.stringify(snapshot);
      // Undo after the save goes back to this saved version first, not past it.
      this.history.checkpoint();
      this.deps.drafts.remove(this.draftKey());
      this.deps.showSuccess(`Saved “${result.card.doc.name}”`);
      this.props().onsaved(result.card);
    } catch (error) {
      this.deps.showError(error);
    } finally {
      this.saving = false;
    }
  }

  /** True when leaving is fine: nothing unsaved, or the user agreed to discard it. */
  confirmDiscard = async (): Promise<boolean> => {
    if (!this.dirty) return true;
    const discard = await this.deps.confirm({
      title: 'Discard changes?',
      message: `“${this.doc.name || 'This card'}” has unsaved changes. Leave without saving them?`,
      confirmLabel: 'Discard changes',
      cancelLabel: 'Keep editing',
      danger: true,
    });
    // Discarded on purpose: not offered back next time.
    if (discard) this.deps.drafts.remove(this.draftKey());
    return discard;
  };

  /**
   * Keeps the unsaved edits as a draft after a pause (or drops the draft once nothing is unsaved).
   * Call from an effect: it reads the document, returns the cancel. Waits while a draft is offered.
   */
  keepDraftSoon(): () => void {
    const dirty = this.dirty;
    const json = this.docJson;
    if (this.draftOffer) return () => {};
    const key = this.draftKey();
    if (!dirty) {
      this.deps.drafts.remove(key);
      return () => {};
    }
    const timer = setTimeout(
      () => this.deps.drafts.put(key, { doc: JSON.parse(json) as CardDocument, savedAt: new Date().toISOString() }),
      DRAFT_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }

  /** Puts the offered draft in the form (unsaved; Undo takes it back out). */
  restoreDraft(): void {
    if (!this.draftOffer) return;
    this.doc = JSON.parse(JSON.stringify(this.draftOffer.doc)) as CardDocument;
    this.draftOffer = null;
  }

  discardDraft(): void {
    this.deps.drafts.remove(this.draftKey());
    this.draftOffer = null;
  }

  /**
   * A revision was restored (and saved) in the history dialog: it takes the form's place. The
   * form's content before it stays one Undo away, then unsaved.
   */
  applyRestored(card: CardRecord): void {
    this.doc = JSON.parse(JSON.stringify(card.doc)) as CardDocument;
    this.baseline = JSON.stringify(this.doc);
    this.deps.drafts.remove(this.draftKey());
    this.props().onsaved(card);
  }

  async back(): Promise<void> {
    if (await this.confirmDiscard()) {
      this.baseline = this.docJson; // the guard has been answered
      this.props().onclose();
    }
  }

  async remove(): Promise<void> {
    if (!this.savedId) return;
    const confirmed = await this.deps.confirm({
      title: 'Delete card?',
      message: `“${this.doc.name || 'This card'}” will be removed from “${this.setName}” and kept in the Trash for 30 days, where you can restore it. Until then, decks that use it show it as unknown.`,
      confirmLabel: 'Delete card',
      danger: true,
    });
    if (!confirmed) return;
    try {
      const receipt = await this.deps.api.deleteCard({ id: this.savedId });
      this.deps.drafts.remove(this.draftKey());
      this.baseline = this.docJson;
      this.deps.announceTrashed(`“${this.doc.name}”`, receipt);
      this.props().ondeleted();
    } catch (error) {
      this.deps.showError(error);
    }
  }

  /**
   * Gives the card another type, keeping every field the new type also has; asks first when
   * filled-in fields would go. False when nothing changed (the type picker then shows the old type).
   */
  async changeType(typeId: string): Promise<boolean> {
    const next = this.typeById(typeId);
    if (!next || next.id === this.doc.type) return false;
    const from = this.cardType;
    // A new card's untouched fields are its type's defaults; every value of a saved card was chosen.
    const { doc, dropped } = retypeDocument(this.doc, next, this.isNew && from ? freshDocument(from) : {});
    if (dropped.length > 0) {
      const names = dropped.map((field) => (from ? fieldLabel(from.schema, this.doc, pointerChild('', field)) : field));
      const confirmed = await this.deps.confirm({
        title: `Change “${this.doc.name || 'this card'}” to ${next.label}?`,
        message: `${next.label} cards have no ${listed(names)}: ${dropped.length === 1 ? 'it is' : 'they are'} removed. Every other field stays as it is, and Undo brings the old type back.`,
        confirmLabel: `Change to ${next.label}`,
        cancelLabel: `Keep ${from?.label ?? 'the type'}`,
      });
      if (!confirmed) return false;
    }
    this.doc = doc;
    return true;
  }

  /** Shows every issue and focuses the first field that has one. */
  revealIssues(): void {
    this.showAllIssues = true;
    const first = this.issues.find((issue) => this.rendered.has(issue.path));
    if (first) {
      queueMicrotask(() =>
        document
          .querySelector<HTMLElement>(`[data-field="${CSS.escape(first.path)}"], [data-field-group="${CSS.escape(first.path)}"]`)
          ?.focus(),
      );
    }
  }

  /** Save when possible, else show why not (the save command). */
  saveOrReveal(): void {
    if (this.canSave) void this.save();
    else this.revealIssues();
  }

  /** Every change of the document is a history step. Call from an effect. */
  recordHistory(): void {
    this.history.record(this.docJson, performance.now());
  }

  undo(): boolean {
    return this.restore(this.history.undo());
  }

  redo(): boolean {
    return this.restore(this.history.redo());
  }

  // Restoring a snapshot records nothing: EditHistory knows its present.
  private restore(snapshot: string | undefined): boolean {
    if (snapshot === undefined) return false;
    this.doc = JSON.parse(snapshot) as CardDocument;
    return true;
  }

  private draftKey(): string {
    return draftKey(this.savedId, this.props().system.id);
  }

  private typeById(id: string | undefined) {
    return this.props().system.cardTypes.find((t) => t.id === id);
  }
}
