import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compileHints } from './scripts/compile-hints-plugin.ts';
import { earlyEntry } from './scripts/early-entry-plugin.ts';
import { mantineCssCheck } from './scripts/mantine-css-check-plugin.ts';
import { mantineFirstRenderValues } from './scripts/mantine-first-render-plugin.ts';
import { precompress } from './scripts/precompress-plugin.ts';
import { pureDomainSchemas } from './scripts/pure-domain-schemas-plugin.ts';
import { routeChunks } from './scripts/route-chunks-plugin.ts';

/** The test that loads Mantine as the build patches it (test/mantine-build-loader.mjs). */
const MANTINE_AS_BUILT = 'test/mantine-commit-patches.test.tsx';

const chunks = routeChunks({
  publicModules: ['src/app/layouts/public-layout.tsx', 'src/features/session/routes/sign-in.tsx'],
  shellModules: [
    'src/app/layouts/main-layout.tsx',
    'src/app/guards/signed-in-context.ts',
    'src/app/screens/prefetch.ts',
  ],
  forms:
    /node_modules\/(zod|react-hook-form|@hookform|libphonenumber-js|jsvat)\/|packages\/domain\/src\/schemas\//,
  formLibraries: /node_modules\/(zod|react-hook-form|@hookform)\//,
  texts:
    /src\/locales\/(?:consent\/)?([a-z]{2}-[A-Z]{2})\.ts$|domain\/src\/messages\/([a-z]{2}-[a-z]{2})\.ts$/,
  maxShared: 40_000,
});

// The cookie dialog of a first visit and the colour scheme, painted before the app's code (docs/decisions/0104).
const early = earlyEntry('src/early.ts');

export default defineConfig({
  plugins: [
    react(),
    early.plugin,
    pureDomainSchemas(),
    chunks.plugin,
    mantineFirstRenderValues(),
    // V8 compiles the entry's and the public chunk's functions while they download (docs/decisions/0121).
    compileHints(['index', 'public']),
    mantineCssCheck(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2023',
    sourcemap: true,
    // Vite writes a manifest so scripts/size.ts can follow what /signin loads.
    manifest: true,
    // CSP (issue 2 §2): no inline scripts, so the module preload polyfill stays out.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in the entry chunk, not in ~20 small shared chunks: every page
        // loads all of it anyway, and gzip compresses one file better than many (~7 KB less on /signin, issue 2 §8).
        codeSplitting: {
          // The early entry's modules stay in its own chunks (no other group takes them).
          groups: [
            early.group,
            ...[{ name: 'initial', tags: ['$initial' as const], priority: 4 }, ...chunks.groups].map(
              early.exclude,
            ),
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    css: false,
    // Typed form flows in jsdom take 1–2 s on a quiet machine and over 5 s (Vitest's default cap) when CI shares
    // its two cores; the cap is a hang detector, not a timing assertion.
    testTimeout: 20_000,
    projects: [
      {
        // A worker runs file after file in one process and one jsdom: setting up jsdom and importing React,
        // Mantine and the app again for each of ~80 files was over half the suite's time (2.8 → 1.0 min on two
        // cores). test/setup.ts and test/shared-process-setup.ts clear what a test leaves behind (the DOM, storage,
        // Mantine's toasts).
        test: {
          name: 'portal',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          exclude: [MANTINE_AS_BUILT],
          isolate: false,
          setupFiles: ['./test/shared-process-setup.ts'],
        },
      },
      {
        // Loads Mantine through the build's patches, which it can only do in a process that has not loaded it yet.
        test: { name: 'portal (own process)', include: [MANTINE_AS_BUILT] },
      },
    ],
  },
});
