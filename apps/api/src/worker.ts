import { flushCompileCache } from 'node:module';
import pino from 'pino';
import { createBillingProvider } from './adapters/billing/billing-provider.ts';
import { jobsMailer } from './adapters/mail/mailer-from-config.ts';
import { checkFileStorage, fileStorageFromConfig } from './adapters/storage/storage-from-config.ts';
import { clockStartingAt, systemClock } from './clock.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startJobs } from './jobs/start-jobs.ts';

// `npm run worker`: works the job queues with no HTTP server, so N API instances (JOBS_IN_PROCESS=false) and
// M workers share one database. A worker killed mid-job leaves its transaction rolled back; the job expires
// and another worker (or this one, restarted) runs it again.
// It loads what job workers need and nothing of the portal or the HTTP app: no Fastify, no PGlite on
// PostgreSQL (db/client.ts), SDKs only when configured (Stripe, AWS, nodemailer), and only the job modules it
// works (JOBS_MODULES, src/jobs/definitions.ts). apps/api's `worker` script starts it with
// --max-semi-space-size=2, which keeps its resident memory near what it uses (docs/PERFORMANCE.md).

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
// PGlite is one process's database (the API's, which then works the jobs itself): a worker opening the same folder
// would run a second server on its files.
if (!config.databaseUrl) {
  process.stderr.write(
    'worker: needs PostgreSQL (DATABASE_URL). On the embedded database the API works the jobs itself ' +
      '(JOBS_IN_PROCESS=true, the default).\n',
  );
  process.exit(1);
}
const storage = await fileStorageFromConfig(config.files);
const storageProblem = await checkFileStorage(storage);
if (storageProblem) {
  process.stderr.write(`worker: ${storageProblem}\n`);
  process.exit(1);
}
const log = pino({ level: config.logLevel });
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
await database.migrate();
const jobs = await startJobs({
  database,
  clock: config.clockStart ? clockStartingAt(config.clockStart) : systemClock,
  log,
  work: true,
  storage,
  pollingIntervalSeconds: config.jobs.pollingSeconds,
  superviseIntervalSeconds: config.jobs.superviseSeconds,
  ...(config.jobs.modules ? { modules: config.jobs.modules } : {}),
  billing: await createBillingProvider(config),
  portalUrl: config.publicUrl,
  mailer: await jobsMailer(config, database.db, (line) => log.info(line)),
});
process.stdout.write('worker: ready\n');
// Node's compile cache written now, not only at exit (decision 0130): a worker killed mid-job leaves it too.
flushCompileCache();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'worker: stopping');
  try {
    await jobs.stop();
    await database.close();
    process.exit(0);
  } catch (error) {
    process.stderr.write(`worker: shutdown failed: ${String(error)}\n`);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
