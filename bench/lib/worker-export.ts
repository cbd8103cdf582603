// Issue 12 §5: one transactions report made by the real job worker, `npm run worker` (apps/api/src/worker.ts
// started with the command line of apps/api's `worker` script, so its V8 flags count), working only the
// reports module (JOBS_MODULES=reports: the payout and invoice sweeps a full worker starts with would run on
// the benchmark's data at the same time). The report row is inserted NEW and its job sent through pg-boss, as
// the API's POST …/reports does; the worker's RSS is read from /proc before the job and its peak (VmHWM) after.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { repoRoot } from './server.ts';

export interface WorkerExport {
  rows: number;
  bytes: number;
  seconds: number;
  /** The worker's resident memory when ready, before the job (MB). */
  idleRssMb: number;
  /** Its peak resident memory (VmHWM) once the report is READY (MB). */
  peakRssMb: number;
  /** Progress values seen while it ran (the report list's percent). */
  progress: number[];
}

/** `node --flags src/worker.ts` as apps/api's `npm run worker` runs it. */
function workerCommand(): string[] {
  const scripts = JSON.parse(readFileSync(resolve(repoRoot, 'apps/api/package.json'), 'utf8'))
    .scripts as Record<string, string>;
  const words = (scripts.worker ?? '').split(/\s+/).filter(Boolean);
  if (words[0] !== 'node')
    throw new Error(`apps/api's worker script is not a node command: ${scripts.worker}`);
  return words.slice(1);
}

const statusMb = (pid: number, field: 'VmHWM' | 'VmRSS') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
};

async function startWorker(
  url: string,
  filesDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, workerCommand(), {
    cwd: resolve(repoRoot, 'apps/api'),
    env: {
      ...process.env,
      DATABASE_URL: url,
      FILES_DIR: filesDir,
      JOBS_MODULES: 'reports',
      JOBS_POLLING_SECONDS: '0.5',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: 'pipe',
  });
  let output = '';
  const ready = new Promise<void>((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes('worker: ready')) done();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      fail(new Error(`the worker ended (${code}) before it was ready:\n${output}`)),
    );
  });
  await ready;
  return { child, output: () => output };
}

/** Stops a worker and waits for its exit (it writes Node's compile cache once ready, and again at exit). */
async function stopWorker(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((done) => (child.exitCode !== null ? done(null) : child.once('exit', done)));
}

/**
 * Starts `npm run worker` until it is ready and stops it: its modules are then in Node's compile cache (decision
 * 0130), as for every start of a deployed worker but the first after a change.
 */
export async function startAndStopWorker(url: string, filesDir: string): Promise<void> {
  const { child } = await startWorker(url, filesDir);
  await stopWorker(child);
}

export async function exportThroughWorker(options: {
  url: string;
  merchantId: string;
  from: string;
  to: string;
  filesDir: string;
  /** Added to the worker's environment (NODE_COMPILE_CACHE: an empty folder makes its first start after a change). */
  env?: NodeJS.ProcessEnv;
}): Promise<WorkerExport> {
  const { child, output } = await startWorker(options.url, options.filesDir, options.env);
  const pid = child.pid as number;
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  const boss = new PgBoss({
    connectionString: options.url,
    schema: 'pgboss',
    supervise: false,
    schedule: false,
  });
  try {
    // Settle a moment after start, as an idle worker would be.
    await new Promise((done) => setTimeout(done, 2000));
    const idleRssMb = statusMb(pid, 'VmRSS');
    const {
      rows: [report],
    } = await client.query<{ id: string }>(
      `insert into reports (merchant_id, type, site_ids, params) values ($1, 'transactions', null, $2) returning id`,
      [options.merchantId, JSON.stringify({ from: options.from, to: options.to })],
    );
    if (!report) throw new Error('no report row');
    await boss.start();
    await boss.send('reports.generate', { merchantId: options.merchantId, reportId: report.id });
    const progress: number[] = [];
    let started: number | undefined;
    for (;;) {
      const {
        rows: [row],
      } = await client.query<{
        state: string;
        progress: number;
        row_count: number | null;
        file_size_bytes: string | null;
        error: string | null;
      }>('select state, progress, row_count, file_size_bytes, error from reports where id = $1', [report.id]);
      if (!row) throw new Error('the report row went away');
      if (row.state !== 'NEW' && started === undefined) started = performance.now();
      if (row.state === 'PROCESSING' && progress.at(-1) !== row.progress) progress.push(row.progress);
      if (row.state === 'READY') {
        const seconds = (performance.now() - (started ?? performance.now())) / 1000;
        return {
          rows: row.row_count ?? 0,
          bytes: Number(row.file_size_bytes ?? 0),
          seconds,
          idleRssMb,
          peakRssMb: statusMb(pid, 'VmHWM'),
          progress,
        };
      }
      if (row.state === 'ERROR') throw new Error(`the report ended ERROR: ${row.error}\n${output()}`);
      if (child.exitCode !== null) throw new Error(`the worker ended:\n${output()}`);
      await new Promise((done) => setTimeout(done, 50));
    }
  } finally {
    await boss.stop({ graceful: false, close: true }).catch(() => {});
    await client.end();
    await stopWorker(child);
  }
}
