// DESIGN §4: pagination is keyset. This measures why, on the transactions table: fetching a page deep in a
// merchant's history with OFFSET (the baseline most code starts with) against the keyset query the API uses.
// Measured as a running API's database is, after its maintenance pass (PGlite has no autovacuum: decision 0128),
// and, for reference, before that pass, when the planner has no statistics of the seeded tables.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { maintainPglite } from '../../apps/api/src/db/pglite-maintenance.ts';
import { seedDemoWorld } from '../../apps/api/src/db/seed.ts';
import { suite } from '../lib/harness.ts';
import type { Benchmark, BenchRow } from '../lib/registry.ts';

interface Row {
  created_at: string;
  id: string;
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** Both drivers answer `execute` with `{ rows }`; the shared Db type does not say so. */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function benchPagination(transactionCount: number, iterations: number): Promise<BenchRow[]> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const started = performance.now();
  await seedDemoWorld(database.db, { transactions: transactionCount });
  console.log(
    `\nSeeded ${transactionCount} transactions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const db = database.db;

  const top = await rows<{ merchant_id: string; n: number }>(
    db,
    sql`select merchant_id, count(*)::int as n from transactions group by merchant_id order by n desc limit 1`,
  );
  const first = top[0];
  if (!first) throw new Error('no transactions were seeded');
  const merchantId = first.merchant_id;
  const pageSize = 50;
  const depth = Math.floor(first.n * 0.8);
  // The key of the row just before the deep page, as a client holding `lastKey` would have it.
  const anchor = await rows<Row>(
    db,
    sql`select created_at, id from transactions where merchant_id = ${merchantId}
        order by created_at desc nulls last, id desc nulls last offset ${depth - 1} limit 1`,
  );
  const key = anchor[0];
  if (!key) throw new Error('no anchor row');

  const offsetPage = () =>
    rows(
      db,
      sql`select * from transactions where merchant_id = ${merchantId}
          order by created_at desc nulls last, id desc nulls last offset ${depth} limit ${pageSize}`,
    );
  const keysetPage = () =>
    rows(
      db,
      sql`select * from transactions where merchant_id = ${merchantId}
          and (created_at, id) < (${key.created_at}::timestamptz, ${key.id}::uuid)
          order by created_at desc nulls last, id desc nulls last limit ${pageSize}`,
    );
  const [a, b] = await Promise.all([offsetPage(), keysetPage()]);
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('keyset and offset pages differ');

  const [, unanalyzed] = await suite(
    `Page of ${pageSize} at row ${depth} of ${first.n} (one merchant's transactions, PGlite), before the maintenance pass`,
    { name: 'OFFSET pagination (baseline)', run: offsetPage },
    [{ name: 'keyset pagination (lastKey)', run: keysetPage }],
    { iterations, warmup: 3 },
  );
  if (!('pglite' in database.jobConnection)) throw new Error('the pagination suite runs on PGlite');
  const pass = await maintainPglite(database.jobConnection.pglite);
  console.log(
    `Maintenance pass: ${pass.vacuumed.length} tables vacuumed, ${pass.analyzed.length} analyzed, ${pass.milliseconds.toFixed(0)} ms`,
  );
  const [offset, keyset] = await suite(
    `Page of ${pageSize} at row ${depth} of ${first.n} (one merchant's transactions, PGlite)`,
    { name: 'OFFSET pagination (baseline)', run: offsetPage },
    [{ name: 'keyset pagination (lastKey)', run: keysetPage }],
    { iterations, warmup: 3 },
  );
  await database.close();
  if (!offset || !keyset || !unanalyzed) return [];
  return [
    {
      what: `PGlite: keyset page of ${pageSize} at row ${depth} of ${first.n}`,
      value: 1000 / keyset.meanMs,
      unit: 'pages/s',
      anchor: { what: 'the same page with OFFSET', value: 1000 / offset.meanMs },
      goal: '≥ 1× anchor',
      met: keyset.meanMs <= offset.meanMs,
    },
    {
      what: `PGlite: keyset page of ${pageSize}, p95`,
      value: keyset.p95Ms,
      unit: 'ms',
      goal: '≤ 10 ms',
      met: keyset.p95Ms <= 10,
    },
    {
      what: `PGlite: keyset page of ${pageSize}, p95, before the database's first maintenance pass (no statistics)`,
      value: unanalyzed.p95Ms,
      unit: 'ms',
      goal: 'reference',
    },
  ];
}

export const benchmark: Benchmark = {
  name: 'pagination',
  title: 'a deep page of transactions: keyset against OFFSET',
  run: (options) => benchPagination(options.transactions, Math.max(10, Math.floor(options.iterations / 10))),
};
