// `npm run bench`: every benchmark in bench/suites/ (each module exporting `benchmark`, see lib/registry.ts),
// then one table: what, value, anchor measured in the same run, ratio, goal. Nothing here asserts a timing.
// Options: --seconds N (each throughput measurement, default 5), --load-seconds N (R6, default 60),
// --iterations N (micro-benchmarks, default 200), --transactions N (pagination, default 50000),
// --lighthouse-runs N (screens, default 3), --export-rows N (report export, default 1000000), --export-rounds N
// (default 3), --payout-transactions N (the payout job's day, default 100000), --list-transactions N (the
// transactions list's merchant, default 1000000), --list-database URL (the list on an already generated database),
// --only name[,name] (run some), --port P (first of ten ports, default 3140), --out file (also write the table).
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Benchmark, type BenchRow, formatTable } from './lib/registry.ts';
import { postgresServer } from './lib/server.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    'load-seconds': { type: 'string', default: '60' },
    iterations: { type: 'string', default: '200' },
    transactions: { type: 'string', default: '50000' },
    'lighthouse-runs': { type: 'string', default: '3' },
    'export-rows': { type: 'string', default: '1000000' },
    'export-rounds': { type: 'string', default: '3' },
    'payout-transactions': { type: 'string', default: '100000' },
    'list-transactions': { type: 'string', default: '1000000' },
    'list-database': { type: 'string' },
    only: { type: 'string' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3140' },
    out: { type: 'string' },
  },
});

function whole(name: string, raw: string | undefined, min: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
  return value;
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresServer, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const options = {
  seconds: whole('seconds', values.seconds, 1),
  loadSeconds: whole('load-seconds', values['load-seconds'], 1),
  iterations: whole('iterations', values.iterations, 1),
  transactions: whole('transactions', values.transactions, 100),
  lighthouseRuns: whole('lighthouse-runs', values['lighthouse-runs'], 1),
  exportRows: whole('export-rows', values['export-rows'], 100),
  exportRounds: whole('export-rounds', values['export-rounds'], 1),
  payoutTransactions: whole('payout-transactions', values['payout-transactions'], 100),
  listTransactions: whole('list-transactions', values['list-transactions'], 20000),
  listDatabase: values['list-database'],
  port: whole('port', values.port, 1024),
  postgres: await postgresReachable(),
};

const folder = resolve(import.meta.dirname, 'suites');
const files = (await readdir(folder)).filter((file) => file.endsWith('.ts')).sort();
const only = values.only?.split(',').map((name) => name.trim());
const rows: BenchRow[] = [];
for (const file of files) {
  const { benchmark } = (await import(resolve(folder, file))) as { benchmark?: Benchmark };
  if (!benchmark) throw new Error(`bench/suites/${file} exports no benchmark`);
  if (only && !only.includes(benchmark.name)) continue;
  console.log(`\n▶ ${benchmark.name}: ${benchmark.title}`);
  const started = performance.now();
  rows.push(...(await benchmark.run(options)));
  console.log(`  (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${options.seconds} s per measurement`;
const table = `${formatTable(rows)}\n\n${machine}; ${new Date().toISOString()}`;
console.log(`\n${table}`);
if (values.out) {
  // The table is the run's result: its folder is made if it is missing, not the 17 minutes lost.
  await mkdir(dirname(values.out), { recursive: true });
  await writeFile(values.out, `${table}\n`);
}
