// The app's theme state: the saved preference, the live OS setting, and data-theme on <html>.

import {
  parseThemePreference,
  resolveTheme,
  THEME_STORAGE_KEY,
  toggledPreference,
  type Theme,
  type ThemePreference,
} from './theme';

const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');

function readStored(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null; // storage disabled: follow the system
  }
}

class ThemeState {
  preference: ThemePreference = $state(parseThemePreference(readStored()));
  systemPrefersDark = $state(darkQuery.matches);
  readonly current: Theme = $derived(resolveTheme(this.preference, this.systemPrefersDark));

  set(preference: ThemePreference): void {
    this.preference = preference;
    try {
      if (preference === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
      else localStorage.setItem(THEME_STORAGE_KEY, preference);
    } catch {
      // Not persisted; the choice still applies to this session.
    }
  }

  toggle(): void {
    this.set(toggledPreference(this.preference, this.systemPrefersDark));
  }
}

export const theme = new ThemeState();

/** Keeps <html data-theme> in step with the state and the OS; call once from the app root. */
export function applyTheme(): () => void {
  const onSystemChange = (event: MediaQueryListEvent) => (theme.systemPrefersDark = event.matches);
  darkQuery.addEventListener('change', onSystemChange);
  const stopEffect = $effect.root(() => {
    $effect(() => {
      document.documentElement.dataset.theme = theme.current;
    });
  });
  return () => {
    darkQuery.removeEventListener('change', onSystemChange);
    stopEffect();
  };
}
