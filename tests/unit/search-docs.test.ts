// Help › Search (docs/search.md): every example under "Examples by game" runs in its game
// without a problem and finds some of its sample cards, so the help never shows a search that
// does not work.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../card-schema/search/parse';
import { cardMatchesSearch } from '../../card-schema/search/reference';
import { resolveQuery } from '../../card-schema/search/resolve';
import { samples, systems } from './search-samples';
import { ROOT } from './systems/harness';

const doc = readFileSync(join(ROOT, 'docs/search.md'), 'utf8');
const examplesSection = doc.slice(doc.indexOf('## Examples by game'));

/** [game name, example] for every code span under each bold game heading. */
function examples(): [string, string][] {
  const found: [string, string][] = [];
  let game = '';
  for (const line of examplesSection.split('\n')) {
    const heading = /^\*\*(.+)\*\*$/.exec(line.trim());
    if (heading) game = heading[1];
    else if (game) for (const match of line.matchAll(/`([^`]+)`/g)) found.push([game, match[1]]);
  }
  return found;
}

describe('docs/search.md', () => {
  it('has examples for every game', () => {
    expect(new Set(examples().map(([game]) => game))).toEqual(new Set(systems.map((system) => system.name)));
  });

  it.each(examples())('%s: %s runs without a problem and finds sample cards', (gameName, example) => {
    const system = systems.find((candidate) => candidate.name === gameName);
    expect(system).toBeDefined();
    const resolved = resolveQuery(parseQuery(example), { systems: system ? [system] : [], sets: samples.sets });
    expect(resolved.problems).toEqual([]);
    expect(resolved.games).toHaveLength(1);
    const search = resolved.games[0];
    expect(
      samples.cards.filter((card) => card.systemId === search.systemId && cardMatchesSearch(card, search)).length,
    ).toBeGreaterThan(0);
  });
});
