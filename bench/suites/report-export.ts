// Issue 12 §5: a transactions report's CSV made by `npm run worker` (on PostgreSQL: one COPY of the report's
// formatted query into the file store, lib/worker-export.ts) against PostgreSQL writing the unformatted rows of
// the same query itself, `COPY (the same query) TO STDOUT CSV`, in the same run; the worker's peak RSS while it
// exports; and the previous path (keyset batches of 1,000 → csv-stringify → the file store, still PGlite's) in
// the same rounds, as the "before". PostgreSQL only (COPY is the anchor); `--export-rows` (default 1,000,000).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { generateMerchant } from '../lib/bench-data.ts';
import type { Benchmark, BenchRow } from '../lib/registry.ts';
import { freshPostgresDatabase, postgresServer, repoRoot } from '../lib/server.ts';
import { exportThroughWorker, startAndStopWorker, type WorkerExport } from '../lib/worker-export.ts';

const uptime = () =>
  `load ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`;

const DAYS = 150; // within a transactions report's 6-month limit

interface WorkerResult {
  rows: number;
  bytes: number;
  seconds: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

async function runWorker(args: string[]): Promise<WorkerResult> {
  const child = spawn(process.execPath, [resolve(repoRoot, 'bench/lib/export-worker.ts'), ...args], {
    stdio: 'pipe',
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    output += String(chunk);
  });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  const last = output.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !last.startsWith('{')) throw new Error(`export worker failed (${code}):\n${output}`);
  return JSON.parse(last) as WorkerResult;
}

/** The report's query (transactionsRepository.list without its keyset and limit) for COPY, which takes no parameters. */
function sameQuery(merchantId: string, from: string, to: string): string {
  return `select t.id, t.psp_reference, t.merchant_reference, t.created_at, t.site_id, s.name, t.device_id,
      d.label, t.amount, t.tip_amount, t.currency, t.status, t.source, t.card_scheme, t.card_bin,
      t.card_last_four, t.card_region
    from transactions t
    join sites s on s.merchant_id = t.merchant_id and s.id = t.site_id
    left join devices d on d.merchant_id = t.merchant_id and d.id = t.device_id
   where t.merchant_id = '${merchantId}' and t.created_at >= '${from}' and t.created_at < '${to}'
   order by t.created_at desc nulls last, t.id desc nulls last`;
}

async function copyOut(url: string, query: string): Promise<{ rows: number; seconds: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let rows = 0;
    const started = performance.now();
    await pipeline(
      client.query(copyTo(`copy (${query}) to stdout with (format csv, header)`)),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const byte of chunk) if (byte === 10) rows++;
          done();
        },
      }),
    );
    return { rows: rows - 1, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

export const benchmark: Benchmark = {
  name: 'export',
  title: 'Report CSV export vs PostgreSQL COPY of the same rows; peak RSS of the worker during it',
  async run(options): Promise<BenchRow[]> {
    if (!options.postgres) {
      console.log('  skipped: PostgreSQL is not reachable (BENCH_DATABASE_URL)');
      return [];
    }
    const n = options.exportRows;
    const url = await freshPostgresDatabase(`mp_bench_${options.port}_export`);
    const files = await mkdtemp(join(tmpdir(), 'mp-bench-export-'));
    try {
      const loaded = await generateMerchant({ databaseUrl: url, transactions: n, days: DAYS, seed: 12 });
      console.log(`  loaded ${n.toLocaleString('en-GB')} transactions in ${loaded.seconds.toFixed(0)} s`);
      // The report's days: every day the generator wrote (Europe/London; a day either side is harmless).
      const today = new Date();
      const from = new Date(today.getTime() - (DAYS + 1) * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(today.getTime() + 86_400_000).toISOString().slice(0, 10);
      const query = sameQuery(loaded.merchantId, `${from}T00:00:00Z`, `${to}T00:00:00Z`);
      // Warm the cache once, then take turns: COPY, the worker's export, the cursor export (medians).
      await copyOut(url, query);
      const copies: { rows: number; seconds: number }[] = [];
      const exports: WorkerExport[] = [];
      const cursors: WorkerResult[] = [];
      const where = { url, merchantId: loaded.merchantId, from, to, filesDir: files };
      // The worker's first start after a change strips and compiles every module (an empty compile cache of its
      // own, decision 0130): measured once, as a reference. The rounds measure every later start: one start and
      // stop first puts the worker's modules in the checkout's cache, if this code has not run before.
      const coldCache = await mkdtemp(join(tmpdir(), 'mp-bench-compile-cache-'));
      const cold = await exportThroughWorker({ ...where, env: { NODE_COMPILE_CACHE: coldCache } }).finally(
        () => rm(coldCache, { recursive: true, force: true }),
      );
      console.log(
        `  first start after a change (empty compile cache): RSS ${cold.idleRssMb.toFixed(0)} MB idle, ` +
          `peak ${cold.peakRssMb.toFixed(0)} MB`,
      );
      await startAndStopWorker(url, files);
      for (let round = 0; round < options.exportRounds; round++) {
        copies.push(await copyOut(url, query));
        exports.push(await exportThroughWorker(where));
        cursors.push(await runWorker([url, loaded.merchantId, from, to, files, 'cursor']));
        const c = copies.at(-1);
        const e = exports.at(-1);
        const k = cursors.at(-1);
        console.log(
          `  round ${round + 1} (${uptime()}): COPY ${c?.rows} rows in ${c?.seconds.toFixed(2)} s; ` +
            `npm run worker (COPY) ${e?.rows} rows (${((e?.bytes ?? 0) / 2 ** 20).toFixed(0)} MiB) in ` +
            `${e?.seconds.toFixed(2)} s, RSS ${e?.idleRssMb.toFixed(0)} MB idle, peak ${e?.peakRssMb.toFixed(0)} MB, ` +
            `progress ${e?.progress.length} steps; cursor ${k?.rows} rows in ${k?.seconds.toFixed(2)} s, ` +
            `peak ${k?.peakRssMb.toFixed(0)} MB`,
        );
        if (e?.bytes !== k?.bytes || e?.rows !== k?.rows)
          throw new Error(
            `COPY wrote ${e?.rows} rows / ${e?.bytes} bytes, the cursor ${k?.rows} / ${k?.bytes}`,
          );
      }
      const median = <T>(items: T[], key: (item: T) => number) =>
        [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)] as T;
      const copy = median(copies, (c) => c.seconds);
      const exported = median(exports, (e) => e.seconds);
      const cursor = median(cursors, (e) => e.seconds);
      if (copy.rows !== exported.rows)
        throw new Error(`COPY wrote ${copy.rows} rows, the export ${exported.rows}: not the same rows`);
      const peak = Math.max(...exports.map((e) => e.peakRssMb));
      const exportRate = exported.rows / exported.seconds;
      const cursorRate = cursor.rows / cursor.seconds;
      const copyRate = copy.rows / copy.seconds;
      const rows = exported.rows.toLocaleString('en-GB');
      return [
        {
          what: `PostgreSQL: transactions report CSV by npm run worker (COPY), ${rows} rows`,
          value: exportRate,
          unit: 'rows/s',
          anchor: { what: 'COPY (same query) TO STDOUT CSV', value: copyRate },
          goal: '≥ 0.5× anchor',
          met: exportRate >= 0.5 * copyRate,
        },
        {
          what: `PostgreSQL: the same report through the keyset cursor (PGlite's path; PostgreSQL's before)`,
          value: cursorRate,
          unit: 'rows/s',
          anchor: { what: 'COPY (same query) TO STDOUT CSV', value: copyRate },
          goal: 'reference',
        },
        {
          what: 'PostgreSQL: npm run worker peak RSS (VmHWM) during the COPY export',
          value: peak,
          unit: 'MB',
          goal: '< 150 MB',
          met: peak < 150,
        },
        {
          what: 'PostgreSQL: npm run worker RSS when ready, before the job',
          value: Math.max(...exports.map((e) => e.idleRssMb)),
          unit: 'MB',
          goal: 'reference',
        },
        {
          what: "PostgreSQL: the same peak at the worker's first start after a change (empty compile cache)",
          value: cold.peakRssMb,
          unit: 'MB',
          goal: 'reference',
        },
        {
          what: 'PostgreSQL: the cursor export’s process (job code only) peak RSS',
          value: Math.max(...cursors.map((e) => e.peakRssMb)),
          unit: 'MB',
          goal: 'reference',
        },
      ];
    } finally {
      await rm(files, { recursive: true, force: true });
      const admin = new pg.Client({ connectionString: postgresServer });
      await admin.connect();
      await admin.query(`drop database if exists mp_bench_${options.port}_export with (force)`);
      await admin.end();
    }
  },
};
