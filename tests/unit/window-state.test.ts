import { describe, expect, it } from 'vitest';
import { fitWindowState, parseWindowState, type DisplayArea, type WindowState } from '../../src-main/electron/window-state';

const laptop: DisplayArea = { workArea: { x: 0, y: 27, width: 1440, height: 873 } };
const monitorOnTheRight: DisplayArea = { workArea: { x: 1440, y: 0, width: 2560, height: 1440 } };
const onLaptop: WindowState = { x: 100, y: 60, width: 1200, height: 800, maximized: false };
const onMonitor: WindowState = { x: 1600, y: 100, width: 1800, height: 1100, maximized: true };

describe('fitWindowState', () => {
  it('restores a window that lies within a connected display', () => {
    expect(fitWindowState(onLaptop, [laptop])).toEqual(onLaptop);
    expect(fitWindowState(onMonitor, [laptop, monitorOnTheRight])).toEqual(onMonitor);
  });

  it('drops a window whose display was unplugged', () => {
    expect(fitWindowState(onMonitor, [laptop])).toBeNull();
  });

  it('drops a window larger than the display or hanging over its edge', () => {
    expect(fitWindowState({ ...onLaptop, width: 1600 }, [laptop])).toBeNull();
    expect(fitWindowState({ ...onLaptop, x: -50 }, [laptop])).toBeNull();
    expect(fitWindowState({ ...onLaptop, y: 0 }, [laptop])).toBeNull();
  });

  it('drops a window straddling two displays (it fits on neither)', () => {
    expect(fitWindowState({ ...onLaptop, x: 1000 }, [laptop, monitorOnTheRight])).toBeNull();
  });

  it('has nothing to restore without a saved state or displays', () => {
    expect(fitWindowState(null, [laptop])).toBeNull();
    expect(fitWindowState(onLaptop, [])).toBeNull();
  });
});

describe('parseWindowState', () => {
  it('reads a saved state', () => {
    expect(parseWindowState(JSON.parse(JSON.stringify(onMonitor)))).toEqual(onMonitor);
    expect(parseWindowState({ x: 1, y: 2, width: 3, height: 4 })).toEqual({ x: 1, y: 2, width: 3, height: 4, maximized: false });
  });

  it('refuses anything else', () => {
    for (const value of [
      null,
      'x',
      [],
      { x: 1, y: 2, width: 3 },
      { x: '1', y: 2, width: 3, height: 4 },
      { x: 1, y: 2, width: 0, height: 4 },
      { x: 1.5, y: 2, width: 3, height: 4 },
    ]) {
      expect(parseWindowState(value)).toBeNull();
    }
  });
});
