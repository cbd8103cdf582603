// Issue 11 §5: notifications/s through the Adyen webhook (basic auth, HMAC check of every item, store, dedupe,
// apply), against a bare insert of the same transactions into the table, in the same run, on PGlite (in memory)
// and on PostgreSQL (a fresh database, when reachable). In-process (app.inject), the demo world seeded.
//
// Three figures per database, each a median of three rounds taken in turns with the anchor:
// - batched: BATCH items per delivery (Adyen sends up to a few hundred per request when traffic is steady);
// - single: one item per delivery (a quiet terminal, or Adyen's retries), the worst case, one delivery at a time;
// - concurrent single: one item per delivery, CONCURRENT deliveries in flight at once (many terminals, each
//   reported on its own; what group commit is for);
// - duplicates: the batched deliveries again, which must change nothing.
// The anchor is a bare multi-row insert of the same transactions, BATCH rows per statement.
import { eq, like, sql } from 'drizzle-orm';
import { transactions } from '../../apps/api/src/db/schema/index.ts';
import { ingestionWorld } from '../lib/ingestion.ts';
import type { Benchmark, BenchOptions, BenchRow } from '../lib/registry.ts';
import { dropPostgresDatabase, freshPostgresDatabase } from '../lib/server.ts';

const BATCH = 100;
const ROUNDS = 3;
const GOAL_PER_SECOND = 3000;
const CONCURRENT = 25;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function benchOn(
  kind: 'pglite' | 'postgres',
  options: BenchOptions,
  batchedCount: number,
  singleCount: number,
): Promise<BenchRow[]> {
  const url = kind === 'postgres' ? await freshPostgresDatabase(`mp_bench_${options.port}_psp`) : undefined;
  const world = await ingestionWorld(url);
  const { database, makeItems, deliveriesOf, deliverAll } = world;
  const bareInsert = (items: ReturnType<typeof makeItems>, round: number) =>
    world.bareInsert(items, `BARE${round}`, BATCH);

  // Warm-up (plans, JIT), not counted.
  await deliverAll(deliveriesOf(makeItems(BATCH), BATCH), BATCH);
  await deliverAll(deliveriesOf(makeItems(10), 1), 10);
  await deliverAll(deliveriesOf(makeItems(CONCURRENT), 1), CONCURRENT, CONCURRENT);

  const batched: number[] = [];
  const single: number[] = [];
  const concurrent: number[] = [];
  const duplicates: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const items = makeItems(batchedCount);
    bare.push(await bareInsert(items, round));
    const deliveries = deliveriesOf(items, BATCH);
    batched.push(await deliverAll(deliveries, batchedCount));
    duplicates.push(await deliverAll(deliveries, batchedCount));
    single.push(await deliverAll(deliveriesOf(makeItems(singleCount), 1), singleCount));
    concurrent.push(
      await deliverAll(deliveriesOf(makeItems(singleCount * 2), 1), singleCount * 2, CONCURRENT),
    );
  }
  const [made] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(like(transactions.merchantReference, 'bench-%'));
  if (made?.n !== world.made()) throw new Error(`${world.made()} notifications made ${made?.n} transactions`);
  const [once] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(eq(transactions.merchantReference, 'bench-0'));
  if (once?.n !== 1) throw new Error('a duplicate created a second transaction');

  await world.close();
  if (url) await dropPostgresDatabase(`mp_bench_${options.port}_psp`);
  const name = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const anchor = {
    what: `bare insert of the same transactions, ${BATCH} per statement`,
    value: median(bare),
  };
  return [
    {
      what: `webhook, ${name}: new notifications, ${BATCH} per delivery (HMAC, store, dedupe, apply)`,
      value: median(batched),
      unit: 'notifications/s',
      anchor,
      goal: `≥ ${GOAL_PER_SECOND}/s`,
      met: median(batched) >= GOAL_PER_SECOND,
    },
    {
      what: `webhook, ${name}: the same deliveries again (duplicates, ignored)`,
      value: median(duplicates),
      unit: 'notifications/s',
      anchor,
      goal: `≥ ${GOAL_PER_SECOND}/s`,
      met: median(duplicates) >= GOAL_PER_SECOND,
    },
    {
      what: `webhook, ${name}: new notifications, 1 per delivery`,
      value: median(single),
      unit: 'notifications/s',
      anchor,
      goal: 'reported (no goal)',
    },
    {
      what: `webhook, ${name}: new notifications, 1 per delivery, ${CONCURRENT} deliveries at once`,
      value: median(concurrent),
      unit: 'notifications/s',
      anchor,
      goal: 'reported (no goal)',
    },
  ];
}

export const benchmark: Benchmark = {
  name: 'psp-ingestion',
  title: 'Adyen notifications through the webhook, against a bare insert of the same rows',
  run: async (options) => {
    const batchedCount = Math.max(500, Math.min(options.transactions, 3000));
    const singleCount = Math.max(100, Math.floor(batchedCount / 10));
    const rows = await benchOn('pglite', options, batchedCount, singleCount);
    if (options.postgres) rows.push(...(await benchOn('postgres', options, batchedCount, singleCount)));
    return rows;
  },
};
