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
  },
});
