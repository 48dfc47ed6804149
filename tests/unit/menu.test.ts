import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { APP_COMMANDS, type AppCommand } from '../../src-main/api/commands';
import { appMenuTemplate, type MenuContext } from '../../src-main/electron/menu';

const linux: MenuContext = { platform: 'linux', isPackaged: true, appName: 'Cardwright' };
const mac: MenuContext = { platform: 'darwin', isPackaged: true, appName: 'Cardwright' };
const windowsDev: MenuContext = { platform: 'win32', isPackaged: false, appName: 'Cardwright' };

function allItems(items: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? allItems(item.submenu) : [])]);
}

function submenu(template: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions[] {
  const menu = template.find((item) => item.label === label);
  if (!menu || !Array.isArray(menu.submenu)) throw new Error(`no ${label} menu`);
  return menu.submenu;
}

const roles = (items: MenuItemConstructorOptions[]) => items.map((item) => item.role).filter(Boolean);

describe('appMenuTemplate', () => {
  for (const context of [linux, mac, windowsDev]) {
    it(`shows every app command exactly once, with its accelerator, display-only (${context.platform})`, () => {
      const items = allItems(appMenuTemplate(context, () => {}));
      for (const command of APP_COMMANDS) {
        const matches = items.filter((item) => item.id === command.id);
        expect(matches, command.id).toHaveLength(1);
        expect(matches[0].accelerator).toBe(command.accelerator);
        expect(matches[0].registerAccelerator).toBe(false);
      }
    });
  }

  it('sends the clicked command', () => {
    const sent: AppCommand[] = [];
    const items = allItems(appMenuTemplate(linux, (command) => sent.push(command)));
    for (const command of APP_COMMANDS) {
      const item = items.find((candidate) => candidate.id === command.id);
      (item?.click as () => void)();
    }
    expect(sent).toEqual(APP_COMMANDS.map((command) => command.id));
  });

  it('places the commands in File, Edit, View, Go and Help', () => {
    const template = appMenuTemplate(linux, () => {});
    expect(template.map((menu) => menu.label)).toEqual(['File', 'Edit', 'View', 'Go', 'Window', 'Help']);
    for (const command of APP_COMMANDS) {
      expect(
        submenu(template, command.group).some((item) => item.id === command.id),
        command.id,
      ).toBe(true);
    }
    expect(submenu(template, 'Help').find((item) => item.id === 'help')?.label).toBe('Documentation');
  });

  it('has the standard Edit roles but leaves undo and redo to the app commands', () => {
    const edit = submenu(
      appMenuTemplate(linux, () => {}),
      'Edit',
    );
    expect(roles(edit)).toEqual(['cut', 'copy', 'paste', 'pasteAndMatchStyle', 'delete', 'selectAll']);
    const everyRole = roles(allItems(appMenuTemplate(mac, () => {})));
    expect(everyRole).not.toContain('undo');
    expect(everyRole).not.toContain('redo');
  });

  it('gives macOS the app menu, close in File and front in Window; About under Help elsewhere', () => {
    const macTemplate = appMenuTemplate(mac, () => {});
    expect(macTemplate[0].label).toBe('Cardwright');
    expect(roles(submenu(macTemplate, 'Cardwright'))).toEqual(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit']);
    expect(roles(submenu(macTemplate, 'File'))).toEqual(['close']);
    expect(roles(submenu(macTemplate, 'Window'))).toEqual(['minimize', 'zoom', 'front']);
    expect(roles(submenu(macTemplate, 'Help'))).toEqual([]);

    const linuxTemplate = appMenuTemplate(linux, () => {});
    expect(roles(submenu(linuxTemplate, 'File'))).toEqual(['quit']);
    expect(roles(submenu(linuxTemplate, 'Window'))).toEqual(['minimize', 'zoom', 'close']);
    expect(roles(submenu(linuxTemplate, 'Help'))).toEqual(['about']);
  });

  it('offers reload and DevTools only when not packaged', () => {
    expect(
      roles(
        submenu(
          appMenuTemplate(linux, () => {}),
          'View',
        ),
      ),
    ).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
    expect(
      roles(
        submenu(
          appMenuTemplate(windowsDev, () => {}),
          'View',
        ),
      ),
    ).toEqual(['reload', 'forceReload', 'toggleDevTools', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
  });
});
