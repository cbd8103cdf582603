import { defineConfig } from 'vitest/config';

// `npm test` runs on PGlite; `npm run test:pg` runs the same suite against PostgreSQL (TEST_DATABASE_URL).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two cores shared with other work: a few files at a time, each with its own database clone.
    maxWorkers: 2,
    // A worker runs file after file without a fresh process for each: every file already builds its own app on its
    // own database clone, and starting the process and importing the app again for each of ~80 files was half the
    // suite's time (4.5 → 2.4 min on two cores). Nothing of one file's app outlives its `close()`.
    isolate: false,
  },
});
