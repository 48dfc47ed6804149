// The Help view's Markdown rendering: safe links, bundled docs and images.

import { describe, expect, it } from 'vitest';
import { renderMarkdown, resolveDocPath, slugify } from '../../src-renderer/src/help/markdown';

const sources = {
  docs: new Set(['README.md', 'docs/game-systems.md', 'docs/architecture.md']),
  images: { 'docs/screenshots/library.png': '/assets/library-abc.png' },
};

describe('renderMarkdown', () => {
  it('keeps links to bundled docs inside Help, resolved from the current doc', () => {
    const html = renderMarkdown(
      'See [the format](game-systems.md#tutorial) and [home](../README.md).',
      'docs/architecture.md',
      sources,
    );
    expect(html).toContain('data-doc="docs/game-systems.md" data-anchor="tutorial"');
    expect(html).toContain('data-doc="README.md"');
  });

  it('opens web links in a new window and drops other schemes', () => {
    const html = renderMarkdown('[site](https://osmcg.org) [bad](javascript:alert(1))', 'README.md', sources);
    expect(html).toContain('<a href="https://osmcg.org" target="_blank" rel="noopener noreferrer">site</a>');
    expect(html).not.toContain('javascript:');
  });

  it('names files that are not bundled instead of linking them', () => {
    const html = renderMarkdown('[example](tutorial/x.json)', 'docs/game-systems.md', sources);
    expect(html).toContain('class="doc-file"');
    expect(html).toContain('docs/tutorial/x.json');
    expect(html).not.toContain('<a');
  });

  it('loads bundled screenshots only', () => {
    const html = renderMarkdown('![Library](docs/screenshots/library.png) ![x](https://example.com/a.png)', 'README.md', sources);
    expect(html).toContain('<img src="/assets/library-abc.png" alt="Library"');
    expect(html).not.toContain('example.com');
  });

  it('writes a picture taken in both themes twice, each marked with its theme', () => {
    const themed = {
      ...sources,
      images: {
        'docs/guide/images/editor-light.png': '/assets/editor-l.png',
        'docs/guide/images/editor-dark.png': '/assets/editor-d.png',
      },
    };
    const html = renderMarkdown('![The editor](images/editor-light.png)', 'docs/guide/design-a-card.md', themed);
    expect(html).toContain('<img src="/assets/editor-l.png" alt="The editor" data-theme-image="light"');
    expect(html).toContain('<img src="/assets/editor-d.png" alt="The editor" data-theme-image="dark"');
    // Only one version: shown in either theme.
    const single = renderMarkdown('![Library](docs/screenshots/library.png)', 'README.md', sources);
    expect(single).not.toContain('data-theme-image');
  });

  it('shows raw HTML as text', () => {
    expect(renderMarkdown('<script>alert(1)</script>', 'README.md', sources)).not.toContain('<script>');
  });

  it('gives headings GitHub-style ids', () => {
    const html = renderMarkdown('## What you can do\n\n## What you can do', 'README.md', sources);
    expect(html).toContain('<h2 id="what-you-can-do">');
    expect(html).toContain('<h2 id="what-you-can-do-1">');
  });
});

describe('paths', () => {
  it('resolves relative paths and anchors', () => {
    expect(resolveDocPath('docs/a.md', '../README.md#x')).toEqual({ path: 'README.md', anchor: 'x' });
    expect(resolveDocPath('README.md', 'docs/game-systems.md')).toEqual({ path: 'docs/game-systems.md', anchor: '' });
    expect(slugify('Node 24, better-sqlite3 and Electron: what was verified')).toBe(
      'node-24-better-sqlite3-and-electron-what-was-verified',
    );
  });
});

describe('bundled docs', () => {
  it('every link and image in the docs Help shows resolves', async () => {
    const { BUNDLED_DOCS, DOC_SOURCES } = await import('../../src-renderer/src/help/bundled-docs');
    for (const doc of BUNDLED_DOCS) {
      const html = renderMarkdown(doc.source, doc.path, DOC_SOURCES);
      expect(html, `${doc.path} shows a missing image`).not.toContain('doc-missing-image');
      expect(html, doc.path).toContain('<h1');
    }
    expect(Object.keys(DOC_SOURCES.images)).toContain('docs/screenshots/library-light.png');
  });

  it('start with the user guide, every picture of it in both themes; the developer README is not among them', async () => {
    const { BUNDLED_DOCS, DOC_SOURCES } = await import('../../src-renderer/src/help/bundled-docs');
    expect(BUNDLED_DOCS[0]).toMatchObject({ path: 'docs/guide/getting-started.md', title: 'Getting started', group: 'Guide' });
    expect(BUNDLED_DOCS.map((doc) => doc.path)).not.toContain('README.md');
    const guide = BUNDLED_DOCS.filter((doc) => doc.group === 'Guide');
    expect(guide.map((doc) => doc.title)).toEqual([
      'Getting started',
      'Design a card',
      'Build and check a deck',
      'Print a sheet',
      'Playtest a deck',
    ]);
    for (const doc of guide) {
      const html = renderMarkdown(doc.source, doc.path, DOC_SOURCES);
      const light = html.match(/data-theme-image="light"/g)?.length ?? 0;
      expect(light, `${doc.path} has a picture`).toBeGreaterThan(0);
      expect(html.match(/data-theme-image="dark"/g)?.length, doc.path).toBe(light);
      // Written for users: no developer commands.
      expect(doc.source, doc.path).not.toMatch(/npm |git clone|node_modules/);
    }
  });
});
