// The game as the layout editor draws it: the loaded game (with its font metrics and symbols)
// with the layout being edited, unsaved changes and a drag in progress included, put where the
// cards being previewed take it from. The real layout engine then draws it, as the library and
// the PDF will once it is saved.

import { layoutCard, layoutCardBack } from '../../../../card-schema/layout/layout-card';
import type { CardDrawing, CardLayout } from '../../../../card-schema/layout/format';
import type { CardDocument, GameSystem } from '../../../../card-schema/system/format';
import type { LayoutChoice } from '../../../../card-schema/studio/layout-files';

/** `system` drawing `layout` for `choice`: a face or a type's back for its cards, the shared back for every card. */
export function previewSystem(system: GameSystem, choice: LayoutChoice, layout: CardLayout): GameSystem {
  const layouts = { ...system.layouts, [choice.layoutId]: layout };
  if (choice.back && !choice.typeId) {
    // The shared back: no type's own back may stand in front of it.
    return { ...system, layouts, cardTypes: system.cardTypes.map(({ back: _back, ...type }) => type) };
  }
  if (!choice.back && !system.cardTypes.some((type) => type.layout === choice.layoutId)) {
    // A layout no type uses yet: drawn as the first type's face.
    return {
      ...system,
      layouts,
      cardTypes: system.cardTypes.map((type, i) => (i === 0 ? { ...type, layout: choice.layoutId } : type)),
    };
  }
  return { ...system, layouts };
}

/** What the editor shows of `doc` under the edited layout (never throws: a broken layout says why). */
export function previewDrawing(system: GameSystem, choice: LayoutChoice, doc: CardDocument): CardDrawing | { error: string } {
  try {
    return choice.back ? layoutCardBack(system, doc) : layoutCard(system, doc);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
