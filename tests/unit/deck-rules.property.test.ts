// Property tests for the deck-rule evaluator: random systems (every rule kind, formats with ban
// and restricted lists, rules scoped to formats), random card pools and random decks, checked
// against invariants and against the plain reference in ./deck-rules.reference.ts.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateDeck } from '../../card-schema/deck/evaluate';
import {
  VIOLATION_CODES,
  type CardMatch,
  type Deck,
  type DeckEntry,
  type DeckRule,
  type FieldCondition,
  type IdentityCheck,
  type PlayFormat,
  type Violation,
} from '../../card-schema/deck/format';
import type { CardDocument, GameSystem, IdentityDimension } from '../../card-schema/system/format';
import { referenceEvaluate, type RefViolation } from './deck-rules.reference';

/** DECK_RULES_RUNS=5000 for a longer search. */
const RUNS = { numRuns: Number(process.env.DECK_RULES_RUNS ?? 200) };

const TYPES = ['hero', 'unit', 'spell', 'relic'];
const SECTIONS = ['lead', 'main', 'side', 'extra'];
/** Sections a deck (or a rule) may name although the system has no such section. */
const STRAY_SECTIONS = ['stray'];
const NAMES = ['Ash', 'Brook', 'Cinder', 'Dune', 'Elm', 'Fern'];
const COLORS = ['red', 'blue', 'green', 'neutral', 'odd'];
const FORMAT_IDS = ['std', 'wild', 'ltd'];
const FIELDS = ['colors', 'rarity', 'cost', 'keywords', 'stats.cost', 'missing', 'evolvesFrom', 'limit'];
const VALUES: (string | number | boolean)[] = [
  'red',
  'blue',
  'neutral',
  'common',
  'rare',
  'fly',
  'swim',
  'Ash',
  'Brook',
  0,
  1,
  2,
  3,
  true,
  false,
];

interface World {
  system: GameSystem;
  pool: Record<string, CardDocument>;
  deck: Pick<Deck, 'systemId' | 'sections' | 'format'>;
}

// ---------------------------------------------------------------- arbitraries

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
/** Mostly absent: for options that switch whole rules off or make every deck illegal. */
const rarely = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
const subset = <T>(values: T[]) => fc.subarray(values);
const sectionRef = fc.constantFrom(...SECTIONS, ...SECTIONS, ...STRAY_SECTIONS);
const sectionList = maybe(fc.uniqueArray(sectionRef, { maxLength: 3 }));

/** Drops keys whose value is undefined, as JSON would. */
function clean<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const condition: fc.Arbitrary<FieldCondition> = fc
  .record({
    field: fc.constantFrom(...FIELDS),
    equals: maybe(fc.constantFrom(...VALUES)),
    in: maybe(fc.array(fc.constantFrom(...VALUES), { maxLength: 3 })),
    exists: maybe(fc.boolean()),
  })
  .map(clean);

const cardMatch: fc.Arbitrary<CardMatch> = fc
  .record({
    types: maybe(subset(TYPES)),
    names: maybe(subset(NAMES)),
    where: maybe(fc.array(condition, { maxLength: 2 })),
  })
  .map(clean);

const small = fc.integer({ min: 0, max: 12 });

const identityCheck: fc.Arbitrary<IdentityCheck> = fc
  .record({
    field: fc.constantFrom('colors', 'colors', 'keywords', 'rarity', 'cost', 'missing'),
    leaderField: maybe(fc.constantFrom('name', 'colors', 'keywords', 'rarity')),
    mode: fc.constantFrom('subset' as const, 'intersects' as const),
    neutral: maybe(subset(['red', 'fly', 'common', '1'])),
  })
  .map(clean);
const ruleBase = {
  id: maybe(fc.constantFrom('r1', 'r2', 'custom')),
  formats: rarely(subset([...FORMAT_IDS, 'gone'])),
};

const rule: fc.Arbitrary<DeckRule> = fc
  .oneof(
    fc.record({
      ...ruleBase,
      kind: fc.constant('sectionSize' as const),
      section: sectionRef,
      min: maybe(small),
      max: maybe(small),
    }),
    fc.record({
      ...ruleBase,
      kind: fc.constant('sectionSize' as const),
      section: sectionRef,
      sizes: fc.array(small, { minLength: 1, maxLength: 3 }),
    }),
    fc.record({ ...ruleBase, kind: fc.constant('allowedTypes' as const), section: sectionRef, types: subset(TYPES) }),
    fc.record({
      ...ruleBase,
      kind: fc.constant('copyLimit' as const),
      sections: sectionList,
      max: fc.integer({ min: 0, max: 6 }),
      countBy: maybe(fc.constantFrom('name' as const, 'id' as const)),
      by: rarely(
        fc.uniqueArray(fc.constantFrom('name', 'id', 'rarity', 'cost', 'colors', 'stats.cost', 'missing'), {
          minLength: 1,
          maxLength: 2,
        }),
      ),
      overrides: maybe(fc.array(fc.record({ match: cardMatch, max: fc.integer({ min: 0, max: 4 }) }), { maxLength: 2 })),
      limitField: maybe(fc.constantFrom('limit', 'cost', 'rarity', 'stats.cost')),
    }),
    fc.record({
      ...ruleBase,
      kind: fc.constant('identitySubset' as const),
      leaderSection: sectionRef,
      sections: fc.uniqueArray(sectionRef, { maxLength: 3 }),
    }),
    fc.record({
      ...ruleBase,
      kind: fc.constant('identity' as const),
      leaderSection: sectionRef,
      sections: fc.uniqueArray(sectionRef, { minLength: 1, maxLength: 3 }),
      combine: maybe(fc.constantFrom('all' as const, 'any' as const)),
      checks: fc.array(identityCheck, { minLength: 1, maxLength: 3 }),
    }),
    fc.record({
      ...ruleBase,
      kind: fc.constant('quota' as const),
      sections: sectionList,
      match: cardMatch,
      label: fc.constant('things'),
      min: maybe(small),
      max: maybe(fc.integer({ min: 0, max: 6 })),
    }),
    fc.record({
      ...ruleBase,
      kind: fc.constant('requires' as const),
      sections: sectionList,
      match: cardMatch,
      label: fc.constant('a thing'),
      min: maybe(fc.integer({ min: 0, max: 5 })),
    }),
    fc.record({
      ...ruleBase,
      kind: fc.constant('cardsMatch' as const),
      sections: sectionList,
      match: cardMatch,
      label: fc.constant('fine cards'),
    }),
    fc.record({
      ...ruleBase,
      kind: fc.constant('prerequisite' as const),
      sections: sectionList,
      field: fc.constantFrom('evolvesFrom', 'evolvesFrom', 'evolvesFrom', 'rarity', 'missing'),
      targetField: maybe(fc.constantFrom('name', 'type', 'rarity', 'keywords')),
    }),
    fc.record({
      ...ruleBase,
      kind: fc.constant('completeSet' as const),
      sections: sectionList,
      field: maybe(fc.constantFrom('name', 'rarity', 'cost', 'colors')),
      cards: fc.array(fc.constantFrom(...NAMES, ...NAMES, 'common', 'rare', '1', '2'), { minLength: 1, maxLength: 8 }),
      label: fc.constant('a full set'),
    }),
  )
  .map((r) => clean(r) as DeckRule);

const playFormat = (id: string): fc.Arbitrary<PlayFormat> =>
  fc
    .record({
      id: fc.constant(id),
      label: fc.constant(id.toUpperCase()),
      banned: maybe(fc.array(fc.oneof(fc.constantFrom(...NAMES), cardMatch), { maxLength: 3 })),
      restricted: maybe(
        fc.array(
          fc.oneof(
            fc.record({ name: fc.constantFrom(...NAMES), max: fc.integer({ min: 0, max: 4 }) }),
            fc.record({ match: cardMatch, max: fc.integer({ min: 0, max: 4 }) }),
          ),
          { maxLength: 3 },
        ),
      ),
    })
    .map(clean);

const formats: fc.Arbitrary<PlayFormat[] | undefined> = maybe(
  fc.shuffledSubarray(FORMAT_IDS).chain((ids) => (ids.length === 0 ? fc.constant([]) : fc.tuple(...ids.map(playFormat)))),
);

const identity: fc.Arbitrary<IdentityDimension | undefined> = fc.option(
  fc.constant({
    field: 'colors',
    label: 'Color',
    values: [
      { id: 'red', label: 'Red', color: '#f00' },
      { id: 'blue', label: 'Blue', color: '#00f' },
      { id: 'green', label: 'Green', color: '#0f0' },
      { id: 'neutral', label: 'Neutral', color: '#888', neutral: true },
    ],
  }),
  { nil: undefined, freq: 5 },
);

const nameOrNames = fc.oneof(
  fc.constantFrom(...NAMES, ''),
  fc.array(fc.constantFrom(...NAMES, ''), { maxLength: 3 }),
  fc.constant(7),
);

const card: fc.Arbitrary<CardDocument> = fc
  .record({
    type: fc.constantFrom(...TYPES),
    name: fc.constantFrom(...NAMES),
    colors: maybe(fc.oneof(fc.array(fc.constantFrom(...COLORS), { maxLength: 3 }), fc.constantFrom(...COLORS))),
    rarity: maybe(fc.constantFrom('common', 'rare', '', 'Ash')),
    cost: maybe(fc.integer({ min: 0, max: 3 })),
    keywords: maybe(fc.array(fc.constantFrom('fly', 'swim', 'Brook'), { maxLength: 2 })),
    stats: maybe(fc.oneof(fc.record({ cost: fc.integer({ min: 0, max: 3 }) }), fc.constant(null), fc.constant('flat'))),
    limit: maybe(fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constant('2'))),
    evolvesFrom: maybe(nameOrNames),
  })
  .map((c) => clean(c) as CardDocument);

const pool: fc.Arbitrary<Record<string, CardDocument>> = fc
  .array(card, { minLength: 1, maxLength: 8 })
  .map((cards) => Object.fromEntries(cards.map((c, i) => [`c${i}`, c])));

function deckFor(poolIds: string[], formatIds: string[]): fc.Arbitrary<World['deck']> {
  const cardId =
    poolIds.length === 0
      ? fc.constantFrom('gone1', 'gone2')
      : fc.oneof(
          { weight: 12, arbitrary: fc.constantFrom(...poolIds) },
          { weight: 1, arbitrary: fc.constantFrom('gone1', 'gone2') },
        );
  const entry: fc.Arbitrary<DeckEntry> = fc.record({ cardId, count: fc.integer({ min: 1, max: 10 }) });
  return fc
    .record({
      systemId: fc.oneof({ weight: 8, arbitrary: fc.constant('sys') }, { weight: 1, arbitrary: fc.constant('other') }),
      format: fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: formatIds.length > 0 ? 4 : 0, arbitrary: fc.constantFrom(...formatIds, 'nope') },
        { weight: 1, arbitrary: fc.constant('nope') },
      ),
      sections: fc.dictionary(fc.constantFrom(...SECTIONS, ...STRAY_SECTIONS), fc.array(entry, { maxLength: 5 }), { maxKeys: 5 }),
    })
    .map((d) => clean(d));
}

const world: fc.Arbitrary<World> = fc
  .record({
    sectionIds: fc.shuffledSubarray(SECTIONS, { minLength: 1 }),
    rules: fc.array(rule, { maxLength: 7 }),
    formats,
    identity,
    pool,
  })
  .chain(({ sectionIds, rules, formats, identity, pool }) =>
    deckFor(
      Object.keys(pool),
      (formats ?? []).map((f) => f.id),
    ).map((deck): World => {
      const system: GameSystem = {
        formatVersion: 2,
        id: 'sys',
        name: 'Test Game',
        version: '1.0.0',
        card: { widthMm: 63, heightMm: 88 },
        ...(identity ? { identity } : {}),
        cardTypes: TYPES.map((id) => ({ id, label: id[0].toUpperCase() + id.slice(1), schema: {}, layout: 'plain' })),
        layouts: {},
        deck: {
          sections: sectionIds.map((id) => ({ id, label: id.toUpperCase(), types: TYPES })),
          rules,
          ...(formats ? { formats } : {}),
        },
        board: {} as GameSystem['board'],
      };
      return { system, pool, deck };
    }),
  );

// ---------------------------------------------------------------- helpers

const lookupIn = (pool: Record<string, CardDocument>) => (id: string) => (Object.hasOwn(pool, id) ? pool[id] : undefined);

/** A violation as the reference sees it: code, rule, distinct sorted card ids. */
const shape = (v: Violation | RefViolation): string => JSON.stringify([v.code, v.rule, [...new Set(v.cardIds)].sort()]);
const multiset = (vs: (Violation | RefViolation)[]) => vs.map(shape).sort();

function run(w: World) {
  return evaluateDeck(w.system, w.deck, lookupIn(w.pool));
}

// ---------------------------------------------------------------- properties

describe('evaluateDeck properties', () => {
  it('the generators reach every violation code, and legal decks too (so the properties are not vacuous)', () => {
    const seen = new Map<string, number>();
    let legal = 0;
    for (const w of fc.sample(world, { numRuns: 1000, seed: 42 })) {
      const report = run(w);
      if (report.legal) legal++;
      for (const v of report.violations) seen.set(v.code, (seen.get(v.code) ?? 0) + 1);
    }
    if (process.env.DECK_RULES_STATS) console.log({ legal, ...Object.fromEntries(seen) });
    expect([...seen.keys()].sort()).toEqual([...VIOLATION_CODES].sort());
    expect(legal).toBeGreaterThan(20);
  });

  it('never throws, and a deck is legal exactly when it has no violations', () => {
    fc.assert(
      fc.property(world, (w) => {
        const report = run(w);
        expect(report.legal).toBe(report.violations.length === 0);
        for (const v of report.violations) {
          expect(typeof v.message).toBe('string');
          expect(v.message.length).toBeGreaterThan(0);
          expect(v.message).not.toMatch(/undefined|NaN|\[object/);
          expect(Array.isArray(v.cardIds)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('agrees with the plain reference implementation (code, rule, cards)', () => {
    fc.assert(
      fc.property(world, (w) => {
        const report = run(w);
        const expected = referenceEvaluate(w.system, w.deck, lookupIn(w.pool));
        expect(multiset(report.violations)).toEqual(multiset(expected.violations));
        expect(report.legal).toBe(expected.legal);
        expect(report.format).toBe(expected.format);
      }),
      RUNS,
    );
  });

  it('counts every system section, as the sum of its entries, and nothing else', () => {
    fc.assert(
      fc.property(world, (w) => {
        const report = run(w);
        const expected: Record<string, number> = {};
        for (const section of w.system.deck.sections) {
          expected[section.id] = (w.deck.sections[section.id] ?? []).reduce((sum, e) => sum + e.count, 0);
        }
        expect(report.counts).toEqual(expected);
      }),
      RUNS,
    );
  });

  it('does not modify the system, the deck or the cards', () => {
    fc.assert(
      fc.property(world, (w) => {
        const before = structuredClone(w);
        run(w);
        expect(w).toEqual(before);
      }),
      RUNS,
    );
  });

  it('judges the deck in its own format, else the first one, and reports that format', () => {
    fc.assert(
      fc.property(world, (w) => {
        const report = run(w);
        const formats = w.system.deck.formats ?? [];
        const expected = w.deck.format === undefined ? formats[0]?.id : formats.find((f) => f.id === w.deck.format)?.id;
        expect(report.format).toBe(expected);
        const unknown = report.violations.filter((v) => v.code === 'UNKNOWN_FORMAT');
        expect(unknown.length).toBe(w.deck.format !== undefined && expected === undefined ? 1 : 0);
        for (const v of report.violations) {
          if (v.code === 'BANNED_CARD' || v.code === 'RESTRICTED_CARD') expect(v.rule).toBe(`format:${expected}`);
        }
      }),
      RUNS,
    );
  });

  it('a rule scoped to other formats changes nothing: same violations as without it', () => {
    fc.assert(
      fc.property(world, (w) => {
        // Give every rule its default id explicitly, so removing rules keeps the others' ids.
        const named = w.system.deck.rules.map((r, i) => ({ ...r, id: r.id ?? `${r.kind}#${i}` }));
        const format = evaluateDeck(w.system, w.deck, lookupIn(w.pool)).format;
        const inScope = named.filter((r) => !r.formats || (format !== undefined && r.formats.includes(format)));
        const all = evaluateDeck({ ...w.system, deck: { ...w.system.deck, rules: named } }, w.deck, lookupIn(w.pool));
        const scoped = evaluateDeck({ ...w.system, deck: { ...w.system.deck, rules: inScope } }, w.deck, lookupIn(w.pool));
        expect(all.violations).toEqual(scoped.violations);
      }),
      RUNS,
    );
  });

  it('each rule yields at most one violation, except copy limits and complete sets (one per card)', () => {
    fc.assert(
      fc.property(world, (w) => {
        const report = run(w);
        const perRule = new Map<string, number>();
        for (const v of report.violations) perRule.set(v.rule, (perRule.get(v.rule) ?? 0) + 1);
        const customIds = w.system.deck.rules.map((r) => r.id);
        for (const [rule, n] of perRule) {
          // Custom ids may be shared by several rules; "format:<id>" holds the ban list and each restriction.
          if (customIds.includes(rule) || rule.startsWith('format:')) continue;
          if (report.violations.some((v) => v.rule === rule && v.code === 'TOO_MANY_COPIES')) continue;
          // A complete set: one violation per extra card, and at most one naming the missing ones.
          if (report.violations.some((v) => v.rule === rule && v.code === 'SET_CARD_EXTRA')) {
            expect(report.violations.filter((v) => v.rule === rule && v.code === 'SET_CARD_MISSING').length).toBeLessThanOrEqual(
              1,
            );
            continue;
          }
          expect(n, rule).toBe(1);
        }
        expect(report.violations.filter((v) => v.code === 'BANNED_CARD').length).toBeLessThanOrEqual(1);
      }),
      RUNS,
    );
  });

  it('adding a card the rules do not name changes only what that card can change', () => {
    const FRESH = 'fresh';
    const addition = fc.record({
      section: fc.constantFrom(...SECTIONS, ...STRAY_SECTIONS),
      type: fc.constantFrom(...TYPES),
      count: fc.integer({ min: 1, max: 10 }),
    });
    fc.assert(
      fc.property(world, addition, (w, add) => {
        // A new card with a name no rule, ban list or prerequisite mentions, and no other fields.
        const fresh: CardDocument = { type: add.type, name: 'Zzz Fresh' };
        const pool = { ...w.pool, [FRESH]: fresh };
        const lookup = lookupIn(pool);
        const before = evaluateDeck(w.system, w.deck, lookup).violations;
        const sectionBefore = w.deck.sections[add.section] ?? [];
        const deck = {
          ...w.deck,
          sections: { ...w.deck.sections, [add.section]: [...sectionBefore, { cardId: FRESH, count: add.count }] },
        };
        const after = evaluateDeck(w.system, deck, lookup).violations;

        // Appending keeps a section's first card, so a leader only changes if the section was empty.
        const leaderChanged =
          sectionBefore.length === 0 &&
          w.system.deck.rules.some(
            (r) => (r.kind === 'identitySubset' || r.kind === 'identity') && r.leaderSection === add.section,
          );
        const sizeRuleOf = (v: Violation) =>
          v.code === 'SECTION_TOO_SMALL' || v.code === 'SECTION_TOO_LARGE' || v.code === 'SECTION_WRONG_SIZE';
        const without = (v: Violation) => shape({ ...v, cardIds: v.cardIds.filter((id) => id !== FRESH) });
        const beforeShapes = before.map(shape);
        const afterShapes = after.map(without);

        // Whatever appears names the new card, or is a count the new card pushed over a bound.
        for (const v of after) {
          if (beforeShapes.includes(without(v))) continue;
          if (v.cardIds.includes(FRESH)) continue;
          if (sizeRuleOf(v) && v.section === add.section) continue;
          if (leaderChanged && (v.code === 'IDENTITY_MISMATCH' || v.code === 'MISSING_LEADER')) continue;
          // The new card can satisfy a prerequisite (targetField "type"): fewer cards are named.
          const shrunk = (b: Violation) =>
            b.code === v.code && b.rule === v.rule && v.cardIds.every((id) => b.cardIds.includes(id));
          if (v.code === 'MISSING_PREREQUISITE' && before.some(shrunk)) continue;
          expect.fail(`new violation ${shape(v)} after adding a ${add.type} to ${add.section}`);
        }
        // Whatever disappears is a shortage the new card helped fill.
        for (const v of before) {
          if (afterShapes.includes(shape(v))) continue;
          // A count between allowed sizes (0 or 10) can move past one of them, too.
          if ((v.code === 'SECTION_TOO_SMALL' || v.code === 'SECTION_WRONG_SIZE') && v.section === add.section) continue;
          if (v.code === 'QUOTA_TOO_FEW' || v.code === 'REQUIRED_MISSING' || v.code === 'MISSING_PREREQUISITE') continue;
          if (leaderChanged && (v.code === 'IDENTITY_MISMATCH' || v.code === 'MISSING_LEADER')) continue;
          expect.fail(`violation ${shape(v)} vanished after adding a ${add.type} to ${add.section}`);
        }
      }),
      RUNS,
    );
  });
});
