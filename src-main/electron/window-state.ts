// The main window's remembered size, position and maximized state. Pure: reading the JSON and
// deciding whether it still fits the connected displays; window-state-file.ts does the I/O.

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState extends Rectangle {
  /** Bounds are the normal (unmaximized) ones, so un-maximizing returns to them. */
  maximized: boolean;
}

/** The part of Electron's Display this needs (screen.getAllDisplays() fits). */
export interface DisplayArea {
  workArea: Rectangle;
}

/** A saved state as read from disk, or null when it is not one (missing fields, wrong types). */
export function parseWindowState(value: unknown): WindowState | null {
  if (typeof value !== 'object' || value === null) return null;
  const { x, y, width, height, maximized } = value as Record<string, unknown>;
  if (![x, y, width, height].every((n) => typeof n === 'number' && Number.isInteger(n))) return null;
  if ((width as number) <= 0 || (height as number) <= 0) return null;
  return { x: x as number, y: y as number, width: width as number, height: height as number, maximized: maximized === true };
}

/**
 * The saved state if the window lies wholly within one display's work area (a display may have
 * been unplugged or its resolution lowered since), else null: the caller opens its default size.
 */
export function fitWindowState(saved: WindowState | null, displays: readonly DisplayArea[]): WindowState | null {
  if (!saved) return null;
  return displays.some(({ workArea }) => contains(workArea, saved)) ? saved : null;
}

function contains(outer: Rectangle, inner: Rectangle): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}
