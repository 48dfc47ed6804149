// Format-v3 deck rules on a small invented game built here: intersecting and multi-field
// identity (either/or logic, hero-specific cards), copy limits by any fields (collector numbers
// shared by alternate arts), alternative section sizes, and ban/restricted lists by card match.
// Each deck is judged legal, or illegal for the stated reason in the exact sentence players read.

import { describe, expect, it } from 'vitest';
import { evaluateDeck } from '../../card-schema/deck/evaluate';
import { describeRule } from '../../card-schema/deck/describe-rule';
import type { Deck, DeckEntry, DeckRule, PlayFormat } from '../../card-schema/deck/format';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';

const cards: Record<string, CardDocument> = {
  // Leaders.
  kira: { type: 'leader', name: 'Kira', colors: ['red'], classes: ['warrior'], talents: ['fire'] },
  vell: { type: 'leader', name: 'Vell', colors: ['red', 'green'], classes: ['mage'], talents: ['fire', 'earth'] },
  vellAlt: { type: 'leader', name: 'Vell, Reborn', heroName: 'Vell', colors: ['green'], classes: ['mage'] },
  // Main-deck cards.
  drake: { type: 'unit', name: 'Ashen Drake', colors: ['red', 'green'], number: 7 },
  tide: { type: 'unit', name: 'Tide Caller', colors: ['blue'], number: 8 },
  prism: { type: 'unit', name: 'Prism Moth', colors: ['blue', 'green'], number: 9 },
  stone: { type: 'unit', name: 'Grey Stone', colors: ['colorless'], number: 10 },
  courier: { type: 'unit', name: 'Iron Courier', colors: ['red'], number: 112 },
  courierAlt: { type: 'unit', name: 'Iron Courier', colors: ['red'], number: 112, variant: 'alternate art' },
  carrier: { type: 'unit', name: 'Iron Carrier', colors: ['red'], number: 112, variant: 'misprint' },
  courier2: { type: 'unit', name: 'Iron Courier', colors: ['red'], number: 113, variant: 'foil' },
  blade: { type: 'unit', name: 'Dual Blade', classes: ['warrior', 'mage'], talents: ['fire'] },
  frost: { type: 'unit', name: 'Frost Edge', classes: ['warrior'], talents: ['ice'] },
  staff: { type: 'unit', name: "Vell's Staff", classes: ['mage'], heroes: ['Vell'] },
  gift: { type: 'unit', name: 'Kira’s Gift', classes: ['mage'], heroes: ['Kira'] },
  ore: { type: 'resource', name: 'Ore', number: 200 },
};
const lookup = (id: string): CardDocument | undefined => cards[id];

function system(rules: DeckRule[], formats?: PlayFormat[]): GameSystem {
  return {
    formatVersion: 3,
    id: 'test',
    name: 'Test Game',
    version: '1.0.0',
    card: { widthMm: 63, heightMm: 88 },
    identity: {
      field: 'colors',
      label: 'Color',
      values: [
        { id: 'red', label: 'Red', color: '#c00' },
        { id: 'green', label: 'Green', color: '#0c0' },
        { id: 'blue', label: 'Blue', color: '#00c' },
        { id: 'colorless', label: 'Colorless', color: '#888', neutral: true },
      ],
    },
    cardTypes: [
      { id: 'leader', label: 'Leader', schema: {}, layout: 'plain' },
      {
        id: 'unit',
        label: 'Unit',
        schema: { properties: { number: { type: 'integer', title: 'Collector number' } } },
        layout: 'plain',
      },
      { id: 'resource', label: 'Resource', schema: {}, layout: 'plain' },
    ],
    layouts: {},
    deck: {
      sections: [
        { id: 'leader', label: 'Leader', types: ['leader'], leader: true },
        { id: 'main', label: 'Main deck', types: ['unit'] },
        { id: 'resources', label: 'Resource deck', types: ['resource'] },
      ],
      rules,
      ...(formats ? { formats } : {}),
    },
    board: {} as GameSystem['board'],
  };
}

type Sections = Partial<Record<string, [string, number][]>>;
function deck(sections: Sections, extra: Partial<Deck> = {}): Pick<Deck, 'systemId' | 'sections' | 'format'> {
  const out: Record<string, DeckEntry[]> = {};
  for (const [id, entries] of Object.entries(sections)) out[id] = (entries ?? []).map(([cardId, count]) => ({ cardId, count }));
  return { systemId: 'test', sections: out, ...extra };
}

const judge = (rules: DeckRule[], sections: Sections, formats?: PlayFormat[], format?: string) =>
  evaluateDeck(system(rules, formats), deck(sections, format ? { format } : {}), lookup);

describe('alternative section sizes', () => {
  const rule: DeckRule = { kind: 'sectionSize', id: 'res', section: 'resources', sizes: [0, 10] };
  it('accepts each listed size', () => {
    expect(judge([rule], {}).legal).toBe(true);
    expect(judge([rule], { resources: [['ore', 10]] }).legal).toBe(true);
  });
  it('refuses a size between the listed ones, and above them', () => {
    expect(judge([rule], { resources: [['ore', 5]] }).violations).toEqual([
      {
        code: 'SECTION_WRONG_SIZE',
        rule: 'res',
        section: 'resources',
        cardIds: [],
        message: 'Resource deck has 5 cards; it needs 0 or 10.',
      },
    ]);
    expect(judge([rule], { resources: [['ore', 11]] }).violations[0]).toMatchObject({
      code: 'SECTION_TOO_LARGE',
      message: 'Resource deck has 11 cards; it needs 0 or 10.',
    });
    const atLeast = judge([{ kind: 'sectionSize', section: 'resources', sizes: [10, 20] }], { resources: [['ore', 3]] });
    expect(atLeast.violations[0]).toMatchObject({
      code: 'SECTION_TOO_SMALL',
      message: 'Resource deck has 3 cards; it needs 10 or 20.',
    });
  });
  it('is described in words', () => {
    expect(describeRule(system([rule]), rule)).toBe('Resource deck: 0 or 10 cards.');
  });
});

describe('copy limits by fields', () => {
  const perNumber: DeckRule = { kind: 'copyLimit', id: 'num', max: 4, by: ['number'] };
  it('counts alternate arts sharing a collector number together, naming each name once with its printings', () => {
    const report = judge([perNumber], {
      main: [
        ['courier', 3],
        ['courierAlt', 2],
        ['courier2', 4],
      ],
    });
    expect(report.violations).toEqual([
      {
        code: 'TOO_MANY_COPIES',
        rule: 'num',
        cardIds: ['courier', 'courierAlt'],
        message: '"Iron Courier" (2 printings): 5 copies of collector number 112; at most 4 are allowed.',
      },
    ]);
  });
  it('counts different names sharing a number together, and tells cards of one name apart by number', () => {
    const report = judge([perNumber], {
      main: [
        ['courier', 3],
        ['carrier', 2],
      ],
    });
    expect(report.violations[0].message).toBe(
      '"Iron Courier" and "Iron Carrier": 5 copies of collector number 112; at most 4 are allowed.',
    );
    // The same name under two numbers: 4 + 4 copies are legal.
    expect(
      judge([perNumber], {
        main: [
          ['courier', 4],
          ['courier2', 4],
        ],
      }).legal,
    ).toBe(true);
  });
  it('counts per name and variant together', () => {
    const rule: DeckRule = { kind: 'copyLimit', id: 'nv', max: 3, by: ['name', 'variant'] };
    expect(
      judge([rule], {
        main: [
          ['courier', 3],
          ['courierAlt', 3],
          ['courier2', 3],
        ],
      }).legal,
    ).toBe(true);
    const report = judge([rule], {
      main: [
        ['courierAlt', 2],
        ['courier', 3],
      ],
    });
    expect(report.legal).toBe(true);
    const over = judge([rule], { main: [['courierAlt', 4]] });
    expect(over.violations[0].message).toBe(
      '"Iron Courier": 4 copies of name Iron Courier and variant alternate art; at most 3 are allowed.',
    );
  });
  it('applies overrides by card match to the group', () => {
    const rule: DeckRule = {
      kind: 'copyLimit',
      max: 4,
      by: ['number'],
      overrides: [{ match: { where: [{ field: 'variant', equals: 'misprint' }] }, max: 1 }],
    };
    const report = judge([rule], {
      main: [
        ['courier', 1],
        ['carrier', 1],
      ],
    });
    expect(report.violations.map((v) => v.code)).toEqual(['TOO_MANY_COPIES']);
    expect(report.violations[0].message).toContain('at most 1 is allowed');
  });
  it('is described in words', () => {
    expect(describeRule(system([perNumber]), perNumber)).toBe('At most 4 copies per collector number.');
  });
});

describe('identity that intersects', () => {
  const rule: DeckRule = {
    kind: 'identity',
    id: 'id',
    leaderSection: 'leader',
    sections: ['main'],
    checks: [{ field: 'colors', mode: 'intersects' }],
  };
  it('accepts a card sharing one color with the leader, and colorless cards', () => {
    expect(
      judge([rule], {
        leader: [['kira', 1]],
        main: [
          ['drake', 3],
          ['stone', 2],
        ],
      }).legal,
    ).toBe(true);
    expect(judge([rule], { leader: [['vell', 1]], main: [['prism', 3]] }).legal).toBe(true);
  });
  it('refuses a card sharing no color, saying which colors it has and the leader has', () => {
    const report = judge([rule], {
      leader: [['kira', 1]],
      main: [
        ['drake', 1],
        ['prism', 1],
        ['tide', 1],
      ],
    });
    expect(report.violations).toEqual([
      {
        code: 'IDENTITY_MISMATCH',
        rule: 'id',
        section: 'main',
        cardIds: ['prism', 'tide'],
        message:
          '"Prism Moth" (color Blue/Green has none of Kira\'s color (Red)) and "Tide Caller" (color Blue has none of Kira\'s color (Red)) do not fit Kira, the Leader.',
      },
    ]);
  });
  it('the subset mode refuses a red/green card under a red leader', () => {
    const subset: DeckRule = {
      kind: 'identity',
      leaderSection: 'leader',
      sections: ['main'],
      checks: [{ field: 'colors', mode: 'subset' }],
    };
    const report = judge([subset], { leader: [['kira', 1]], main: [['drake', 1]] });
    expect(report.violations[0].message).toBe(
      '"Ashen Drake" (color Red/Green is not within Kira\'s color (Red)) does not fit Kira, the Leader.',
    );
  });
  it('needs a leader', () => {
    expect(judge([rule], { main: [['drake', 1]] }).violations[0]).toMatchObject({ code: 'MISSING_LEADER', section: 'leader' });
  });
});

describe('identity by several fields', () => {
  // A card of two classes fits a hero of either class; its talents must all be the hero's.
  const classAndTalent: DeckRule = {
    kind: 'identity',
    id: 'ct',
    leaderSection: 'leader',
    sections: ['main'],
    checks: [
      { field: 'classes', mode: 'intersects', label: 'class' },
      { field: 'talents', mode: 'subset', label: 'talent' },
    ],
  };
  it("all checks: either class, and only the hero's talents", () => {
    expect(judge([classAndTalent], { leader: [['kira', 1]], main: [['blade', 2]] }).legal).toBe(true);
    expect(judge([classAndTalent], { leader: [['vell', 1]], main: [['blade', 2]] }).legal).toBe(true);
    const report = judge([classAndTalent], {
      leader: [['kira', 1]],
      main: [
        ['frost', 1],
        ['staff', 1],
      ],
    });
    expect(report.violations[0].cardIds).toEqual(['frost', 'staff']);
    expect(report.violations[0].message).toBe(
      '"Frost Edge" (talent ice is not within Kira\'s talent (fire)) and "Vell\'s Staff" (class mage has none of Kira\'s class (warrior)) do not fit Kira, the Leader.',
    );
  });
  // Hero-specific cards: a card naming heroes fits only them, whatever its class (either/or).
  const classOrHero: DeckRule = {
    kind: 'identity',
    id: 'ch',
    leaderSection: 'leader',
    sections: ['main'],
    combine: 'any',
    checks: [
      { field: 'classes', mode: 'intersects', label: 'class' },
      { field: 'heroes', leaderField: 'name', mode: 'intersects', label: 'hero' },
    ],
  };
  it('any check: a hero-specific card fits its hero even outside the class', () => {
    expect(
      judge([classOrHero], {
        leader: [['kira', 1]],
        main: [
          ['gift', 1],
          ['blade', 1],
        ],
      }).legal,
    ).toBe(true);
    const report = judge([classOrHero], { leader: [['kira', 1]], main: [['staff', 1]] });
    expect(report.violations[0].message).toBe(
      "\"Vell's Staff\" (class mage has none of Kira's class (warrior); hero Vell has none of Kira's name (Kira)) does not fit Kira, the Leader.",
    );
  });
  it('hero-specific cards match a leader field naming the hero ("or its variants")', () => {
    const forHero: DeckRule = {
      kind: 'identity',
      leaderSection: 'leader',
      sections: ['main'],
      checks: [{ field: 'heroes', leaderField: 'heroName', mode: 'intersects', label: 'hero' }],
    };
    expect(judge([forHero], { leader: [['vellAlt', 1]], main: [['staff', 1]] }).legal).toBe(true);
    expect(judge([forHero], { leader: [['vellAlt', 1]], main: [['gift', 1]] }).legal).toBe(false);
  });
  it('is described in words', () => {
    expect(describeRule(system([classOrHero]), classOrHero)).toBe(
      'Main deck must fit the Leader: class sharing one with its classes, or hero sharing one with its name.',
    );
  });
});

describe('ban and restricted lists by card match', () => {
  const format: PlayFormat = {
    id: 'open',
    label: 'Open',
    banned: ['Tide Caller', { where: [{ field: 'number', equals: 112 }] }],
    restricted: [
      { match: { names: ['Iron Courier'], where: [{ field: 'variant', equals: 'foil' }] }, max: 1 },
      { name: 'Ashen Drake', max: 2 },
    ],
  };
  it('bans every printing of a collector number, naming each name once with its printings', () => {
    const report = judge(
      [],
      {
        main: [
          ['courier', 1],
          ['courierAlt', 1],
          ['carrier', 1],
          ['tide', 1],
          ['drake', 1],
        ],
      },
      [format],
    );
    expect(report.violations).toEqual([
      {
        code: 'BANNED_CARD',
        rule: 'format:open',
        cardIds: ['courier', 'courierAlt', 'carrier', 'tide'],
        message: '"Iron Courier" (2 printings), "Iron Carrier" and "Tide Caller" are banned in Open.',
      },
    ]);
  });
  it('restricts the cards of a match counted together, and names still work', () => {
    expect(
      judge(
        [],
        {
          main: [
            ['courier2', 1],
            ['drake', 2],
          ],
        },
        [format],
      ).legal,
    ).toBe(true);
    const report = judge(
      [],
      {
        main: [
          ['courier2', 2],
          ['drake', 3],
        ],
      },
      [format],
    );
    expect(report.violations.map((v) => v.message)).toEqual([
      '"Iron Courier" has 2 copies; Open allows at most 1.',
      '"Ashen Drake" has 3 copies; Open allows at most 2.',
    ]);
  });
});
