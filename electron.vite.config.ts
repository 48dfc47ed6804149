import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Three bundles: main (Electron shell + services, plus the loopback web host and the command
// line as further entries), one CommonJS preload (required by sandboxed preloads), and the Svelte renderer.
export default defineConfig({
  main: {
    build: {
      // Native or data-file-loading deps stay in node_modules (pdfkit reads its font data files).
      externalizeDeps: true,
      rolldownOptions: {
        input: {
          index: resolve('src-main/electron/main.ts'),
          web: resolve('src-main/http/web.ts'),
          // Long jobs (PDF export, imports) run in worker threads from this file.
          'job-worker': resolve('src-main/jobs/job-worker.ts'),
          // The web host's imports run in a child process from this file (it gives its memory back at exit).
          'job-process': resolve('src-main/jobs/job-process.ts'),
          // Searches and card lists run in reader threads from this file.
          'read-worker': resolve('src-main/readers/read-worker.ts'),
          // A large import checks its cards against their schemas in this thread while it writes them.
          'check-worker': resolve('src-main/services/card-check-worker.ts'),
          // `npx cardwright` (bin/cardwright.js): the exports from the command line, on plain Node.
          cli: resolve('src-main/cli/cli.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      isolatedEntries: true,
      rolldownOptions: {
        input: { index: resolve('src-main/electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
        external: ['electron'],
      },
    },
  },
  renderer: {
    root: resolve('src-renderer'),
    plugins: [svelte({ configFile: false })],
    build: {
      // Minified: the page parses a third of the bytes at every start.
      minify: true,
      rolldownOptions: { input: { index: resolve('src-renderer/index.html') } },
    },
  },
});
