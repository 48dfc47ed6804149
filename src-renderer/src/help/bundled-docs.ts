// The docs Help shows, bundled at build time (Vite ?raw), and the screenshots they reference.

import readme from '../../../README.md?raw';
import gameSystems from '../../../docs/game-systems.md?raw';
import search from '../../../docs/search.md?raw';
import architecture from '../../../docs/architecture.md?raw';
import csv from '../../../docs/csv.md?raw';
import type { DocSources } from './markdown';

export interface BundledDoc {
  /** Repository-relative path: how the docs link to each other. */
  path: string;
  title: string;
  summary: string;
  source: string;
}

export const BUNDLED_DOCS: readonly BundledDoc[] = [
  { path: 'README.md', title: 'Getting started', summary: 'What Cardwright does, where your data lives', source: readme },
  { path: 'docs/search.md', title: 'Search', summary: 'Find cards: words, phrases, field filters, comparisons', source: search },
  {
    path: 'docs/game-systems.md',
    title: 'Game systems',
    summary: 'Add a game without code: reference and tutorial',
    source: gameSystems,
  },
  { path: 'docs/csv.md', title: 'Spreadsheets (CSV)', summary: 'Import cards from CSV/TSV, export a search as CSV', source: csv },
  { path: 'docs/architecture.md', title: 'Architecture', summary: 'How the parts fit together', source: architecture },
];

const REPO_ROOT_PREFIX = '../../../';

const screenshots = import.meta.glob<string>('../../../docs/screenshots/*.png', {
  query: '?url',
  import: 'default',
  eager: true,
});

export const DOC_SOURCES: DocSources = {
  docs: new Set(BUNDLED_DOCS.map((doc) => doc.path)),
  images: Object.fromEntries(Object.entries(screenshots).map(([path, url]) => [path.slice(REPO_ROOT_PREFIX.length), url])),
};

export function bundledDoc(path: string): BundledDoc {
  return BUNDLED_DOCS.find((doc) => doc.path === path) ?? BUNDLED_DOCS[0];
}
