// Loads and saves the main window's state as window-state.json in the data folder: debounced
// while the window moves or resizes, at once when it closes.

import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserWindow } from 'electron';
import { parseWindowState, type WindowState } from './window-state';

const SAVE_DELAY_MS = 500;

export function windowStateFile(dataDir: string): string {
  return join(dataDir, 'window-state.json');
}

export function readWindowState(file: string): WindowState | null {
  try {
    return parseWindowState(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null; // first start, or a damaged file: the default size will do
  }
}

export function trackWindowState(window: BrowserWindow, file: string): void {
  let timer: NodeJS.Timeout | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    if (window.isDestroyed()) return;
    const state: WindowState = { ...window.getNormalBounds(), maximized: window.isMaximized() };
    try {
      // Write then rename, so a crash mid-write never leaves a half-written file.
      writeFileSync(`${file}.tmp`, JSON.stringify(state));
      renameSync(`${file}.tmp`, file);
    } catch (error) {
      console.warn(`[cardwright] window state not saved: ${String(error)}`);
    }
  };
  const saveSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  };
  window.on('move', saveSoon);
  window.on('resize', saveSoon);
  window.on('maximize', saveSoon);
  window.on('unmaximize', saveSoon);
  window.on('close', save);
}
