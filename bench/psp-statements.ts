// Where the PSP ingestion benchmark's time goes on PostgreSQL (docs/PERFORMANCE.md, "PSP ingestion"):
// `node bench/psp-statements.ts [port]` runs bench/suites/psp-ingestion.ts in this process with
// `pg.Client.prototype.query` wrapped, then prints the wall time of every statement kind (from its sending to its
// answer; pipelined statements overlap) summed over the run, per delivery of the batched figure and in total.
// Run it with `node --cpu-prof --cpu-prof-dir=DIR bench/psp-statements.ts` for a CPU profile of the same run.
import pg from 'pg';
import { benchmark } from './suites/psp-ingestion.ts';

const timing = new Map<string, { count: number; ms: number }>();
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
const textOf = (value: unknown) =>
  typeof value === 'string' ? value : ((value as { text?: unknown } | null)?.text ?? '(not SQL)');
pg.Client.prototype.query = function timed(this: pg.Client, ...args: unknown[]) {
  const result = query.apply(this, args);
  if (!(result instanceof Promise)) return result;
  const started = performance.now();
  const key = String(textOf(args[0]))
    .replace(/\s+/g, ' ')
    .replace(/\$\d+(, \$\d+)*/g, '$…')
    .slice(0, 110);
  const done = () => {
    const entry = timing.get(key) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += performance.now() - started;
    timing.set(key, entry);
  };
  result.then(done, done);
  return result;
} as typeof pg.Client.prototype.query;

const port = Number(process.argv[2] ?? 3110);
const rows = await benchmark.run({
  seconds: 5,
  loadSeconds: 60,
  iterations: 200,
  lighthouseRuns: 1,
  transactions: 2000,
  exportRows: 100,
  exportRounds: 1,
  payoutTransactions: 100,
  listTransactions: 20000,
  listDatabase: undefined,
  port,
  postgres: true,
});
for (const row of rows) console.log(`${row.what}: ${Math.round(row.value)} ${row.unit}`);
const total = [...timing.values()].reduce((sum, entry) => sum + entry.ms, 0);
console.log('\n| statement | count | ms in total | ms each | share |\n|---|---:|---:|---:|---:|');
for (const [key, entry] of [...timing].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25))
  console.log(
    `| \`${key}\` | ${entry.count} | ${entry.ms.toFixed(0)} | ${(entry.ms / entry.count).toFixed(2)} | ${((100 * entry.ms) / total).toFixed(1)} % |`,
  );
