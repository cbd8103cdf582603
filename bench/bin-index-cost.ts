// What the BIN index (migration 0045, `transactions_merchant_card_bin_idx`) costs ingestion (a diagnosis tool,
// docs/PERFORMANCE.md "Session 15 (list1m)"): `node bench/bin-index-cost.ts [rounds] [notifications a round]
// [rows first]` (rows first: that many transactions of varied BINs inserted for the merchant before measuring, so
// the index is the size of a large merchant's).
// One fresh PostgreSQL database (`mp_bench_<BENCH_PORT>_binidx`, migrated, the demo world seeded, dropped after),
// the API in process as the psp-ingestion suite builds it; each round measures, with the index and without it
// (dropped, then created again), in turns and the order swapped every round: the webhook's new notifications (100
// per delivery) and the bare multi-row insert of the same transactions (100 per statement). Prints every run with
// the load average, then the medians.
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { ingestionWorld } from './lib/ingestion.ts';
import { dropPostgresDatabase, freshPostgresDatabase } from './lib/server.ts';

const rounds = Number(process.argv[2] ?? 5);
const count = Number(process.argv[3] ?? 3000);
const prefill = Number(process.argv[4] ?? 0);
const BATCH = 100;
const INDEX = 'transactions_merchant_card_bin_idx';
const loadAverage = () => /load average: (.*)$/.exec(execFileSync('uptime').toString().trim())?.[1] ?? '?';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const name = `mp_bench_${process.env.BENCH_PORT ?? 3140}_binidx`;
const world = await ingestionWorld(await freshPostgresDatabase(name));
const { database, device } = world;
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const [definition] = await rowsOf<{ indexdef: string }>(
  sql`select indexdef from pg_indexes where indexname = ${INDEX}`,
);
if (!definition) throw new Error(`no ${INDEX}`);
if (prefill > 0) {
  const started = performance.now();
  await database.db.execute(sql`
    insert into transactions (merchant_id, site_id, psp_reference, amount, currency, status, source, card_bin,
                              card_last_four, created_at)
    select ${device.merchantId}::uuid, ${device.siteId}::uuid, 'PRE' || i, 100 + i % 5000, 'GBP', 'captured',
           'adyen-terminal', (400000 + (i::bigint * 7919) % 200000)::text, (1000 + i % 9000)::text,
           now() - (i % 7776000) * interval '1 second'
      from generate_series(1, ${prefill}) as i`);
  await database.db.execute(sql`vacuum analyze transactions`);
  console.log(
    `${prefill} transactions inserted first in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

// Varied BINs, as real traffic (one BIN for every row would make the index's inserts unusually cheap). The
// deliveries are signed before the clock starts, as in the psp-ingestion suite.
const makeItems = (n: number) => world.makeItems(n, 'varied');
const webhook = (items: ReturnType<typeof makeItems>) =>
  world.deliverAll(world.deliveriesOf(items, BATCH), items.length);
const bareInsert = (items: ReturnType<typeof makeItems>) => world.bareInsert(items, 'BARE', BATCH);
const setIndex = async (present: boolean) => {
  await database.db.execute(sql.raw(`drop index if exists ${INDEX}`));
  if (present) await database.db.execute(sql.raw(definition.indexdef));
  await database.db.execute(sql`analyze transactions`);
};

await webhook(makeItems(BATCH * 3)); // warm-up: plans, JIT
const runs = {
  with: { webhook: [] as number[], bare: [] as number[] },
  without: { webhook: [] as number[], bare: [] as number[] },
};
for (let round = 0; round < rounds; round += 1) {
  const order = round % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const);
  for (const side of order) {
    await setIndex(side === 'with');
    const bare = await bareInsert(makeItems(count));
    const hook = await webhook(makeItems(count));
    runs[side].bare.push(bare);
    runs[side].webhook.push(hook);
    console.log(
      `round ${round + 1} ${side.padEnd(7)} index: webhook ${hook.toFixed(0)}/s, bare insert ${bare.toFixed(0)}/s (load ${loadAverage()})`,
    );
  }
}
await setIndex(true);
const [rows] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from transactions`);
console.log(`medians (${rows?.n} transactions in the table at the end):`);
for (const side of ['with', 'without'] as const)
  console.log(
    `  ${side.padEnd(7)} index: webhook ${median(runs[side].webhook).toFixed(0)}/s, bare insert ${median(runs[side].bare).toFixed(0)}/s`,
  );
await world.close();
await dropPostgresDatabase(name);
