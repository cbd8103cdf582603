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
import { randomBytes } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { devices, transactions } from '../../apps/api/src/db/schema/index.ts';
import { seedDemoWorld } from '../../apps/api/src/db/seed.ts';
import { type AdyenNotificationItem, signItem } from '../../apps/api/src/modules/psp/adyen-notification.ts';
import type { Benchmark, BenchOptions, BenchRow } from '../lib/registry.ts';
import { freshPostgresDatabase, postgresServer } from '../lib/server.ts';

const HMAC_KEY = randomBytes(32).toString('hex').toUpperCase();
const USER = 'bench';
const PASSWORD = 'Bench-webhook-2026';
const AUTHORIZATION = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
const BATCH = 100;
const ROUNDS = 3;
const GOAL_PER_SECOND = 3000;
const CONCURRENT = 25;

async function dropPostgresDatabase(name: string) {
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function benchOn(
  kind: 'pglite' | 'postgres',
  options: BenchOptions,
  batchedCount: number,
  singleCount: number,
): Promise<BenchRow[]> {
  const url = kind === 'postgres' ? await freshPostgresDatabase(`mp_bench_${options.port}_psp`) : undefined;
  const database = await openDatabase({ url, dataDir: 'memory://' });
  await database.migrate();
  await seedDemoWorld(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS_IN_PROCESS: 'false',
    SEED_DEMO: 'false',
    PORTAL_DIST: '/nonexistent',
    ADYEN_HMAC_KEY: HMAC_KEY,
    ADYEN_NOTIFICATION_USERNAME: USER,
    ADYEN_NOTIFICATION_PASSWORD: PASSWORD,
  });
  const app = await buildApp({ config, database });
  await app.ready();
  const [device] = await database.db
    .select({ serial: devices.serial, merchantId: devices.merchantId, siteId: devices.siteId })
    .from(devices)
    .where(sql`${devices.siteId} is not null`)
    .limit(1);
  if (!device?.siteId) throw new Error('the demo world has no terminal');
  const siteId = device.siteId;

  let sequence = 0;
  const makeItems = (count: number): AdyenNotificationItem[] =>
    Array.from({ length: count }, () => {
      const i = sequence++;
      return {
        additionalData: {
          terminalId: device.serial,
          cardBin: '424242',
          cardSummary: '4242',
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
  const deliveriesOf = (items: AdyenNotificationItem[], size: number) => {
    const deliveries: string[] = [];
    for (let i = 0; i < items.length; i += size) {
      const batch = items
        .slice(i, i + size)
        .map((item) => ({ NotificationRequestItem: signItem(item, HMAC_KEY) }));
      deliveries.push(JSON.stringify({ live: 'false', notificationItems: batch }));
    }
    return deliveries;
  };
  /** Delivers every payload, `concurrency` deliveries in flight at once; notifications per second. */
  const deliverAll = async (deliveries: string[], count: number, concurrency = 1) => {
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < deliveries.length) {
        const payload = deliveries[next++] as string;
        const reply = await app.inject({
          method: 'POST',
          url: '/api/psp/adyen/notifications',
          headers: { authorization: AUTHORIZATION, 'content-type': 'application/json' },
          payload,
        });
        if (reply.statusCode !== 200) throw new Error(`webhook answered ${reply.statusCode}: ${reply.body}`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return (count * 1000) / (performance.now() - started);
  };
  const bareInsert = async (items: AdyenNotificationItem[], round: number) => {
    const rows = items.map((item) => ({
      merchantId: device.merchantId,
      siteId,
      pspReference: `BARE${round}${item.pspReference}`,
      amount: item.amount.value,
      currency: 'GBP',
      status: 'captured',
      source: 'adyen-terminal',
      cardBin: '424242',
      cardLastFour: '4242',
      createdAt: new Date(item.eventDate),
    }));
    const started = performance.now();
    for (let i = 0; i < rows.length; i += BATCH)
      await database.db.insert(transactions).values(rows.slice(i, i + BATCH));
    return (rows.length * 1000) / (performance.now() - started);
  };

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
  if (made?.n !== sequence) throw new Error(`${sequence} notifications made ${made?.n} transactions`);
  const [once] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(eq(transactions.merchantReference, 'bench-0'));
  if (once?.n !== 1) throw new Error('a duplicate created a second transaction');

  await app.close();
  await database.close();
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
