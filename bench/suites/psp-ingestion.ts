// Issue 11 §5: notifications/s through the Adyen webhook (basic auth, HMAC check of every item, store, dedupe,
// apply), against a bare insert of the same transactions into the table, in the same run. In-process
// (app.inject) on an in-memory PGlite with the demo world; every item is delivered twice (the second time as
// a duplicate, which must change nothing).
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { devices, transactions } from '../../apps/api/src/db/schema/index.ts';
import { seedDemoWorld } from '../../apps/api/src/db/seed.ts';
import { type AdyenNotificationItem, signItem } from '../../apps/api/src/modules/psp/adyen-notification.ts';
import type { Benchmark, BenchRow } from '../lib/registry.ts';

const HMAC_KEY = randomBytes(32).toString('hex').toUpperCase();
const USER = 'bench';
const PASSWORD = 'Bench-webhook-2026';
const BATCH = 50;
const GOAL_PER_SECOND = 3000;

async function benchIngestion(count: number): Promise<BenchRow[]> {
  const database = await openDatabase({ dataDir: 'memory://' });
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

  const items: AdyenNotificationItem[] = Array.from({ length: count }, (_, i) => ({
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
  }));
  const authorization = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
  const deliveries: string[] = [];
  for (let i = 0; i < items.length; i += BATCH) {
    const batch = items
      .slice(i, i + BATCH)
      .map((item) => ({ NotificationRequestItem: signItem(item, HMAC_KEY) }));
    deliveries.push(JSON.stringify({ live: 'false', notificationItems: batch }));
  }
  const deliverAll = async () => {
    const started = performance.now();
    for (const payload of deliveries) {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/psp/adyen/notifications',
        headers: { authorization, 'content-type': 'application/json' },
        payload,
      });
      if (reply.statusCode !== 200) throw new Error(`webhook answered ${reply.statusCode}: ${reply.body}`);
    }
    return (count * 1000) / (performance.now() - started);
  };
  const fresh = await deliverAll();
  const duplicates = await deliverAll();
  const [stored] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(eq(transactions.merchantReference, 'bench-0'));
  if (stored?.n !== 1) throw new Error('a duplicate created a second transaction');

  // The anchor: the same rows inserted straight into the table, BATCH per statement.
  const rows = items.map((item) => ({
    merchantId: device.merchantId,
    siteId,
    pspReference: `BARE${item.pspReference}`,
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
  const bare = (count * 1000) / (performance.now() - started);

  await app.close();
  await database.close();
  const anchor = { what: `bare insert of the same transactions, ${BATCH} per statement`, value: bare };
  return [
    {
      what: `webhook, PGlite: new notifications (${BATCH} per delivery, HMAC, store, apply)`,
      value: fresh,
      unit: 'notifications/s',
      anchor,
      goal: `≥ ${GOAL_PER_SECOND}/s`,
      met: fresh >= GOAL_PER_SECOND,
    },
    {
      what: 'webhook, PGlite: the same notifications again (duplicates, ignored)',
      value: duplicates,
      unit: 'notifications/s',
      anchor,
      goal: `≥ ${GOAL_PER_SECOND}/s`,
      met: duplicates >= GOAL_PER_SECOND,
    },
  ];
}

export const benchmark: Benchmark = {
  name: 'psp-ingestion',
  title: 'Adyen notifications through the webhook, against a bare insert of the same rows',
  run: (options) => benchIngestion(Math.max(500, Math.min(options.transactions, 5000))),
};
