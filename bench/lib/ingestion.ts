// The Adyen webhook in process (app.inject) on a fresh database with the demo world seeded: what the psp-ingestion
// suite and bench/bin-index-cost.ts both measure, built once here. Notifications are made for one of the demo
// world's terminals, signed with a key of this run, and delivered with basic auth as Adyen does.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type App, buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { type Database, openDatabase } from '../../apps/api/src/db/client.ts';
import { devices, transactions } from '../../apps/api/src/db/schema/index.ts';
import { seedDemoWorld } from '../../apps/api/src/db/seed.ts';
import { type AdyenNotificationItem, signItem } from '../../apps/api/src/modules/psp/adyen-notification.ts';

const HMAC_KEY = randomBytes(32).toString('hex').toUpperCase();
const USER = 'bench';
const PASSWORD = 'Bench-webhook-2026';
const AUTHORIZATION = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

export interface IngestionWorld {
  app: App;
  database: Database;
  /** The terminal every notification names, its merchant and site. */
  device: { serial: string; merchantId: string; siteId: string };
  /** How many notifications `makeItems` has made so far (each a new payment, `merchantReference` bench-<n>). */
  made: () => number;
  /**
   * New payments' notifications. `bins: 'one'` gives every card the same BIN and last four; `'varied'` spreads them
   * as real traffic does (one BIN for every row makes an index on it unusually cheap to insert into).
   */
  makeItems: (count: number, bins?: 'one' | 'varied') => AdyenNotificationItem[];
  /** The items as signed delivery bodies, `size` items each. */
  deliveriesOf: (items: AdyenNotificationItem[], size: number) => string[];
  /** Delivers every body, `concurrency` deliveries in flight at once; `count` notifications per second. */
  deliverAll: (deliveries: string[], count: number, concurrency?: number) => Promise<number>;
  /** The anchor: the same payments inserted bare, `batch` rows per statement; rows per second. */
  bareInsert: (items: AdyenNotificationItem[], referencePrefix: string, batch: number) => Promise<number>;
  close: () => Promise<void>;
}

/** `url`: a PostgreSQL database (fresh, made by the caller), or none for PGlite in memory. */
export async function ingestionWorld(url: string | undefined): Promise<IngestionWorld> {
  const database = await openDatabase({ url, dataDir: 'memory://' });
  await database.migrate();
  await seedDemoWorld(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PORTAL_DIST: '/nonexistent',
    ADYEN_HMAC_KEY: HMAC_KEY,
    ADYEN_NOTIFICATION_USERNAME: USER,
    ADYEN_NOTIFICATION_PASSWORD: PASSWORD,
  });
  const app = await buildApp({ config, database });
  await app.ready();
  const [terminal] = await database.db
    .select({ serial: devices.serial, merchantId: devices.merchantId, siteId: devices.siteId })
    .from(devices)
    .where(sql`${devices.siteId} is not null`)
    .limit(1);
  if (!terminal?.siteId) throw new Error('the demo world has no terminal');
  const device = { serial: terminal.serial, merchantId: terminal.merchantId, siteId: terminal.siteId };

  let sequence = 0;
  const makeItems = (count: number, bins: 'one' | 'varied' = 'one'): AdyenNotificationItem[] =>
    Array.from({ length: count }, () => {
      const i = sequence++;
      return {
        additionalData: {
          terminalId: device.serial,
          cardBin: bins === 'one' ? '424242' : String(400000 + ((i * 7919) % 200000)),
          cardSummary: bins === 'one' ? '4242' : String(1000 + (i % 9000)),
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
  const bareInsert = async (items: AdyenNotificationItem[], referencePrefix: string, batch: number) => {
    const rows = items.map((item) => ({
      merchantId: device.merchantId,
      siteId: device.siteId,
      pspReference: `${referencePrefix}${item.pspReference}`,
      amount: item.amount.value,
      currency: 'GBP',
      status: 'captured',
      source: 'adyen-terminal',
      cardBin: String(item.additionalData?.cardBin),
      cardLastFour: String(item.additionalData?.cardSummary),
      createdAt: new Date(item.eventDate),
    }));
    const started = performance.now();
    for (let i = 0; i < rows.length; i += batch)
      await database.db.insert(transactions).values(rows.slice(i, i + batch));
    return (rows.length * 1000) / (performance.now() - started);
  };
  const close = async () => {
    await app.close();
    await database.close();
  };
  return {
    app,
    database,
    device,
    made: () => sequence,
    makeItems,
    deliveriesOf,
    deliverAll,
    bareInsert,
    close,
  };
}
