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
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { devices, transactions } from '../apps/api/src/db/schema/index.ts';
import { seedDemoWorld } from '../apps/api/src/db/seed.ts';
import { type AdyenNotificationItem, signItem } from '../apps/api/src/modules/psp/adyen-notification.ts';
import { freshPostgresDatabase, postgresServer } from './lib/server.ts';

const rounds = Number(process.argv[2] ?? 5);
const count = Number(process.argv[3] ?? 3000);
const prefill = Number(process.argv[4] ?? 0);
const BATCH = 100;
const HMAC_KEY = randomBytes(32).toString('hex').toUpperCase();
const AUTHORIZATION = `Basic ${Buffer.from('bench:Bench-webhook-2026').toString('base64')}`;
const INDEX = 'transactions_merchant_card_bin_idx';
const loadAverage = () => /load average: (.*)$/.exec(execFileSync('uptime').toString().trim())?.[1] ?? '?';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const name = `mp_bench_${process.env.BENCH_PORT ?? 3140}_binidx`;
const url = await freshPostgresDatabase(name);
const database = await openDatabase({ url, dataDir: 'memory://' });
await database.migrate();
await seedDemoWorld(database.db);
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const [definition] = await rowsOf<{ indexdef: string }>(
  sql`select indexdef from pg_indexes where indexname = ${INDEX}`,
);
if (!definition) throw new Error(`no ${INDEX}`);
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS_IN_PROCESS: 'false',
    SEED_DEMO: 'false',
    PORTAL_DIST: '/nonexistent',
    ADYEN_HMAC_KEY: HMAC_KEY,
    ADYEN_NOTIFICATION_USERNAME: 'bench',
    ADYEN_NOTIFICATION_PASSWORD: 'Bench-webhook-2026',
  }),
  database,
});
await app.ready();
const [device] = await database.db
  .select({ serial: devices.serial, merchantId: devices.merchantId, siteId: devices.siteId })
  .from(devices)
  .where(sql`${devices.siteId} is not null`)
  .limit(1);
if (!device?.siteId) throw new Error('the demo world has no terminal');
const siteId = device.siteId;
if (prefill > 0) {
  const started = performance.now();
  await database.db.execute(sql`
    insert into transactions (merchant_id, site_id, psp_reference, amount, currency, status, source, card_bin,
                              card_last_four, created_at)
    select ${device.merchantId}::uuid, ${siteId}::uuid, 'PRE' || i, 100 + i % 5000, 'GBP', 'captured',
           'adyen-terminal', (400000 + (i::bigint * 7919) % 200000)::text, (1000 + i % 9000)::text,
           now() - (i % 7776000) * interval '1 second'
      from generate_series(1, ${prefill}) as i`);
  await database.db.execute(sql`vacuum analyze transactions`);
  console.log(
    `${prefill} transactions inserted first in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

let sequence = 0;
const makeItems = (n: number): AdyenNotificationItem[] =>
  Array.from({ length: n }, () => {
    const i = sequence++;
    return {
      // Varied BINs, as real traffic (one BIN for every row would make the index's inserts unusually cheap).
      additionalData: {
        terminalId: device.serial,
        cardBin: String(400000 + ((i * 7919) % 200000)),
        cardSummary: String(1000 + (i % 9000)),
        issuerCountry: 'GB',
      },
      amount: { currency: 'GBP', value: 100 + (i % 5000) },
      eventCode: 'AUTHORISATION',
      eventDate: new Date(Date.now() - i * 1000).toISOString(),
      merchantAccountCode: 'BenchAccount',
      merchantReference: `bench-${i}`,
      paymentMethod: 'visa',
      pspReference: `BENCH${randomBytes(6).toString('hex').toUpperCase()}`,
      reason: '',
      success: 'true',
    };
  });
const webhook = async (items: AdyenNotificationItem[]) => {
  const started = performance.now();
  for (let i = 0; i < items.length; i += BATCH) {
    const payload = JSON.stringify({
      live: 'false',
      notificationItems: items
        .slice(i, i + BATCH)
        .map((item) => ({ NotificationRequestItem: signItem(item, HMAC_KEY) })),
    });
    const reply = await app.inject({
      method: 'POST',
      url: '/api/psp/adyen/notifications',
      headers: { authorization: AUTHORIZATION, 'content-type': 'application/json' },
      payload,
    });
    if (reply.statusCode !== 200) throw new Error(`webhook answered ${reply.statusCode}: ${reply.body}`);
  }
  return (items.length * 1000) / (performance.now() - started);
};
const bareInsert = async (items: AdyenNotificationItem[]) => {
  const rows = items.map((item) => ({
    merchantId: device.merchantId,
    siteId,
    pspReference: `BARE${item.pspReference}`,
    amount: item.amount.value,
    currency: 'GBP',
    status: 'captured',
    source: 'adyen-terminal',
    cardBin: item.additionalData?.cardBin as string,
    cardLastFour: item.additionalData?.cardSummary as string,
    createdAt: new Date(item.eventDate),
  }));
  const started = performance.now();
  for (let i = 0; i < rows.length; i += BATCH)
    await database.db.insert(transactions).values(rows.slice(i, i + BATCH));
  return (rows.length * 1000) / (performance.now() - started);
};
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
await app.close();
await database.close();
const admin = new pg.Client({ connectionString: postgresServer });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.end();
