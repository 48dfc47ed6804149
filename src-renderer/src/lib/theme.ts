// Light or dark: the user's choice (System / Light / Dark) resolved against the OS setting.
// Pure; theme.svelte.ts applies it. public/theme-init.js repeats the resolution before first paint.

export type ThemePreference = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'cardwright.theme';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];

/** A stored value back to a preference; anything unknown means "follow the system". */
export function parseThemePreference(stored: string | null | undefined): ThemePreference {
  return THEME_PREFERENCES.find((preference) => preference === stored) ?? 'system';
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): Theme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/** The toggle command flips what is on screen, as an explicit choice. */
export function toggledPreference(preference: ThemePreference, systemPrefersDark: boolean): ThemePreference {
  return resolveTheme(preference, systemPrefersDark) === 'dark' ? 'light' : 'dark';
}
