import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, pspNotifications, transactions } from '../src/db/schema/index.ts';
import { createPspSimulator } from '../src/modules/psp/simulator.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/** A seeded generator (mulberry32), so the traffic mix of a run is always the same. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4294967296) * n);
  };
}

// Issue 11 §1: the embedded PSP makes card traffic through the very webhook real Adyen notifications use.
describe('PSP simulator', () => {
  let t: TestApp;
  let w: AccessWorld;
  const stamp = Date.now().toString().slice(-8);

  const count = async (merchantId: string) => {
    const [row] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(eq(transactions.merchantId, merchantId));
    return row?.n ?? 0;
  };

  beforeAll(async () => {
    // No Adyen credentials: the webhook takes the simulator's, made up for this process.
    t = await createTestApp();
    w = await createAccessWorld(t.app, 'Sim');
    await t.app.db.insert(devices).values([
      { merchantId: w.merchantA, siteId: w.siteA1, serial: `SIM-A1-${stamp}`, model: 'without-printer' },
      { merchantId: w.merchantB, siteId: w.siteB1, serial: `SIM-B1-${stamp}`, model: 'with-printer' },
    ]);
  });
  afterAll(() => t.close());

  it('delivers signed notifications through the webhook: sales, declines, pre-authorisations captured later, card-not-present', async () => {
    const simulator = createPspSimulator({
      app: t.app,
      db: t.app.db,
      credentials: t.app.psp.webhook,
      ratePerMinute: 0,
      followUpDelay: () => 0,
      random: seeded(11),
    });
    let delivered = 0;
    for (let i = 0; i < 120; i += 1) delivered += (await simulator.tick()).delivered;
    // Follow-ups due now go with the next tick.
    delivered += (await simulator.tick()).delivered;
    expect(delivered).toBeGreaterThanOrEqual(121);

    const rows = await t.app.db
      .select({
        id: transactions.id,
        status: transactions.status,
        source: transactions.source,
        siteId: transactions.siteId,
        merchantId: transactions.merchantId,
        cardLastFour: transactions.cardLastFour,
        tip: transactions.tipAmount,
      })
      .from(transactions);
    expect(rows.length).toBeGreaterThanOrEqual(110);
    const statuses = new Set(rows.map((row) => row.status));
    const sources = new Set(rows.map((row) => row.source));
    expect(statuses).toContain('captured');
    expect(statuses).toContain('failed');
    expect(sources).toEqual(new Set(['adyen-terminal', 'pay-by-link', 'tap-to-pay']));
    expect(rows.some((row) => row.tip > 0)).toBe(true);
    for (const row of rows) {
      expect([w.siteA1, w.siteA2, w.siteB1]).toContain(row.siteId);
      expect(row.cardLastFour).toMatch(/^\d{4}$/);
    }
    // Every transaction came in as stored notifications (the same path as Adyen's), none inserted directly.
    const [unbacked] = await t.app.db
      .execute(sql`
      select count(*)::int as n from transactions t
       where not exists (select 1 from psp_notifications n where n.transaction_id = t.id)`)
      .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    expect(unbacked?.n).toBe(0);
    // Pre-authorisations were captured by the follow-up CAPTURE notification.
    const captures = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pspNotifications)
      .where(eq(pspNotifications.eventCode, 'CAPTURE'));
    expect(captures[0]?.n).toBeGreaterThan(0);
    expect(simulator.pending()).toBe(0);
  }, 90_000);

  it('sends the payments of a busy second as one delivery, as Adyen batches steady traffic', async () => {
    let deliveries = 0;
    const simulator = createPspSimulator({
      app: {
        log: t.app.log,
        inject: ((options: InjectOptions) => {
          deliveries += 1;
          return t.app.inject(options);
        }) as unknown as typeof t.app.inject,
      },
      db: t.app.db,
      credentials: t.app.psp.webhook,
      ratePerMinute: 0,
      followUpDelay: () => 60_000,
      random: seeded(5),
    });
    const before = (await count(w.merchantA)) + (await count(w.merchantB));
    const { delivered } = await simulator.tick(40);
    expect(delivered).toBe(40);
    expect(deliveries).toBe(1);
    expect((await count(w.merchantA)) + (await count(w.merchantB))).toBe(before + 40);
  }, 60_000);

  it('runs at its rate once started and stops cleanly', async () => {
    const simulator = createPspSimulator({
      app: t.app,
      db: t.app.db,
      credentials: t.app.psp.webhook,
      ratePerMinute: 1200,
    });
    const before = (await count(w.merchantA)) + (await count(w.merchantB));
    simulator.start();
    const deadline = Date.now() + 40_000; // a generous bound: 3 payments at 20 a second, on a loaded machine
    while ((await count(w.merchantA)) + (await count(w.merchantB)) < before + 3) {
      if (Date.now() > deadline) throw new Error('the simulator made no payments');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await simulator.stop();
    const stopped = (await count(w.merchantA)) + (await count(w.merchantB));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await count(w.merchantA)) + (await count(w.merchantB))).toBe(stopped);
  }, 90_000);

  it('with rate 0 never starts', async () => {
    const simulator = createPspSimulator({
      app: t.app,
      db: t.app.db,
      credentials: t.app.psp.webhook,
      ratePerMinute: 0,
    });
    const before = await count(w.merchantA);
    simulator.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await simulator.stop();
    expect(await count(w.merchantA)).toBe(before);
  });
});
