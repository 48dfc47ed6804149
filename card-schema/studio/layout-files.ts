// Where the layout editor reads and writes a game's layouts: `system.json`'s `layouts` part
// (inline, or the file it names, usually layouts.json), and which layout each card type's face
// and back use, so the editor can offer "Hero (front)", "Hero (back)", "Shared back".
//
// Pure: files in, files out, the old map untouched for undo (game-files.ts).

import type { CardLayout } from '../layout/format';
import { cardTypesOf, isObject, partOf, withPart, type GameFileMap } from './game-files';

/** The game's shared back's layout id (layout-card.ts BACK_LAYOUT_ID). */
const SHARED_BACK = 'back';

export function layoutsOf(files: GameFileMap): Record<string, CardLayout> {
  const part = partOf(files, 'layouts');
  const out: Record<string, CardLayout> = {};
  if (isObject(part)) {
    for (const [id, layout] of Object.entries(part)) {
      if (isObject(layout) && Array.isArray(layout.elements)) out[id] = layout as unknown as CardLayout;
    }
  }
  return out;
}

export function layoutOf(files: GameFileMap, layoutId: string): CardLayout | undefined {
  const layouts = layoutsOf(files);
  return Object.hasOwn(layouts, layoutId) ? layouts[layoutId] : undefined;
}

/** The files with layout `layoutId` replaced, where the game keeps its layouts; the rest untouched. */
export function withLayout(files: GameFileMap, layoutId: string, layout: CardLayout): GameFileMap {
  const part = partOf(files, 'layouts');
  return withPart(files, 'layouts', { ...(isObject(part) ? part : {}), [layoutId]: layout });
}

/** One layout the editor offers: what it draws, and the card type whose fields it shows. */
export interface LayoutChoice {
  layoutId: string;
  label: string;
  /** The card type whose cards it draws (the first, when several share it); undefined for the shared back alone. */
  typeId?: string;
  back: boolean;
}

/** Each card type's face, then each back (a type's own, then the shared one), then any other layout. */
export function layoutChoices(files: GameFileMap): LayoutChoice[] {
  const layouts = layoutsOf(files);
  const choices: LayoutChoice[] = [];
  const seen = new Set<string>();
  const add = (layoutId: unknown, label: string, typeId: string | undefined, back: boolean): void => {
    if (typeof layoutId !== 'string' || !Object.hasOwn(layouts, layoutId)) return;
    const same = choices.find((choice) => choice.layoutId === layoutId);
    if (same) {
      same.label += `, ${label}`;
      return;
    }
    seen.add(layoutId);
    choices.push({ layoutId, label, typeId, back });
  };
  const types = cardTypesOf(files);
  const nameOf = (type: Record<string, unknown>): string =>
    typeof type.label === 'string' && type.label !== '' ? type.label : String(type.id);
  for (const type of types) add(type.layout, `${nameOf(type)} (face)`, String(type.id), false);
  for (const type of types) if (type.back !== undefined) add(type.back, `${nameOf(type)} (back)`, String(type.id), true);
  add(SHARED_BACK, 'Shared back', undefined, true);
  for (const id of Object.keys(layouts)) if (!seen.has(id)) add(id, `${id} (unused)`, undefined, false);
  return choices;
}
