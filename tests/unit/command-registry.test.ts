// The command registry: newest handler first, handlers may decline, keys map to commands.

import { describe, expect, it } from 'vitest';
import { APP_COMMANDS } from '../../src-main/api/commands';
import { acceleratorKeys } from '../../src-renderer/src/lib/accelerator';
import { CommandRegistry, commandForKey } from '../../src-renderer/src/lib/command-registry';

const key = (k: string, mods: { ctrl?: boolean; shift?: boolean; meta?: boolean } = {}) => ({
  key: k,
  code: /^[a-z]$/i.test(k) ? `Key${k.toUpperCase()}` : k === '?' ? 'Slash' : /^\d$/.test(k) ? `Digit${k}` : k,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
  altKey: false,
});

describe('CommandRegistry', () => {
  it('runs the newest handler and reports whether one ran', () => {
    const registry = new CommandRegistry();
    const calls: string[] = [];
    expect(registry.run('save', 'key')).toBe(false);
    registry.register('save', () => void calls.push('outer'));
    const removeInner = registry.register('save', () => void calls.push('inner'));
    expect(registry.run('save', 'key')).toBe(true);
    expect(calls).toEqual(['inner']);
    removeInner();
    registry.run('save', 'menu');
    expect(calls).toEqual(['inner', 'outer']);
  });

  it('passes a declined command to the older handler', () => {
    const registry = new CommandRegistry();
    const calls: string[] = [];
    registry.register('print', () => void calls.push('list'));
    registry.register('print', () => false);
    expect(registry.run('print', 'key')).toBe(true);
    expect(calls).toEqual(['list']);
  });

  it('registers and removes a group of handlers together', () => {
    const registry = new CommandRegistry();
    const remove = registry.registerAll({ undo: () => true, redo: () => true });
    expect(registry.run('undo', 'key')).toBe(true);
    remove();
    expect(registry.run('undo', 'key')).toBe(false);
    expect(registry.run('redo', 'key')).toBe(false);
  });

  it('passes the source to the handler', () => {
    const registry = new CommandRegistry();
    const sources: string[] = [];
    registry.register('undo', (source) => void sources.push(source));
    registry.run('undo', 'menu');
    expect(sources).toEqual(['menu']);
  });
});

describe('commandForKey', () => {
  it('finds accelerators and alternates', () => {
    expect(commandForKey(key('f', { ctrl: true }), false)?.command).toBe('search');
    expect(commandForKey(key('f', { meta: true }), true)?.command).toBe('search');
    expect(commandForKey(key('Z', { ctrl: true, shift: true }), false)?.command).toBe('redo');
    expect(commandForKey(key('y', { ctrl: true }), false)?.command).toBe('redo');
    expect(commandForKey(key('z', { ctrl: true }), false)?.command).toBe('undo');
    expect(commandForKey(key('2', { ctrl: true }), false)?.command).toBe('decks');
    expect(commandForKey(key('F1'), false)).toEqual({ command: 'shortcuts', typing: false });
    expect(commandForKey(key('F1', { shift: true }), false)).toEqual({ command: 'help', typing: false });
    expect(commandForKey(key('?', { shift: true }), false)).toEqual({ command: 'shortcuts', typing: true });
    expect(commandForKey(key('q'), false)).toBeUndefined();
  });

  it('every accelerator in the command list parses and has a label', () => {
    for (const info of APP_COMMANDS) {
      for (const accelerator of [...(info.accelerator ? [info.accelerator] : []), ...(info.alternates ?? [])]) {
        expect(acceleratorKeys(accelerator, false).length).toBeGreaterThan(0);
      }
    }
  });
});
