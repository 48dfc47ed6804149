// Exclusive identity values (card-schema/system/exclusive-identity.ts): a card holding one holds
// no other, and choosing one in the editor switches the others off.

import { describe, expect, it } from 'vitest';
import type { IdentityDimension } from '../../card-schema/system/format';
import { chooseIdentityValue, exclusiveClash } from '../../card-schema/system/exclusive-identity';

const colors: IdentityDimension = {
  field: 'colors',
  label: 'Color',
  values: [
    { id: 'red', label: 'Red', color: '#c00' },
    { id: 'blue', label: 'Blue', color: '#00c' },
    { id: 'neutral', label: 'Neutral', color: '#888', neutral: true, exclusive: true },
  ],
};

describe('exclusive identity values', () => {
  it('finds an exclusive value mixed with others, and nothing when it stands alone', () => {
    expect(exclusiveClash(colors, ['red', 'neutral'])?.id).toBe('neutral');
    expect(exclusiveClash(colors, ['neutral'])).toBeUndefined();
    expect(exclusiveClash(colors, ['red', 'blue'])).toBeUndefined();
    expect(
      exclusiveClash({ ...colors, values: colors.values.map((value) => ({ ...value, exclusive: false })) }, ['red', 'neutral']),
    ).toBeUndefined();
  });

  it('switches the others off when an exclusive value is chosen, and it off when another is', () => {
    expect(chooseIdentityValue(colors, ['red', 'blue'], 'neutral')).toEqual(['neutral']);
    expect(chooseIdentityValue(colors, ['neutral'], 'red')).toEqual(['red']);
    expect(chooseIdentityValue(colors, ['red'], 'blue')).toEqual(['red', 'blue']);
  });
});
