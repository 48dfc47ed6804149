// Electron accelerators matched against keydown events and labelled per platform.

import { describe, expect, it } from 'vitest';
import {
  acceleratorKeys,
  acceleratorLabel,
  isTypingKey,
  matchAccelerator,
  parseAccelerator,
  type KeyPress,
} from '../../src-renderer/src/lib/accelerator';

function press(key: string, mods: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress {
  const code = /^[a-z]$/i.test(key)
    ? `Key${key.toUpperCase()}`
    : /^\d$/.test(key)
      ? `Digit${key}`
      : key === '/' || key === '?'
        ? 'Slash'
        : key;
  return { key, code, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods };
}

describe('matchAccelerator', () => {
  it('reads CmdOrCtrl as Ctrl off macOS and as Cmd on macOS', () => {
    expect(matchAccelerator(press('s', { ctrlKey: true }), 'CmdOrCtrl+S', false)).toBe(true);
    expect(matchAccelerator(press('s', { metaKey: true }), 'CmdOrCtrl+S', false)).toBe(false);
    expect(matchAccelerator(press('s', { metaKey: true }), 'CmdOrCtrl+S', true)).toBe(true);
    expect(matchAccelerator(press('s', { ctrlKey: true }), 'CmdOrCtrl+S', true)).toBe(false);
  });

  it('needs exactly the named modifiers', () => {
    expect(matchAccelerator(press('s'), 'CmdOrCtrl+S', false)).toBe(false);
    expect(matchAccelerator(press('Z', { ctrlKey: true, shiftKey: true }), 'CmdOrCtrl+Z', false)).toBe(false);
    expect(matchAccelerator(press('Z', { ctrlKey: true, shiftKey: true }), 'CmdOrCtrl+Shift+Z', false)).toBe(true);
    expect(matchAccelerator(press('z', { ctrlKey: true }), 'CmdOrCtrl+Shift+Z', false)).toBe(false);
    expect(matchAccelerator(press('s', { ctrlKey: true, altKey: true }), 'CmdOrCtrl+S', false)).toBe(false);
  });

  it('matches the physical key on non-Latin layouts', () => {
    expect(matchAccelerator({ ...press('я', { ctrlKey: true }), code: 'KeyZ' }, 'CmdOrCtrl+Z', false)).toBe(true);
  });

  it('matches digits and function keys', () => {
    expect(matchAccelerator(press('1', { ctrlKey: true }), 'CmdOrCtrl+1', false)).toBe(true);
    expect(matchAccelerator(press('F1'), 'F1', false)).toBe(true);
    expect(matchAccelerator(press('F1', { shiftKey: true }), 'F1', false)).toBe(false);
    expect(matchAccelerator(press('F10'), 'F1', false)).toBe(false);
  });

  it('matches "?" with whatever Shift the layout needs, and Shift+/ by the physical key', () => {
    expect(matchAccelerator(press('?', { shiftKey: true }), '?', false)).toBe(true);
    expect(matchAccelerator(press('?'), '?', false)).toBe(true);
    expect(matchAccelerator(press('?', { ctrlKey: true, shiftKey: true }), '?', false)).toBe(false);
    expect(matchAccelerator(press('?', { shiftKey: true }), 'Shift+/', false)).toBe(true);
    expect(matchAccelerator(press('/'), 'Shift+/', false)).toBe(false);
  });

  it('knows Electron key names', () => {
    expect(parseAccelerator('CmdOrCtrl+Plus').key).toBe('+');
    expect(parseAccelerator('CmdOrCtrl++').key).toBe('+');
    expect(parseAccelerator('Esc').key).toBe('Escape');
    expect(matchAccelerator(press('ArrowUp', { altKey: true }), 'Alt+Up', false)).toBe(true);
    expect(() => parseAccelerator('Hyper+K')).toThrow(/Unknown modifier/);
  });
});

describe('labels', () => {
  it('uses symbols on macOS and words elsewhere', () => {
    expect(acceleratorKeys('CmdOrCtrl+Shift+Z', true)).toEqual(['⇧', '⌘', 'Z']);
    expect(acceleratorKeys('CmdOrCtrl+Shift+Z', false)).toEqual(['Ctrl', 'Shift', 'Z']);
    expect(acceleratorLabel('CmdOrCtrl+S', true)).toBe('⌘S');
    expect(acceleratorLabel('CmdOrCtrl+S', false)).toBe('Ctrl+S');
    expect(acceleratorLabel('F1', false)).toBe('F1');
    expect(acceleratorLabel('?', false)).toBe('?');
  });

  it('tells typing keys from shortcuts', () => {
    expect(isTypingKey('?')).toBe(true);
    expect(isTypingKey('Shift+/')).toBe(true);
    expect(isTypingKey('F1')).toBe(false);
    expect(isTypingKey('CmdOrCtrl+F')).toBe(false);
  });
});
