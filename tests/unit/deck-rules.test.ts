// Deck rules, one kind at a time, on a small synthetic game built here (no files): codes, the
// rule and cards each violation names, and the exact sentences players read.

import { describe, expect, it } from 'vitest';
import { evaluateDeck } from '../../card-schema/deck/evaluate';
import type { Deck, DeckEntry, DeckRule, PlayFormat } from '../../card-schema/deck/format';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';

const cards: Record<string, CardDocument> = {
  pyra: { type: 'hero', name: 'Pyra', colors: ['red'] },
  nerea: { type: 'hero', name: 'Nerea', colors: ['blue', 'neutral'] },
  wolf: { type: 'creature', name: 'Ember Wolf', colors: ['red'], rarity: 'common', cost: 1 },
  // A reprint: another id, the same card by name.
  wolfPromo: { type: 'creature', name: 'Ember Wolf', colors: ['red'], rarity: 'common', cost: 1, set: 'promo' },
  oracle: { type: 'creature', name: 'Tidal Oracle', colors: ['blue'], rarity: 'rare', cost: 3 },
  golem: { type: 'creature', name: 'Clay Golem', colors: ['neutral'], rarity: '', keywords: [] },
  shade: { type: 'creature', name: 'Ash Shade', colors: ['red', 'blue'], keywords: ['flying', 'undead'], cost: 2 },
  dragon: { type: 'creature', name: 'Elder Dragon', colors: ['red'], rarity: 'legendary', cost: 6 },
  // A print of the same card without the rarity that limits it.
  dragonPromo: { type: 'creature', name: 'Elder Dragon', colors: ['red'], rarity: 'common', cost: 6 },
  blade: { type: 'spell', name: 'Twin Blade', colors: ['red'], maxCopies: 2, cost: { amount: 2 } },
  bolt: { type: 'spell', name: 'Fire Bolt', colors: ['red'], cost: { amount: 1 } },
  tome: { type: 'spell', name: 'Forbidden Tome', colors: ['neutral'] },
  coin: { type: 'spell', name: 'Lucky Coin', colors: ['neutral'] },
  blaze: { type: 'creature', name: 'Blaze Wolf', colors: ['red'], evolvesFrom: 'Ember Wolf', stage: 2 },
  chimera: { type: 'creature', name: 'Chimera', colors: ['red'], evolvesFrom: ['Ember Wolf', 'Tidal Oracle'], stage: 3 },
  pupa: { type: 'creature', name: 'Pupa', colors: ['red'], evolvesFrom: '', stage: 1 },
  moth: { type: 'creature', name: 'Moth', colors: ['red'], needsStage: 1 },
};
const lookup = (id: string): CardDocument | undefined => cards[id];

const standard: PlayFormat = {
  id: 'standard',
  label: 'Standard',
  banned: ['Forbidden Tome'],
  restricted: [{ name: 'Lucky Coin', max: 1 }],
};
const legacy: PlayFormat = { id: 'legacy', label: 'Legacy' };

function system(rules: DeckRule[], formats?: PlayFormat[]): GameSystem {
  return {
    formatVersion: 2,
    id: 'test',
    name: 'Test Game',
    version: '1.0.0',
    card: { widthMm: 63, heightMm: 88 },
    identity: {
      field: 'colors',
      label: 'Color',
      values: [
        { id: 'red', label: 'Red', color: '#c00' },
        { id: 'blue', label: 'Blue', color: '#00c' },
        { id: 'neutral', label: 'Neutral', color: '#888', neutral: true },
      ],
    },
    cardTypes: [
      { id: 'hero', label: 'Hero', schema: {}, layout: 'plain' },
      { id: 'creature', label: 'Creature', schema: {}, layout: 'plain' },
      { id: 'spell', label: 'Spell', schema: {}, layout: 'plain' },
    ],
    layouts: {},
    deck: {
      sections: [
        { id: 'hero', label: 'Hero', types: ['hero'], leader: true },
        { id: 'main', label: 'Main deck', types: ['creature', 'spell'] },
        { id: 'side', label: 'Sideboard', types: ['creature', 'spell'], extra: true },
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

function evaluate(rules: DeckRule[], sections: Sections, extra: Partial<Deck> = {}, formats?: PlayFormat[]) {
  return evaluateDeck(system(rules, formats), deck(sections, extra), lookup);
}
const codes = (...args: Parameters<typeof evaluate>) => evaluate(...args).violations.map((v) => v.code);
/** Code, rule and card ids of each violation, in order. */
const brief = (...args: Parameters<typeof evaluate>) => evaluate(...args).violations.map((v) => [v.code, v.rule, v.cardIds]);

describe('sectionSize', () => {
  const range: DeckRule = { kind: 'sectionSize', section: 'main', min: 2, max: 4 };

  it('checks min, max and exact sizes, naming the section and no card', () => {
    expect(evaluate([range], { main: [['wolf', 1]] }).violations).toEqual([
      {
        code: 'SECTION_TOO_SMALL',
        rule: 'sectionSize#0',
        section: 'main',
        cardIds: [],
        message: 'Main deck has 1 card; it needs 2 to 4.',
      },
    ]);
    expect(
      evaluate([range], {
        main: [
          ['wolf', 3],
          ['bolt', 2],
        ],
      }).violations,
    ).toEqual([
      {
        code: 'SECTION_TOO_LARGE',
        rule: 'sectionSize#0',
        section: 'main',
        cardIds: [],
        message: 'Main deck has 5 cards; it needs 2 to 4.',
      },
    ]);
    expect(codes([range], { main: [['wolf', 2]] })).toEqual([]);
    expect(codes([range], { main: [['wolf', 4]] })).toEqual([]);

    const exact: DeckRule = { kind: 'sectionSize', id: 'one-hero', section: 'hero', min: 1, max: 1 };
    expect(evaluate([exact], {}).violations[0]).toMatchObject({
      code: 'SECTION_TOO_SMALL',
      rule: 'one-hero',
      message: 'Hero has 0 cards; it needs exactly 1.',
    });
    expect(
      evaluate([exact], {
        hero: [
          ['pyra', 1],
          ['nerea', 1],
        ],
      }).violations[0].message,
    ).toBe('Hero has 2 cards; it needs exactly 1.');
    expect(codes([exact], { hero: [['pyra', 1]] })).toEqual([]);
  });

  it('supports open-ended limits', () => {
    const atLeast: DeckRule = { kind: 'sectionSize', section: 'main', min: 3 };
    const atMost: DeckRule = { kind: 'sectionSize', section: 'side', max: 2 };
    expect(
      evaluate([atLeast, atMost], { main: [['wolf', 2]], side: [['bolt', 3]] }).violations.map((v) => [
        v.code,
        v.rule,
        v.message,
      ]),
    ).toEqual([
      ['SECTION_TOO_SMALL', 'sectionSize#0', 'Main deck has 2 cards; it needs at least 3.'],
      ['SECTION_TOO_LARGE', 'sectionSize#1', 'Sideboard has 3 cards; it needs at most 2.'],
    ]);
    expect(codes([atLeast, atMost], { main: [['wolf', 30]] })).toEqual([]);
  });

  it('counts copies, and unknown cards too', () => {
    expect(codes([{ kind: 'sectionSize', section: 'main', max: 2 }], { main: [['gone', 3]] })).toEqual([
      'UNKNOWN_CARD',
      'SECTION_TOO_LARGE',
    ]);
  });
});

describe('allowedTypes', () => {
  it('names each card of a type the section does not take, with its type', () => {
    const rule: DeckRule = { kind: 'allowedTypes', section: 'hero', types: ['hero'] };
    expect(
      evaluate([rule], {
        hero: [
          ['pyra', 1],
          ['wolf', 1],
          ['bolt', 1],
        ],
      }).violations,
    ).toEqual([
      {
        code: 'TYPE_NOT_ALLOWED',
        rule: 'allowedTypes#0',
        section: 'hero',
        cardIds: ['wolf', 'bolt'],
        message: 'Hero may only hold Hero: "Ember Wolf" (Creature) and "Fire Bolt" (Spell) cannot be there.',
      },
    ]);
  });

  it('lists several allowed types and ignores unknown cards', () => {
    const rule: DeckRule = { kind: 'allowedTypes', section: 'main', types: ['creature', 'spell'] };
    expect(
      evaluate([rule], {
        main: [
          ['pyra', 1],
          ['gone', 1],
          ['wolf', 2],
        ],
      }).violations.map((v) => [v.code, v.cardIds, v.message]),
    ).toEqual([
      ['UNKNOWN_CARD', ['gone'], '1 card in this deck no longer exists in the library (gone).'],
      ['TYPE_NOT_ALLOWED', ['pyra'], 'Main deck may only hold Creature and Spell: "Pyra" (Hero) cannot be there.'],
    ]);
  });
});

describe('copyLimit', () => {
  it('counts reprints together by name (the default), across all sections', () => {
    const rule: DeckRule = { kind: 'copyLimit', max: 3 };
    expect(
      evaluate([rule], {
        main: [
          ['wolf', 2],
          ['bolt', 3],
        ],
        side: [['wolfPromo', 2]],
      }).violations,
    ).toEqual([
      {
        code: 'TOO_MANY_COPIES',
        rule: 'copyLimit#0',
        cardIds: ['wolf', 'wolfPromo'],
        message: '"Ember Wolf" has 4 copies; at most 3 are allowed.',
      },
    ]);
  });

  it('counts each id apart with countBy "id"', () => {
    const rule: DeckRule = { kind: 'copyLimit', max: 3, countBy: 'id' };
    expect(codes([rule], { main: [['wolf', 2]], side: [['wolfPromo', 2]] })).toEqual([]);
    expect(
      brief([rule], {
        main: [
          ['wolf', 2],
          ['wolfPromo', 2],
        ],
        side: [['wolf', 2]],
      }),
    ).toEqual([['TOO_MANY_COPIES', 'copyLimit#0', ['wolf']]]);
  });

  it('counts only the listed sections', () => {
    const rule: DeckRule = { kind: 'copyLimit', max: 3, sections: ['main'] };
    expect(codes([rule], { main: [['wolf', 3]], side: [['wolf', 3]] })).toEqual([]);
    expect(
      codes([rule], {
        main: [
          ['wolf', 3],
          ['wolfPromo', 1],
        ],
      }),
    ).toEqual(['TOO_MANY_COPIES']);
  });

  it('gives one violation per card, singular "is" at a limit of 1', () => {
    const rule: DeckRule = { kind: 'copyLimit', id: 'singleton', max: 1 };
    const report = evaluate([rule], {
      main: [
        ['wolf', 2],
        ['bolt', 1],
        ['oracle', 3],
      ],
    });
    expect(report.violations.map((v) => [v.code, v.rule, v.cardIds, v.message])).toEqual([
      ['TOO_MANY_COPIES', 'singleton', ['wolf'], '"Ember Wolf" has 2 copies; at most 1 is allowed.'],
      ['TOO_MANY_COPIES', 'singleton', ['oracle'], '"Tidal Oracle" has 3 copies; at most 1 is allowed.'],
    ]);
  });

  it('applies the first matching override', () => {
    const rule: DeckRule = {
      kind: 'copyLimit',
      max: 4,
      overrides: [
        { match: { where: [{ field: 'rarity', equals: 'legendary' }] }, max: 1 },
        { match: { types: ['creature'] }, max: 2 },
        { match: { where: [{ field: 'rarity', equals: 'legendary' }] }, max: 9 },
      ],
    };
    expect(
      evaluate([rule], {
        main: [
          ['dragon', 2],
          ['oracle', 3],
          ['bolt', 4],
        ],
      }).violations.map((v) => [v.cardIds, v.message]),
    ).toEqual([
      [['dragon'], '"Elder Dragon" has 2 copies; at most 1 is allowed.'],
      [['oracle'], '"Tidal Oracle" has 3 copies; at most 2 are allowed.'],
    ]);
    expect(
      codes([rule], {
        main: [
          ['dragon', 1],
          ['oracle', 2],
          ['bolt', 4],
        ],
      }),
    ).toEqual([]);
  });

  it('holds prints of one name to the strictest limit among them, in any order', () => {
    const rule: DeckRule = {
      kind: 'copyLimit',
      max: 4,
      overrides: [{ match: { where: [{ field: 'rarity', equals: 'legendary' }] }, max: 1 }],
    };
    for (const main of [
      [
        ['dragonPromo', 1],
        ['dragon', 1],
      ],
      [
        ['dragon', 1],
        ['dragonPromo', 1],
      ],
    ] as [string, number][][]) {
      expect(evaluate([rule], { main }).violations.map((v) => v.message)).toEqual([
        '"Elder Dragon" has 2 copies; at most 1 is allowed.',
      ]);
    }
  });

  it("uses a card's own limitField first, when it is a number", () => {
    const rule: DeckRule = {
      kind: 'copyLimit',
      max: 4,
      limitField: 'maxCopies',
      overrides: [{ match: { types: ['spell'] }, max: 3 }],
    };
    // Twin Blade says "max 2" itself: that beats the spell override (3) and the rule's 4.
    expect(
      evaluate([rule], {
        main: [
          ['blade', 3],
          ['bolt', 3],
        ],
      }).violations,
    ).toEqual([
      {
        code: 'TOO_MANY_COPIES',
        rule: 'copyLimit#0',
        cardIds: ['blade'],
        message: '"Twin Blade" has 3 copies; at most 2 are allowed.',
      },
    ]);
    expect(
      codes([rule], {
        main: [
          ['blade', 2],
          ['bolt', 4],
        ],
      }),
    ).toEqual(['TOO_MANY_COPIES']);
    // A non-number field is no limit: stage is a number, rarity is not.
    expect(codes([{ kind: 'copyLimit', max: 1, limitField: 'rarity' }], { main: [['oracle', 2]] })).toEqual(['TOO_MANY_COPIES']);
    expect(
      codes([{ kind: 'copyLimit', max: 1, limitField: 'stage' }], {
        main: [
          ['blaze', 2],
          ['wolf', 1],
        ],
      }),
    ).toEqual([]);
  });
});

describe('identitySubset', () => {
  const rule: DeckRule = { kind: 'identitySubset', id: 'colors', leaderSection: 'hero', sections: ['main'] };

  it("accepts cards within the leader's identity and neutral cards", () => {
    expect(
      codes([rule], {
        hero: [['pyra', 1]],
        main: [
          ['wolf', 3],
          ['golem', 2],
          ['tome', 1],
        ],
      }),
    ).toEqual([]);
  });

  it('names every card outside it, with the colors that are outside', () => {
    expect(
      evaluate([rule], {
        hero: [['pyra', 1]],
        main: [
          ['wolf', 3],
          ['oracle', 1],
          ['shade', 1],
        ],
      }).violations,
    ).toEqual([
      {
        code: 'IDENTITY_MISMATCH',
        rule: 'colors',
        section: 'main',
        cardIds: ['oracle', 'shade'],
        message: `"Tidal Oracle" (blue) and "Ash Shade" (blue) are outside Pyra's color identity (red).`,
      },
    ]);
  });

  it("leaves the leader's neutral values out of its identity, and checks several sections", () => {
    const both: DeckRule = { kind: 'identitySubset', leaderSection: 'hero', sections: ['main', 'side'] };
    const report = evaluate([both], {
      hero: [['nerea', 1]],
      main: [
        ['oracle', 1],
        ['golem', 1],
      ],
      side: [['wolf', 1]],
    });
    expect(report.violations).toEqual([
      expect.objectContaining({
        code: 'IDENTITY_MISMATCH',
        rule: 'identitySubset#0',
        cardIds: ['wolf'],
        message: `"Ember Wolf" (red) is outside Nerea's color identity (blue).`,
      }),
    ]);
    expect(report.violations[0].section).toBeUndefined();
  });

  it('needs a leader, and an unknown leader is no leader', () => {
    expect(evaluate([rule], { main: [['wolf', 1]] }).violations).toEqual([
      {
        code: 'MISSING_LEADER',
        rule: 'colors',
        section: 'hero',
        cardIds: [],
        message: "Choose a Hero: it sets the deck's color identity.",
      },
    ]);
    expect(codes([rule], { hero: [['gone', 1]], main: [['wolf', 1]] })).toEqual(['UNKNOWN_CARD', 'MISSING_LEADER']);
  });

  it('does nothing in a game without an identity', () => {
    const { identity: _unused, ...plain } = system([rule]);
    expect(evaluateDeck(plain, deck({ main: [['oracle', 1]] }), lookup).violations).toEqual([]);
  });
});

describe('quota', () => {
  const spells: DeckRule = {
    kind: 'quota',
    id: 'spells',
    sections: ['main'],
    match: { types: ['spell'] },
    label: 'Spells',
    min: 2,
    max: 3,
  };

  it('reports too few without singling out cards', () => {
    expect(
      evaluate([spells], {
        main: [
          ['bolt', 1],
          ['wolf', 5],
        ],
      }).violations,
    ).toEqual([
      {
        code: 'QUOTA_TOO_FEW',
        rule: 'spells',
        section: 'main',
        cardIds: [],
        message: 'Main deck has 1 Spells; it needs at least 2.',
      },
    ]);
  });

  it('reports too many, naming every matching card', () => {
    expect(
      evaluate([spells], {
        main: [
          ['bolt', 2],
          ['wolf', 5],
          ['blade', 2],
        ],
        side: [['tome', 4]],
      }).violations,
    ).toEqual([
      {
        code: 'QUOTA_TOO_MANY',
        rule: 'spells',
        section: 'main',
        cardIds: ['bolt', 'blade'],
        message: 'Main deck has 4 Spells; it may have at most 3.',
      },
    ]);
    expect(
      codes([spells], {
        main: [
          ['bolt', 2],
          ['blade', 1],
        ],
      }),
    ).toEqual([]);
  });

  it('counts the whole deck when no sections are given', () => {
    const rule: DeckRule = {
      kind: 'quota',
      match: { types: ['creature'], where: [{ field: 'rarity', in: ['rare', 'legendary'] }] },
      label: 'rare creatures',
      max: 1,
    };
    expect(
      evaluate([rule], {
        main: [
          ['oracle', 1],
          ['wolf', 3],
        ],
        side: [['dragon', 1]],
      }).violations,
    ).toEqual([
      {
        code: 'QUOTA_TOO_MANY',
        rule: 'quota#0',
        cardIds: ['oracle', 'dragon'],
        message: 'The deck has 2 rare creatures; it may have at most 1.',
      },
    ]);
    expect(codes([rule], { main: [['oracle', 1]], side: [['wolf', 4]] })).toEqual([]);
  });
});

describe('requires', () => {
  it('needs one matching card by default', () => {
    const rule: DeckRule = { kind: 'requires', sections: ['main'], match: { names: ['Fire Bolt'] }, label: 'a Fire Bolt' };
    expect(evaluate([rule], { main: [['wolf', 3]], side: [['bolt', 1]] }).violations).toEqual([
      {
        code: 'REQUIRED_MISSING',
        rule: 'requires#0',
        section: 'main',
        cardIds: [],
        message: 'Main deck needs a Fire Bolt; it has none.',
      },
    ]);
    expect(codes([rule], { main: [['bolt', 1]] })).toEqual([]);
  });

  it('counts copies against a min above 1', () => {
    const rule: DeckRule = {
      kind: 'requires',
      id: 'basics',
      match: { where: [{ field: 'rarity', equals: 'common' }] },
      label: 'basic creatures',
      min: 3,
    };
    expect(evaluate([rule], { main: [['wolf', 1]], side: [['wolfPromo', 1]] }).violations).toEqual([
      {
        code: 'REQUIRED_MISSING',
        rule: 'basics',
        cardIds: [],
        message: 'The deck needs at least 3 × basic creatures; it has 2.',
      },
    ]);
    expect(codes([rule], { main: [['wolf', 2]], side: [['wolfPromo', 1]] })).toEqual([]);
  });
});

describe('cardsMatch and field conditions', () => {
  const only = (where: NonNullable<Extract<DeckRule, { kind: 'cardsMatch' }>['match']['where']>): DeckRule => ({
    kind: 'cardsMatch',
    sections: ['main'],
    match: { where },
    label: 'such cards',
  });
  const offenders = (rule: DeckRule, ids: string[]) =>
    evaluate([rule], { main: ids.map((id): [string, number] => [id, 1]) }).violations.flatMap((v) => v.cardIds);

  it('names every card that does not match, once', () => {
    const rule: DeckRule = {
      kind: 'cardsMatch',
      id: 'store',
      match: { where: [{ field: 'cost', exists: true }] },
      label: 'cards with a cost',
    };
    expect(
      evaluate([rule], {
        main: [
          ['wolf', 1],
          ['golem', 2],
          ['tome', 1],
        ],
        side: [['golem', 1]],
      }).violations,
    ).toEqual([
      {
        code: 'CARD_NOT_ALLOWED',
        rule: 'store',
        cardIds: ['golem', 'tome'],
        message: 'The deck may only hold cards with a cost: "Clay Golem" and "Forbidden Tome" cannot be there.',
      },
    ]);
    expect(evaluate([{ ...rule, sections: ['side'] }], { side: [['golem', 1]] }).violations[0]).toMatchObject({
      section: 'side',
      message: 'Sideboard may only hold cards with a cost: "Clay Golem" cannot be there.',
    });
  });

  it('equals: a plain field is equal, an array field contains the value', () => {
    expect(offenders(only([{ field: 'rarity', equals: 'common' }]), ['wolf', 'oracle', 'shade'])).toEqual(['oracle', 'shade']);
    expect(offenders(only([{ field: 'keywords', equals: 'flying' }]), ['shade', 'golem', 'wolf'])).toEqual(['golem', 'wolf']);
    expect(offenders(only([{ field: 'cost', equals: 3 }]), ['oracle', 'wolf'])).toEqual(['wolf']);
  });

  it('in: one of the values; an array field contains one of them', () => {
    expect(offenders(only([{ field: 'rarity', in: ['common', 'rare'] }]), ['wolf', 'oracle', 'dragon', 'golem'])).toEqual([
      'dragon',
      'golem',
    ]);
    expect(offenders(only([{ field: 'colors', in: ['blue', 'neutral'] }]), ['wolf', 'oracle', 'shade', 'golem'])).toEqual([
      'wolf',
    ]);
  });

  it('exists: present and not empty, or absent/empty ("" and [] are empty)', () => {
    expect(offenders(only([{ field: 'rarity', exists: true }]), ['wolf', 'golem', 'shade'])).toEqual(['golem', 'shade']);
    expect(offenders(only([{ field: 'rarity', exists: false }]), ['wolf', 'golem', 'shade'])).toEqual(['wolf']);
    expect(offenders(only([{ field: 'keywords', exists: true }]), ['shade', 'golem', 'wolf'])).toEqual(['golem', 'wolf']);
    expect(offenders(only([{ field: 'keywords', exists: false }]), ['shade', 'golem', 'wolf'])).toEqual(['shade']);
  });

  it('reads dotted fields, and every condition and criterion must hold', () => {
    expect(offenders(only([{ field: 'cost.amount', equals: 2 }]), ['blade', 'bolt', 'wolf'])).toEqual(['bolt', 'wolf']);
    expect(offenders(only([{ field: 'cost.amount', exists: true }]), ['blade', 'wolf'])).toEqual(['wolf']);
    const both = only([
      { field: 'colors', equals: 'red' },
      { field: 'cost', exists: true },
    ]);
    expect(offenders(both, ['wolf', 'oracle', 'dragon', 'tome'])).toEqual(['oracle', 'tome']);
    const typed: DeckRule = {
      kind: 'cardsMatch',
      match: { types: ['creature'], names: ['Ember Wolf', 'Fire Bolt'] },
      label: 'x',
    };
    expect(offenders(typed, ['wolf', 'wolfPromo', 'bolt', 'oracle'])).toEqual(['bolt', 'oracle']);
  });

  it('ignores unknown cards', () => {
    expect(codes([only([{ field: 'cost', exists: true }])], { main: [['gone', 1]] })).toEqual(['UNKNOWN_CARD']);
  });
});

describe('prerequisite', () => {
  const evolves: DeckRule = { kind: 'prerequisite', id: 'evolution', field: 'evolvesFrom' };

  it('needs the named card somewhere in the deck', () => {
    expect(evaluate([evolves], { main: [['blaze', 2]] }).violations).toEqual([
      {
        code: 'MISSING_PREREQUISITE',
        rule: 'evolution',
        cardIds: ['blaze'],
        message: '"Blaze Wolf" needs "Ember Wolf" in the deck.',
      },
    ]);
    expect(codes([evolves], { main: [['blaze', 2]], side: [['wolfPromo', 1]] })).toEqual([]);
    // An empty prerequisite is none.
    expect(codes([evolves], { main: [['pupa', 1]] })).toEqual([]);
  });

  it('takes an array as alternatives', () => {
    expect(
      evaluate([evolves], {
        main: [
          ['chimera', 1],
          ['blaze', 1],
        ],
      }).violations[0],
    ).toMatchObject({
      cardIds: ['chimera', 'blaze'],
      message: '"Chimera" needs "Ember Wolf" or "Tidal Oracle" and "Blaze Wolf" needs "Ember Wolf" in the deck.',
    });
    expect(
      codes([evolves], {
        main: [
          ['chimera', 1],
          ['oracle', 1],
        ],
      }),
    ).toEqual([]);
  });

  it('looks only in its sections', () => {
    const mainOnly: DeckRule = { ...evolves, sections: ['main'] };
    expect(evaluate([mainOnly], { main: [['blaze', 1]], side: [['wolf', 1]] }).violations[0]).toMatchObject({
      section: 'main',
      cardIds: ['blaze'],
    });
  });

  it('matches names against targetField', () => {
    const byStage: DeckRule = { kind: 'prerequisite', field: 'needsStage', targetField: 'stage' };
    // needsStage is a number, not a name: no prerequisite at all.
    expect(codes([byStage], { main: [['moth', 1]] })).toEqual([]);
    const byRarity: DeckRule = { kind: 'prerequisite', field: 'evolvesFrom', targetField: 'rarity' };
    expect(
      brief([byRarity], {
        main: [
          ['blaze', 1],
          ['wolf', 1],
        ],
      }),
    ).toEqual([['MISSING_PREREQUISITE', 'prerequisite#0', ['blaze']]]);
  });
});

describe('formats', () => {
  const formats = [standard, legacy];
  const standardOnly: DeckRule = { kind: 'sectionSize', id: 'std-size', section: 'main', min: 10, formats: ['standard'] };
  const legacyOnly: DeckRule = { kind: 'sectionSize', id: 'legacy-size', section: 'main', min: 20, formats: ['legacy'] };

  it('judges a deck without a format in the first one', () => {
    const report = evaluate([standardOnly, legacyOnly], { main: [['tome', 1]] }, {}, formats);
    expect(report.format).toBe('standard');
    expect(report.violations.map((v) => [v.code, v.rule, v.cardIds, v.message])).toEqual([
      ['BANNED_CARD', 'format:standard', ['tome'], '"Forbidden Tome" is banned in Standard.'],
      ['SECTION_TOO_SMALL', 'std-size', [], 'Main deck has 1 card; it needs at least 10.'],
    ]);
  });

  it('judges a deck in its own format, applying only the rules scoped to it', () => {
    const report = evaluate([standardOnly, legacyOnly], { main: [['tome', 12]] }, { format: 'legacy' }, formats);
    expect(report.format).toBe('legacy');
    expect(brief([standardOnly, legacyOnly], { main: [['tome', 12]] }, { format: 'legacy' }, formats)).toEqual([
      ['SECTION_TOO_SMALL', 'legacy-size', []],
    ]);
  });

  it('reports an unknown format, and then applies no scoped rule', () => {
    const report = evaluate(
      [standardOnly, { kind: 'sectionSize', section: 'main', max: 0 }],
      { main: [['tome', 1]] },
      { format: 'vintage' },
      formats,
    );
    expect(report.format).toBeUndefined();
    expect(report.violations).toEqual([
      {
        code: 'UNKNOWN_FORMAT',
        rule: 'format',
        cardIds: [],
        message: 'This deck is set to the format "vintage", which Test Game does not have (formats: "Standard", "Legacy").',
      },
      {
        code: 'SECTION_TOO_LARGE',
        rule: 'sectionSize#1',
        section: 'main',
        cardIds: [],
        message: 'Main deck must be empty here; it has 1 card.',
      },
    ]);
    expect(evaluate([], {}, { format: 'vintage' }).violations[0].message).toBe(
      'This deck is set to the format "vintage", which Test Game does not have (it has no formats).',
    );
  });

  it('applies no scoped rule in a game without formats', () => {
    const report = evaluate([standardOnly], {});
    expect(report).toEqual({ legal: true, counts: { hero: 0, main: 0, side: 0 }, violations: [] });
  });

  it('names every print of a banned card, across sections', () => {
    const banWolf: PlayFormat = { id: 'pauper', label: 'Pauper', banned: ['Ember Wolf', 'Forbidden Tome'] };
    expect(
      evaluate(
        [],
        {
          main: [
            ['wolf', 1],
            ['tome', 1],
          ],
          side: [
            ['wolfPromo', 1],
            ['wolf', 1],
          ],
        },
        {},
        [banWolf],
      ).violations,
    ).toEqual([
      {
        code: 'BANNED_CARD',
        rule: 'format:pauper',
        cardIds: ['wolf', 'tome', 'wolfPromo'],
        message: '"Ember Wolf" (2 printings) and "Forbidden Tome" are banned in Pauper.',
      },
    ]);
  });

  it('counts restricted cards by name across sections', () => {
    const [restricted, ...others] = evaluate([], { main: [['coin', 1]], side: [['coin', 1]] }, {}, formats).violations;
    expect(others).toEqual([]);
    expect(restricted).toMatchObject({
      code: 'RESTRICTED_CARD',
      rule: 'format:standard',
      message: '"Lucky Coin" has 2 copies; Standard allows at most 1.',
    });
    expect(new Set(restricted.cardIds)).toEqual(new Set(['coin']));
    expect(codes([], { main: [['coin', 1]] }, {}, formats)).toEqual([]);
    expect(codes([], { main: [['coin', 2]], side: [['tome', 1]] }, { format: 'legacy' }, formats)).toEqual([]);
    const reprints: PlayFormat = { id: 'r', label: 'R', restricted: [{ name: 'Ember Wolf', max: 2 }] };
    expect(
      brief(
        [],
        {
          main: [
            ['wolf', 2],
            ['wolfPromo', 1],
          ],
        },
        {},
        [reprints],
      ),
    ).toEqual([['RESTRICTED_CARD', 'format:r', ['wolf', 'wolfPromo']]]);
  });
});

describe('cards and systems', () => {
  it('reports cards missing from the library, in every section, even ones the system lacks', () => {
    const report = evaluate([], {
      main: [
        ['gone', 2],
        ['wolf', 1],
      ],
      attic: [['lost', 1]],
    });
    expect(report.violations).toEqual([
      {
        code: 'UNKNOWN_CARD',
        rule: 'cards-exist',
        cardIds: ['gone', 'lost'],
        message: '2 cards in this deck no longer exist in the library (gone and lost).',
      },
    ]);
    expect(report.counts).toEqual({ hero: 0, main: 3, side: 0 });
  });

  it('reports a deck of another game', () => {
    expect(evaluateDeck(system([]), deck({}, { systemId: 'other' }), lookup).violations).toEqual([
      { code: 'WRONG_SYSTEM', rule: 'system', cardIds: [], message: 'This deck belongs to the game "other", not Test Game.' },
    ]);
  });

  it('shortens long lists of names', () => {
    const many = ['wolf', 'oracle', 'golem', 'shade', 'dragon', 'blade', 'bolt', 'tome', 'coin', 'blaze'];
    const rule: DeckRule = { kind: 'allowedTypes', section: 'hero', types: ['hero'] };
    const message = evaluate([rule], { hero: many.map((id): [string, number] => [id, 1]) }).violations[0].message;
    expect(message).toBe(
      'Hero may only hold Hero: "Ember Wolf" (Creature), "Tidal Oracle" (Creature), "Clay Golem" (Creature), "Ash Shade" (Creature), ' +
        '"Elder Dragon" (Creature), "Twin Blade" (Spell), "Fire Bolt" (Spell), "Forbidden Tome" (Spell) and 2 more cannot be there.',
    );
  });

  it('reports violations in a stable order: system, cards, format, then rules in order', () => {
    const rules: DeckRule[] = [
      { kind: 'requires', match: { types: ['hero'] }, label: 'a Hero' },
      { kind: 'sectionSize', section: 'main', min: 5 },
    ];
    const report = evaluateDeck(
      system(rules, [standard]),
      deck(
        {
          main: [
            ['tome', 1],
            ['gone', 1],
          ],
        },
        { systemId: 'other' },
      ),
      lookup,
    );
    expect(report.violations.map((v) => [v.code, v.rule])).toEqual([
      ['WRONG_SYSTEM', 'system'],
      ['UNKNOWN_CARD', 'cards-exist'],
      ['BANNED_CARD', 'format:standard'],
      ['REQUIRED_MISSING', 'requires#0'],
      ['SECTION_TOO_SMALL', 'sectionSize#1'],
    ]);
    expect(report.legal).toBe(false);
    expect(report.format).toBe('standard');
  });
});
