// The Card faces tab's state: which layout is edited, the selected element, the zoom, and a drag
// in progress. A drag is previewed in `draft` and becomes ONE studio edit (one undo step) when
// the pointer is released; every other change is an edit at once. All changes go through the
// pure edits of card-schema/studio/layout-edits.ts.

import type { CardLayout, LayoutElement, LayoutElementKind } from '../../../../card-schema/layout/format';
import type { CardDocument, GameSystem } from '../../../../card-schema/system/format';
import type { GameFileMap } from '../../../../card-schema/studio/game-files';
import * as edits from '../../../../card-schema/studio/layout-edits';
import { layoutChoices, layoutOf, withLayout } from '../../../../card-schema/studio/layout-files';
import { moveBox, resizeBox, roundBox, type Box, type Handle } from '../../../../card-schema/studio/layout-geometry';
import { snapMove, snapResize, snapTargets, snapThresholdMm, type SnapGuide } from '../../../../card-schema/studio/layout-snap';
import { freshDocument } from '../../editor/card-editor-state';
import { layoutFields } from './layout-fields';
import { previewSystem } from './preview-system';

/** What the tab needs of the studio (StudioModel has it). */
export interface LayoutStudio {
  readonly files: GameFileMap | null;
  readonly system: GameSystem | undefined;
  edit(label: string, files: GameFileMap): void;
}

/** CSS pixels per millimetre at 100 %: the card at its true size on a 96 dpi screen. */
export const PX_PER_MM = 96 / 25.4;
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 4;

interface Drag {
  index: number;
  handle: Handle | null;
  start: Box;
  fromX: number;
  fromY: number;
  moved: boolean;
}

export class LayoutEditorModel {
  layoutId = $state('');
  selected = $state<number | null>(null);
  /** 1 = true size. */
  zoom = $state(1);
  snapping = $state(true);
  /** The layout while a drag is in progress (not yet an edit). */
  draft = $state.raw<CardLayout | null>(null);
  guides = $state.raw<SnapGuide[]>([]);
  /** The card the canvas draws (a preview card picked in the strip), else an example of the type. */
  shownCard = $state.raw<CardDocument | null>(null);
  /** The last game that loaded: an edit the check refuses keeps the preview drawing. */
  private lastSystem: GameSystem | undefined;
  private drag: Drag | null = null;

  readonly choices = $derived.by(() => (this.studio.files ? layoutChoices(this.studio.files) : []));
  readonly choice = $derived(this.choices.find((choice) => choice.layoutId === this.layoutId) ?? this.choices[0]);
  readonly saved = $derived.by(() =>
    this.studio.files && this.choice ? layoutOf(this.studio.files, this.choice.layoutId) : undefined,
  );
  readonly layout = $derived(this.draft ?? this.saved);
  readonly element = $derived<LayoutElement | undefined>(
    this.selected === null ? undefined : this.layout?.elements[this.selected],
  );
  readonly baseSystem = $derived.by(() => (this.lastSystem = this.studio.system ?? this.lastSystem));
  readonly card = $derived(this.baseSystem?.card ?? { widthMm: 63, heightMm: 88 });
  readonly pxPerMm = $derived(PX_PER_MM * this.zoom);
  /** The type whose fields the layout shows (a layout no type uses: the first type's). */
  readonly typeId = $derived(this.choice?.typeId ?? (this.choice?.back ? undefined : this.baseSystem?.cardTypes[0]?.id));
  readonly fields = $derived.by(() => (this.studio.files ? layoutFields(this.studio.files, this.typeId) : []));
  readonly system = $derived(
    this.baseSystem && this.choice && this.layout ? previewSystem(this.baseSystem, this.choice, this.layout) : undefined,
  );
  /** The card the canvas draws. */
  readonly doc = $derived.by<CardDocument>(() => {
    if (this.shownCard && this.shownCard.type === this.typeId) return this.shownCard;
    const type = this.baseSystem?.cardTypes.find((candidate) => candidate.id === this.typeId);
    if (!type) return { type: this.typeId ?? '', name: this.baseSystem?.name ?? '' };
    const doc = freshDocument(type);
    return { ...doc, name: doc.name || type.label };
  });

  constructor(private readonly studio: LayoutStudio) {}

  pick(layoutId: string): void {
    this.layoutId = layoutId;
    this.selected = null;
    this.shownCard = null;
  }

  setZoom(zoom: number): void {
    this.zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(zoom * 100) / 100));
  }

  /** The zoom at which the card with its bleed fits a space of this many CSS pixels (at most `max`). */
  fit(width: number, height: number, max = ZOOM_MAX): void {
    const bleed = 6;
    const zoom = Math.min(width / ((this.card.widthMm + bleed) * PX_PER_MM), height / ((this.card.heightMm + bleed) * PX_PER_MM));
    this.setZoom(Math.min(max, Math.floor(zoom * 20) / 20));
  }

  select(index: number | null): void {
    this.selected = index;
  }

  /** One undoable change of the edited layout. */
  commit(label: string, next: CardLayout): void {
    const files = this.studio.files;
    if (!files || !this.choice || next === this.saved) return;
    this.studio.edit(label, withLayout(files, this.choice.layoutId, next));
  }

  /** Applies an edit of the selected element (nothing selected: nothing happens). */
  change(label: string, edit: (layout: CardLayout, index: number) => CardLayout): void {
    if (!this.saved || this.selected === null || !this.saved.elements[this.selected]) return;
    this.commit(label, edit(this.saved, this.selected));
  }

  add(kind: LayoutElementKind): void {
    if (!this.saved) return;
    const field =
      kind === 'image'
        ? this.fields.find((f) => f.image)?.name
        : kind === 'icon'
          ? Object.keys(this.baseSystem?.symbols ?? {})[0]
          : undefined;
    const added = edits.addElement(this.saved, edits.newElement(kind, this.card, field ?? 'name'));
    this.commit(`Add ${edits.kindLabel(kind).toLowerCase()}`, added.layout);
    this.selected = added.index;
  }

  remove(): void {
    if (this.selected === null || !this.element) return;
    this.change(`Remove ${edits.elementLabel(this.element)}`, edits.removeElement);
    this.selected = null;
  }

  duplicate(): void {
    if (!this.saved || this.selected === null || !this.element) return;
    const copy = edits.duplicateElement(this.saved, this.selected);
    this.commit(`Duplicate ${edits.elementLabel(this.element)}`, copy.layout);
    this.selected = copy.index;
  }

  nudge(dx: number, dy: number): void {
    this.change('Nudge', (layout, index) => edits.nudgeElement(layout, index, dx, dy));
  }

  layer(index: number, move: edits.LayerMove): void {
    if (!this.saved) return;
    const moved = edits.moveLayer(this.saved, index, move);
    this.commit(`Move layer ${move}`, moved.layout);
    if (this.selected === index) this.selected = moved.index;
  }

  /** Starts moving (handle null) or resizing the element at `index` from the point (mm) the pointer went down. */
  beginDrag(index: number, handle: Handle | null, x: number, y: number): void {
    const element = this.saved?.elements[index];
    if (!element || element.locked) return;
    this.selected = index;
    this.drag = {
      index,
      handle,
      start: { x: element.x, y: element.y, w: element.w, h: element.h },
      fromX: x,
      fromY: y,
      moved: false,
    };
  }

  /** The pointer at (x, y) mm: the dragged box follows, snapped unless snapping is off or `free`. */
  dragTo(x: number, y: number, free = false): void {
    const drag = this.drag;
    const saved = this.saved;
    if (!drag || !saved) return;
    const dx = x - drag.fromX;
    const dy = y - drag.fromY;
    if (!drag.moved && Math.hypot(dx, dy) * this.pxPerMm < 2) return;
    drag.moved = true;
    let box = drag.handle ? resizeBox(drag.start, drag.handle, dx, dy) : moveBox(drag.start, dx, dy);
    let guides: SnapGuide[] = [];
    if (this.snapping && !free) {
      const others = saved.elements.filter((element, i) => i !== drag.index && !element.hidden);
      const targets = snapTargets(this.card, others);
      const threshold = snapThresholdMm(this.pxPerMm);
      const snapped = drag.handle ? snapResize(box, drag.handle, targets, threshold) : snapMove(box, targets, threshold);
      box = snapped.box;
      guides = snapped.guides;
    }
    this.guides = guides;
    this.draft = edits.setBox(saved, drag.index, roundBox(box));
  }

  /** The pointer was released: the drag becomes one edit. */
  endDrag(): void {
    const drag = this.drag;
    const draft = this.draft;
    this.drag = null;
    this.draft = null;
    this.guides = [];
    if (drag?.moved && draft) this.commit(drag.handle ? 'Resize' : 'Move', draft);
  }
}
