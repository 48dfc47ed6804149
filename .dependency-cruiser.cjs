// The house rules of imports (docs/architecture.md, "Dependencies"), checked by `npm run lint`:
// no import circles (type-only imports count: a circle of types ties files together just the same),
// and the architecture's arrows: card-schema imports nothing from src-*, the API's contract-level
// modules import nothing from the implementation, the renderer reaches src-main only through them.

/** The form editor's recursive fields: a schema field holds arrays, objects and variants of fields. */
const EDITOR_RECURSION = '^src-renderer/src/editor/(SchemaField|ArrayField|ObjectFields|VariantField)[.]svelte$';

/** What the renderer may import from src-main: the contract and the pure modules it is made of. */
const API_SURFACE = '^src-main/(api/(contract|api-error|wire|commands|image-limits)|electron/bridge)[.]ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Files import each other: move the piece both need into a small module of its own. The one ' +
        'declared exception is the form editor recursion (EDITOR_RECURSION).',
      from: {},
      to: { circular: true, via: { pathNot: EDITOR_RECURSION } },
    },
    {
      name: 'card-schema-is-pure',
      severity: 'error',
      comment: 'card-schema is the pure domain core: no imports from src-main or src-renderer.',
      from: { path: '^card-schema/' },
      to: { path: '^src-' },
    },
    {
      name: 'contract-imports-no-implementation',
      severity: 'error',
      comment: 'The API contract and its pure modules import card-schema and libraries, nothing of the implementation.',
      from: { path: API_SURFACE },
      to: { path: '^src-', pathNot: [API_SURFACE, '^card-schema/'] },
    },
    {
      name: 'renderer-through-the-api',
      severity: 'error',
      comment: 'The renderer reaches the backend only through the API: from src-main it imports the contract-level modules.',
      from: { path: '^src-renderer/' },
      to: { path: '^src-main/', pathNot: API_SURFACE },
    },
    {
      name: 'main-imports-no-renderer',
      severity: 'error',
      comment: 'Arrows point down: src-main imports nothing from src-renderer.',
      from: { path: '^src-main/' },
      to: { path: '^src-renderer/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|out|dist)/' },
    // Type-only imports are dependencies too (the contract's circle was made of them).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.svelte.ts', '.js', '.svelte', '.json'] },
  },
};
