import { flushCompileCache } from 'node:module';
import { eq } from 'drizzle-orm';
import { createBillingProvider } from './adapters/billing/billing-provider.ts';
import { jobsMailer } from './adapters/mail/mailer-from-config.ts';
import { checkFileStorage, fileStorageFromConfig } from './adapters/storage/storage-from-config.ts';
import { issueTerminalCodes } from './adapters/terminals/terminal-stock.ts';
import { buildApp } from './app.ts';
import { clockStartingAt, systemClock } from './clock.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { DEMO_SIGN_INS } from './db/demo/sign-ins.ts';
import { startPgliteMaintenance } from './db/pglite-maintenance.ts';
import { users } from './db/schema/index.ts';
import { isDatabaseEmpty, seedDemoWorld } from './db/seed.ts';
import { httpsServerOptions } from './https-server.ts';
import type { JobQueue } from './jobs/queue.ts';
import { startJobs } from './jobs/start-jobs.ts';
import { createPspSimulator } from './modules/psp/simulator.ts';
import { collectStartUpGarbage } from './start-up-memory.ts';

// `npm start`: configuration → database (migrated, seeded when empty) → one process serving API and portal.

function readConfig(): Config {
  try {
    const config = loadConfig(process.env);
    // The certificate and key are checked before anything starts (buildApp reads them again for the server).
    if (config.tls) httpsServerOptions(config.tls);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const clock = config.clockStart ? clockStartingAt(config.clockStart) : systemClock;
// Issue 12 §3: the file store (folder or S3 bucket) is checked before anything else starts.
const storage = await fileStorageFromConfig(config.files);
const storageProblem = await checkFileStorage(storage);
if (storageProblem) {
  process.stderr.write(`${storageProblem}\n`);
  process.exit(1);
}
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
}).catch((error: unknown) => {
  // The embedded database's folder is open in another process (a second `npm start`): nothing was touched.
  if (error instanceof DataDirInUseError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
});
await database.migrate();

let seededStaffUserId: string | undefined;
if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
  const started = Date.now();
  const world = await seedDemoWorld(database.db, { now: config.seedDemoNow ?? clock.now() });
  seededStaffUserId = world.staffUserId;
  process.stdout.write(
    `Seeded the demo world in ${Date.now() - started} ms: ${world.counts.transactions} transactions, ` +
      `${world.counts.payouts} payouts.\n`,
  );
}

// Routes send jobs (a requested report) through the queue opened below, before the server listens.
let queue: JobQueue | undefined;
const app = await buildApp({
  config,
  clock,
  database,
  storage,
  jobs: {
    send: (name, data, options) => {
      if (!queue) throw new Error('the job queue is not open yet');
      return queue.send(name, data, options);
    },
  },
});
// Issue 15: the demo staff user's authenticator app, sealed with the identity module's key (hence after buildApp).
if (seededStaffUserId && DEMO_SIGN_INS.staff.totpSecret)
  await app.identity.enrolDemoTotp(seededStaffUserId, DEMO_SIGN_INS.staff.totpSecret);
// DESIGN §4 Jobs: worked here by default; with JOBS_IN_PROCESS=false only sent, and `npm run worker` works them.
const jobs = await startJobs({
  database,
  clock,
  log: app.log,
  work: config.jobs.inProcess,
  storage,
  pollingIntervalSeconds: config.jobs.pollingSeconds,
  superviseIntervalSeconds: config.jobs.superviseSeconds,
  billing: await createBillingProvider(config),
  portalUrl: config.publicUrl,
  mailer: await jobsMailer(config, database.db, (line) => app.log.info(line)),
});
queue = jobs;

// PGlite has no autovacuum and no checkpointer: the process that owns it does their work (docs/decisions/0128).
const maintenance =
  'pglite' in database.jobConnection && config.pgliteMaintenanceSeconds > 0
    ? startPgliteMaintenance(database.jobConnection.pglite, {
        intervalSeconds: config.pgliteMaintenanceSeconds,
        log: app.log,
      })
    : undefined;

// Issue 11 §1: without Adyen credentials the embedded PSP makes card traffic through the webhook itself, at
// PSP_SIMULATOR_RATE payments a minute (0 turns it off).
const simulator =
  config.psp.simulatorRate > 0 && !config.psp.adyenNotifications
    ? createPspSimulator({
        app,
        db: database.db,
        credentials: app.psp.webhook,
        ratePerMinute: config.psp.simulatorRate,
      })
    : undefined;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    process.stderr.write('Shutdown took longer than 10 s; exiting.\n');
    process.exit(1);
  }, 10_000);
  force.unref();
  try {
    await simulator?.stop();
    await app.close();
    await jobs.stop();
    await maintenance?.stop();
    await database.close();
    process.exit(0);
  } catch (error) {
    process.stderr.write(`Shutdown failed: ${String(error)}\n`);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// Start-up's garbage collected before the first request (issue 16 §2): see start-up-memory.ts.
collectStartUpGarbage();
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  process.stderr.write(`Could not listen on ${config.host}:${config.port}: ${String(error)}\n`);
  await maintenance?.stop();
  await database.close();
  process.exit(1);
}

const lines = [
  '',
  `Merchant portal: ${config.publicUrl}`,
  `Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
];
// Demo passwords are printed for developers only, never by a production process (even a forced demo seed).
if (config.seedDemo && config.nodeEnv !== 'production') {
  const [staff] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_SIGN_INS.staff.email))
    .limit(1);
  if (staff) {
    lines.push('Demo sign-ins (email / password):');
    for (const signIn of Object.values(DEMO_SIGN_INS)) {
      lines.push(`  ${signIn.who.padEnd(44)} ${signIn.email.padEnd(26)} ${signIn.password}`);
    }
    // Issue 15: staff sign in with a second factor; this is the demo staff user's authenticator key.
    const totp = await app.identity.factors(staff.id);
    if (totp.totp && DEMO_SIGN_INS.staff.totpSecret)
      lines.push(
        `Staff two-factor: add the key ${DEMO_SIGN_INS.staff.totpSecret} to an authenticator app (or open ` +
          `otpauth://totp/Merchant%20Portal:staff%40example.com?secret=${DEMO_SIGN_INS.staff.totpSecret}&issuer=Merchant%20Portal), then type its code after the password`,
      );
    // Issue 10: the unassigned demo terminals show a fresh one-time code each start (connect one at /assign-device).
    const codes = await issueTerminalCodes(database.db, new Date());
    if (codes.length > 0) {
      lines.push('Unassigned terminals and the one-time codes they show (connect one at /assign-device):');
      for (const terminal of codes)
        lines.push(`  ${terminal.serial.padEnd(16)} ${terminal.model.padEnd(16)} ${terminal.code}`);
    }
  }
}
if (simulator) {
  simulator.start();
  lines.push(
    `Simulated card payments: about ${config.psp.simulatorRate} a minute through the Adyen webhook (PSP_SIMULATOR_RATE=0 turns them off)`,
  );
}
process.stdout.write(`${lines.join('\n')}\n\n`);
// What start-up loaded goes into Node's compile cache now, not only at exit (decision 0130): a process killed or
// crashed later still leaves the next start its modules.
flushCompileCache();
