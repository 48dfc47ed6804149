// The application menu as a pure template: the platform's standard roles plus the app's own
// commands (src-main/api/commands.ts). main.ts builds it and routes clicks to the renderer.
// Only type imports from electron, so tests can check the template without Electron.

import type { MenuItemConstructorOptions } from 'electron';
import { APP_COMMANDS, type AppCommand, type AppCommandInfo } from '../api/commands';

export interface MenuContext {
  platform: NodeJS.Platform;
  /** Developer items (reload, DevTools) only in unpackaged runs. */
  isPackaged: boolean;
  appName: string;
}

const COMMANDS = new Map<AppCommand, AppCommandInfo>(APP_COMMANDS.map((command) => [command.id, command]));
const separator: MenuItemConstructorOptions = { type: 'separator' };

export function appMenuTemplate(context: MenuContext, runCommand: (command: AppCommand) => void): MenuItemConstructorOptions[] {
  const isMac = context.platform === 'darwin';

  // The renderer handles these keys itself (desktop and web alike), so the menu only shows
  // the accelerator: a registered one would run the command twice. (registerAccelerator is for
  // Linux and Windows; on macOS the menu only gets keys the page did not preventDefault.)
  const command = (id: AppCommand, label?: string): MenuItemConstructorOptions => {
    const info = COMMANDS.get(id);
    if (!info) throw new Error(`Unknown app command ${id}`);
    return {
      id,
      label: label ?? info.label,
      accelerator: info.accelerator,
      registerAccelerator: false,
      click: () => runCommand(id),
    };
  };

  const appMenu: MenuItemConstructorOptions = {
    label: context.appName,
    submenu: [
      { role: 'about' },
      separator,
      { role: 'services' },
      separator,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator,
      { role: 'quit' },
    ],
  };
  const developerItems: MenuItemConstructorOptions[] = context.isPackaged
    ? []
    : [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, separator];

  return [
    ...(isMac ? [appMenu] : []),
    {
      label: 'File',
      submenu: [
        command('new-card'),
        command('save'),
        separator,
        command('print'),
        separator,
        command('trash'),
        command('restore-backup'),
        separator,
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: 'Edit',
      // Undo and Redo are app commands (the renderer routes them to text fields or app undo),
      // so there are no 'undo'/'redo' roles here.
      submenu: [
        command('undo'),
        command('redo'),
        separator,
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'pasteAndMatchStyle' },
        { role: 'delete' },
        { role: 'selectAll' },
        separator,
        command('search'),
      ],
    },
    {
      label: 'View',
      submenu: [
        command('toggle-theme'),
        separator,
        ...developerItems,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        separator,
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: 'Go',
      submenu: [
        command('library'),
        command('decks'),
        command('games'),
        command('playtest'),
        separator,
        command('previous-card'),
        command('next-card'),
      ],
    },
    {
      label: 'Window',
      role: 'windowMenu',
      submenu: [
        { role: 'minimize' },
        { role: 'zoom' },
        ...(isMac ? [separator, { role: 'front' } as const] : [{ role: 'close' } as const]),
      ],
    },
    {
      label: 'Help',
      role: 'help',
      submenu: [
        command('help', 'Documentation'),
        command('shortcuts'),
        ...(isMac ? [] : [separator, { role: 'about', label: `About ${context.appName}` } as const]),
      ],
    },
  ];
}
