// The size limits both transports share (api/payload-limits.ts): which limit a method gets, and
// the bounded walk the desktop shell measures IPC payloads with.

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYLOAD_LIMIT,
  payloadExceeds,
  payloadLimit,
  payloadLimitError,
  tooLargeMessage,
} from '../../src-main/api/payload-limits';
import { MAX_IMPORT_TEXT } from '../../src-main/api/contract';

describe('payload limits', () => {
  it('gives ordinary calls 4 MiB and imports room for their file', () => {
    expect(payloadLimit('listSystems')).toBe(DEFAULT_PAYLOAD_LIMIT);
    expect(payloadLimit('toString')).toBe(DEFAULT_PAYLOAD_LIMIT); // not Object.prototype's
    expect(payloadLimit('startJob')).toBeGreaterThan(MAX_IMPORT_TEXT * 1.5);
    expect(tooLargeMessage('listSystems', DEFAULT_PAYLOAD_LIMIT)).toBe(
      'The request to listSystems is larger than its limit of 4 MiB',
    );
  });

  it('measures about what JSON.stringify would write', () => {
    const value = { a: [1, 'two', null, true, { b: 'c' }], d: 'e' };
    const size = JSON.stringify(value).length;
    expect(payloadExceeds(value, size + 8)).toBeUndefined();
    expect(payloadExceeds(value, size - 8)).toBe('tooLarge');
    expect(payloadExceeds({ bytes: new Uint8Array(1000) }, 900)).toBe('tooLarge');
  });

  it('stops early on a 50-million-entry list and on cycles', () => {
    const started = performance.now();
    expect(payloadExceeds(new Array(50_000_000), DEFAULT_PAYLOAD_LIMIT)).toBe('tooLarge');
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(payloadExceeds(cycle, DEFAULT_PAYLOAD_LIMIT)).toBe('tooLarge');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('lets a file text be long but not the values around it', () => {
    const file = { job: { kind: 'importSet', text: 'x'.repeat(10_000_000) } };
    expect(payloadLimitError('startJob', file)).toBeUndefined();
    expect(payloadLimitError('importDeck', { text: 'x'.repeat(10_000_000) })).toBeUndefined();
    expect(payloadLimitError('saveCard', { doc: { name: 'x'.repeat(10_000_000) } })).toBe(
      'The request to saveCard is larger than its limit of 4 MiB',
    );
    expect(payloadLimitError('startJob', { ...file, extra: new Array(3_000_000).fill(1) })).toMatch(
      /^The request to startJob has more than 4 MiB of JSON outside its strings; only a file's text may be longer$/,
    );
  });
});
