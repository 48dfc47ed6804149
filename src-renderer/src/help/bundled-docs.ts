// The docs Help shows, bundled at build time (Vite ?raw), and the pictures they reference. The
// user guide (docs/guide) comes first; the developer README stays in the repository only.

import gettingStarted from '../../../docs/guide/getting-started.md?raw';
import designACard from '../../../docs/guide/design-a-card.md?raw';
import buildADeck from '../../../docs/guide/build-a-deck.md?raw';
import printASheet from '../../../docs/guide/print-a-sheet.md?raw';
import playtest from '../../../docs/guide/playtest.md?raw';
import gameSystems from '../../../docs/game-systems.md?raw';
import search from '../../../docs/search.md?raw';
import architecture from '../../../docs/architecture.md?raw';
import csv from '../../../docs/csv.md?raw';
import type { DocSources } from './markdown';

export type DocGroup = 'Guide' | 'Reference' | 'For game designers' | 'For developers';

export interface BundledDoc {
  /** Repository-relative path: how the docs link to each other. */
  path: string;
  title: string;
  summary: string;
  group: DocGroup;
  source: string;
}

export const BUNDLED_DOCS: readonly BundledDoc[] = [
  {
    path: 'docs/guide/getting-started.md',
    title: 'Getting started',
    summary: 'What Cardwright does and where things are',
    group: 'Guide',
    source: gettingStarted,
  },
  {
    path: 'docs/guide/design-a-card.md',
    title: 'Design a card',
    summary: 'Create, check and change cards',
    group: 'Guide',
    source: designACard,
  },
  {
    path: 'docs/guide/build-a-deck.md',
    title: 'Build and check a deck',
    summary: "Pick cards while the game's rules are checked",
    group: 'Guide',
    source: buildADeck,
  },
  {
    path: 'docs/guide/print-a-sheet.md',
    title: 'Print a sheet',
    summary: 'A PDF of cards to print and cut',
    group: 'Guide',
    source: printASheet,
  },
  {
    path: 'docs/guide/playtest.md',
    title: 'Playtest a deck',
    summary: 'Play a deck on your own table',
    group: 'Guide',
    source: playtest,
  },
  {
    path: 'docs/search.md',
    title: 'Search',
    summary: 'Find cards: words, phrases, field filters, comparisons',
    group: 'Reference',
    source: search,
  },
  {
    path: 'docs/csv.md',
    title: 'Spreadsheets (CSV)',
    summary: 'Import cards from CSV/TSV, export a search as CSV',
    group: 'Reference',
    source: csv,
  },
  {
    path: 'docs/game-systems.md',
    title: 'Game systems',
    summary: 'Add a game without code: reference and tutorial',
    group: 'For game designers',
    source: gameSystems,
  },
  {
    path: 'docs/architecture.md',
    title: 'Architecture',
    summary: 'How the parts fit together',
    group: 'For developers',
    source: architecture,
  },
];

/** The docs by group, in the order Help lists them. */
export const DOC_GROUPS: readonly { group: DocGroup; docs: readonly BundledDoc[] }[] = (
  ['Guide', 'Reference', 'For game designers', 'For developers'] as const
).map((group) => ({ group, docs: BUNDLED_DOCS.filter((doc) => doc.group === group) }));

const REPO_ROOT_PREFIX = '../../../';

const pictures = import.meta.glob<string>(['../../../docs/screenshots/*.png', '../../../docs/guide/images/*.png'], {
  query: '?url',
  import: 'default',
  eager: true,
});

export const DOC_SOURCES: DocSources = {
  docs: new Set(BUNDLED_DOCS.map((doc) => doc.path)),
  images: Object.fromEntries(Object.entries(pictures).map(([path, url]) => [path.slice(REPO_ROOT_PREFIX.length), url])),
};

export function bundledDoc(path: string): BundledDoc {
  return BUNDLED_DOCS.find((doc) => doc.path === path) ?? BUNDLED_DOCS[0];
}
