import type { DestinationStream } from 'pino';
import { type App, type BuildAppOptions, buildApp } from '../../src/app.ts';
import type { Clock } from '../../src/clock.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { createTestDatabase } from './database.ts';

/** Configuration for tests: quiet logs and no portal build unless a test points PORTAL_DIST at one. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORTAL_DIST: '/nonexistent/portal-dist',
    SEED_DEMO: 'false',
    ...env,
  });
}

export interface TestApp {
  app: App;
  database: Database;
  config: Config;
  /** Jobs the routes sent (when the test gave no `jobs`), oldest first. */
  sentJobs: { name: string; data: object }[];
  /** Closes the app and drops its database. */
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of its own. Build one per test file (beforeAll) and close it in afterAll;
 * tests in a file share the database, so give their data distinct names.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    /** Where log lines go (set LOG_LEVEL in env to see them). */
    logStream?: DestinationStream;
    database?: Database;
    /** Extra routes registered before the app is ready (e.g. to exercise the error model). */
    routes?: (app: App) => void;
    /** Where routes send jobs; by default they are kept in `sentJobs` for the test to run. */
    jobs?: BuildAppOptions['jobs'];
    /** The file store (report CSVs); the config's local folder by default. */
    storage?: BuildAppOptions['storage'];
    /** The error reporter; by default the configuration's (off unless SENTRY_DSN is in env). */
    errorReporter?: BuildAppOptions['errorReporter'];
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = options.database ?? (await createTestDatabase());
  const sentJobs: TestApp['sentJobs'] = [];
  const app = await buildApp({
    config,
    database,
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.errorReporter ? { errorReporter: options.errorReporter } : {}),
    jobs: options.jobs ?? {
      send: async (name, data) => {
        sentJobs.push({ name, data });
        return null;
      },
    },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    sentJobs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
