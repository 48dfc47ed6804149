// Theme resolution: the saved preference against the OS setting.

import { describe, expect, it } from 'vitest';
import { parseThemePreference, resolveTheme, toggledPreference } from '../../src-renderer/src/lib/theme';

describe('theme', () => {
  it('follows the system unless the user chose', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('reads unknown stored values as "system"', () => {
    expect(parseThemePreference('dark')).toBe('dark');
    expect(parseThemePreference('light')).toBe('light');
    expect(parseThemePreference(null)).toBe('system');
    expect(parseThemePreference('purple')).toBe('system');
  });

  it('toggles what is on screen', () => {
    expect(toggledPreference('system', true)).toBe('light');
    expect(toggledPreference('system', false)).toBe('dark');
    expect(toggledPreference('dark', false)).toBe('light');
    expect(toggledPreference('light', true)).toBe('dark');
  });
});
