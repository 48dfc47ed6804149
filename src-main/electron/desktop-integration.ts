// DesktopIntegration (src-main/api/desktop.ts) on Electron: native save dialog, and handing
// files to the operating system.

import { BrowserWindow, dialog, shell, type SaveDialogOptions } from 'electron';
import type { DesktopIntegration } from '../api/desktop';

export const electronDesktop: DesktopIntegration = {
  async chooseSavePath(defaultFileName, filter) {
    const options: SaveDialogOptions = { defaultPath: defaultFileName, filters: [filter] };
    // Attached to the focused window, the dialog is modal to it (a sheet on macOS).
    const parent = BrowserWindow.getFocusedWindow();
    const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  },
  async openPath(path) {
    const error = await shell.openPath(path); // resolves with '' on success, the reason otherwise
    if (error) throw new Error(error);
  },
  showInFolder(path) {
    shell.showItemInFolder(path);
  },
};
