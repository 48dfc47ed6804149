// Electron accelerator strings ("CmdOrCtrl+Shift+Z", "F1", "Shift+/", "?") read in the renderer:
// match them against keydown events and label them for people. Pure: no DOM access.

/** The parts of a KeyboardEvent a match needs (so tests can pass plain objects). */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

export interface ParsedAccelerator {
  /** The key as KeyboardEvent.key spells it ("z", "F1", "/", "?", "ArrowUp"). */
  key: string;
  /** The primary modifier: Cmd on macOS, Ctrl elsewhere. */
  cmdOrCtrl: boolean;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

// Electron's names for keys whose KeyboardEvent.key differs.
const KEY_NAMES: Record<string, string> = {
  plus: '+',
  space: ' ',
  tab: 'Tab',
  esc: 'Escape',
  escape: 'Escape',
  enter: 'Enter',
  return: 'Enter',
  backspace: 'Backspace',
  delete: 'Delete',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pagedown: 'PageDown',
};

// KeyboardEvent.code of punctuation keys, so Shift+/ matches whatever character the layout
// produces with Shift held ("?" on US keyboards).
const PUNCTUATION_CODES: Record<string, string> = {
  '/': 'Slash',
  '\\': 'Backslash',
  ',': 'Comma',
  '.': 'Period',
  ';': 'Semicolon',
  "'": 'Quote',
  '[': 'BracketLeft',
  ']': 'BracketRight',
  '-': 'Minus',
  '=': 'Equal',
  '`': 'Backquote',
};

export function parseAccelerator(accelerator: string): ParsedAccelerator {
  // "CmdOrCtrl++" names the plus key: split on "+" that is not the last character.
  const parts = accelerator.split(/\+(?!$)/);
  const keyPart = parts.pop() ?? '';
  const parsed: ParsedAccelerator = { key: '', cmdOrCtrl: false, ctrl: false, meta: false, alt: false, shift: false };
  for (const modifier of parts.map((part) => part.toLowerCase())) {
    if (modifier === 'cmdorctrl' || modifier === 'commandorcontrol') parsed.cmdOrCtrl = true;
    else if (modifier === 'ctrl' || modifier === 'control') parsed.ctrl = true;
    else if (modifier === 'cmd' || modifier === 'command' || modifier === 'super' || modifier === 'meta') parsed.meta = true;
    else if (modifier === 'alt' || modifier === 'option') parsed.alt = true;
    else if (modifier === 'shift') parsed.shift = true;
    else throw new Error(`Unknown modifier "${modifier}" in accelerator "${accelerator}"`);
  }
  const named = KEY_NAMES[keyPart.toLowerCase()];
  parsed.key =
    named ?? (/^f\d{1,2}$/i.test(keyPart) ? keyPart.toUpperCase() : keyPart.length === 1 ? keyPart.toLowerCase() : keyPart);
  return parsed;
}

function keyMatches(press: KeyPress, key: string): boolean {
  if (press.key.toLowerCase() === key.toLowerCase()) return true;
  // Non-Latin layouts: the physical key still counts (Ctrl+Я is Ctrl+Z).
  if (/^[a-z]$/.test(key)) return press.code === `Key${key.toUpperCase()}`;
  if (/^\d$/.test(key)) return press.code === `Digit${key}`;
  const code = PUNCTUATION_CODES[key];
  return code !== undefined && press.code === code;
}

/** True when `press` is the key combination `accelerator` names. */
export function matchAccelerator(press: KeyPress, accelerator: string, isMac: boolean): boolean {
  const wanted = parseAccelerator(accelerator);
  const wantCtrl = wanted.ctrl || (wanted.cmdOrCtrl && !isMac);
  const wantMeta = wanted.meta || (wanted.cmdOrCtrl && isMac);
  if (press.ctrlKey !== wantCtrl || press.metaKey !== wantMeta || press.altKey !== wanted.alt) return false;
  // A lone symbol such as "?" is typed with whatever Shift state the layout needs.
  const shiftImplied = !wanted.shift && wanted.key.length === 1 && !/[a-z0-9]/.test(wanted.key);
  if (!shiftImplied && press.shiftKey !== wanted.shift) return false;
  return keyMatches(press, wanted.key);
}

/** True when the accelerator types a character (no Ctrl/Cmd/Alt): it must not fire while typing. */
export function isTypingKey(accelerator: string): boolean {
  const parsed = parseAccelerator(accelerator);
  return !parsed.cmdOrCtrl && !parsed.ctrl && !parsed.meta && !parsed.alt && parsed.key.length === 1;
}

const KEY_LABELS: Record<string, string> = {
  ' ': 'Space',
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
};

/** The keys of an accelerator as a person reads them: ["⌘", "⇧", "Z"] on macOS, ["Ctrl", "Shift", "Z"] elsewhere. */
export function acceleratorKeys(accelerator: string, isMac: boolean): string[] {
  const parsed = parseAccelerator(accelerator);
  const keys: string[] = [];
  if (parsed.ctrl || (parsed.cmdOrCtrl && !isMac)) keys.push(isMac ? '⌃' : 'Ctrl');
  if (parsed.alt) keys.push(isMac ? '⌥' : 'Alt');
  if (parsed.shift) keys.push(isMac ? '⇧' : 'Shift');
  if (parsed.meta || (parsed.cmdOrCtrl && isMac)) keys.push(isMac ? '⌘' : 'Win');
  keys.push(KEY_LABELS[parsed.key] ?? (parsed.key.length === 1 ? parsed.key.toUpperCase() : parsed.key));
  return keys;
}

/** One string for tooltips: "⌘S" on macOS, "Ctrl+S" elsewhere. */
export function acceleratorLabel(accelerator: string, isMac: boolean): string {
  return acceleratorKeys(accelerator, isMac).join(isMac ? '' : '+');
}

/** Whether this renderer runs on macOS (Cmd is the primary modifier there). */
export function detectMac(): boolean {
  const nav = globalThis.navigator as (Navigator & { userAgentData?: { platform?: string } }) | undefined;
  const platform = nav?.userAgentData?.platform ?? nav?.platform ?? '';
  return /mac/i.test(platform);
}
