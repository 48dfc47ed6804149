// ESLint (flat config): typescript-eslint's recommended rules for TypeScript and
// Svelte, eslint-plugin-svelte's rules for components. Formatting is Prettier's job.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

export default tseslint.config(
  // `*.config.ts.*.mjs`: the bundled config electron-vite and vitest write beside their config for a
  // moment; lint runs beside the build, and a file listed then gone failed it with ENOENT.
  {
    ignores: ['out/', 'dist/', '.tools/', 'node_modules/', 'test-results/', 'playwright-report/', '**/*.config.ts.*.mjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Flags every Map/Set in a component, including ones built fresh inside $derived or used
      // as plain caches; reactive collections are chosen deliberately here.
      'svelte/prefer-svelte-reactivity': 'off',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] },
    },
  },
  {
    // The renderer reaches src-main only through the API's contract-level modules. dependency-cruiser
    // checks this too (.dependency-cruiser.cjs), but it reads a .svelte file as compiled, without its
    // `import type` lines; ESLint sees them.
    files: ['src-renderer/**/*.ts', 'src-renderer/**/*.svelte'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'src-main/(?!(api/(contract|api-error|wire|commands|image-limits)|electron/bridge)$)',
              message: 'The renderer imports from src-main only the API contract and its pure modules (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // card-schema is the pure domain core: no Node, DOM or Electron imports.
    files: ['card-schema/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'electron', 'fs', 'path', 'better-sqlite3', 'pdfkit'] }],
    },
  },
);
