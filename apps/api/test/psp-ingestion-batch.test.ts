import { eq, inArray, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  devices,
  pspNotifications,
  refunds,
  transactionDailyTotals,
  transactions,
} from '../src/db/schema/index.ts';
import type { AdyenNotificationItem } from '../src/modules/psp/adyen-notification.ts';
import { signItem } from '../src/modules/psp/adyen-notification.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { ADYEN_TEST_ENV, ADYEN_TEST_HMAC_KEY, deliver, item, pspRef } from './helpers/adyen.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Issue 11 §5: a delivery of many items is stored with one statement and applied set-based in one transaction.
// Whatever the batching, the end state must be the one of applying the items one at a time.
describe('Adyen notifications in batches (set-based ingestion)', () => {
  let t: TestApp;
  let w: AccessWorld;
  const terminal = `BATCH-${Date.now().toString().slice(-9)}`;

  beforeAll(async () => {
    t = await createTestApp({ env: ADYEN_TEST_ENV });
    w = await createAccessWorld(t.app, 'PspBatch');
    await t.app.db
      .insert(devices)
      .values({ merchantId: w.merchantA, siteId: w.siteA1, serial: terminal, model: 'without-printer' });
  });
  afterAll(() => t.close());

  const ok = async (items: AdyenNotificationItem[]) => {
    const response = await deliver(t.app, items);
    expect(response.statusCode, response.body).toBe(200);
  };
  const transactionOf = async (pspReference: string) =>
    (await t.app.db.select().from(transactions).where(eq(transactions.pspReference, pspReference)))[0];
  /** How many rows of `table` carry one of these PSP references. */
  const countOf = async (
    table: typeof transactions | typeof pspNotifications,
    references: readonly string[],
  ) =>
    (
      await t.app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(inArray(table.pspReference, [...references]))
    )[0]?.n;

  // ── A scenario: payments, each with some of its notification items, as Adyen could send them. ──────────
  type Kind = 'sale' | 'preauth' | 'refused' | 'unreferenced';
  const MODIFICATIONS = [
    'CAPTURE',
    'CAPTURE_REFUSED',
    'CAPTURE_FAILED',
    'AUTHORISATION_ADJUSTMENT',
    'CANCELLATION',
    'CANCEL_OR_REFUND',
    'REFUND_1',
    'REFUND_1_FAILED',
    'REFUND_2',
    'REFUND_2_REFUSED',
    'REFUNDED_REVERSED_2',
    'NOTIFICATION_OF_CHARGEBACK',
    'CHARGEBACK',
    'CHARGEBACK_REVERSED',
  ] as const;
  const paymentArb = fc.record({
    kind: fc.constantFrom<Kind>('sale', 'sale', 'preauth', 'preauth', 'refused', 'unreferenced'),
    amount: fc.integer({ min: 500, max: 9000 }),
    tip: fc.constantFrom(0, 0, 150),
    bySite: fc.boolean(),
    withPayment: fc.oneof(
      { weight: 9, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
    modifications: fc.subarray([...MODIFICATIONS], { maxLength: 5 }),
  });
  type Payment = typeof paymentArb extends fc.Arbitrary<infer T> ? T : never;

  /** The items of a scenario, references made unique per world by `prefix`. */
  function itemsOf(payments: Payment[], prefix: string): AdyenNotificationItem[] {
    const start = Date.parse('2026-02-10T09:00:00Z');
    let minute = 0;
    const at = () => new Date(start + minute++ * 60_000).toISOString();
    return payments.flatMap((payment, p) => {
      const ref = `${prefix}P${p}`;
      const items: AdyenNotificationItem[] = [];
      const data: Record<string, string> = payment.bySite
        ? { 'metadata.siteId': w.siteA2, 'metadata.source': 'pay-by-link' }
        : { terminalId: terminal, cardBin: '41111111', cardSummary: '1111', issuerCountry: 'FR' };
      if (payment.kind === 'preauth') data.authorisationType = 'PreAuth';
      if (payment.tip) data['posadditionalamounts.gratuityAmount'] = String(payment.tip);
      const money = (value: number) => ({ currency: 'GBP', value });
      if (payment.withPayment)
        items.push(
          item({
            pspReference: ref,
            eventCode: payment.kind === 'unreferenced' ? 'REFUND_WITH_DATA' : 'AUTHORISATION',
            success: payment.kind === 'refused' ? 'false' : 'true',
            amount: money(payment.amount),
            eventDate: at(),
            additionalData: data,
          }),
        );
      const mod = (suffix: string, eventCode: string, extra: Partial<AdyenNotificationItem> = {}) =>
        item({
          pspReference: `${ref}${suffix}`,
          originalReference: ref,
          eventCode,
          amount: money(payment.amount),
          eventDate: at(),
          ...extra,
        });
      for (const code of payment.modifications) {
        if (code === 'CAPTURE') items.push(mod('C', 'CAPTURE', { amount: money(payment.amount - 100) }));
        if (code === 'CAPTURE_REFUSED')
          items.push(mod('C', 'CAPTURE', { success: 'false', reason: 'Refused' }));
        if (code === 'CAPTURE_FAILED') items.push(mod('C', 'CAPTURE_FAILED'));
        if (code === 'AUTHORISATION_ADJUSTMENT')
          items.push(mod('', 'AUTHORISATION_ADJUSTMENT', { pspReference: ref }));
        if (code === 'CANCELLATION') items.push(mod('X', 'CANCELLATION'));
        if (code === 'CANCEL_OR_REFUND') items.push(mod('Y', 'CANCEL_OR_REFUND'));
        if (code === 'REFUND_1') items.push(mod('R1', 'REFUND', { amount: money(300) }));
        if (code === 'REFUND_1_FAILED')
          items.push(mod('R1', 'REFUND_FAILED', { amount: money(300), reason: 'Insufficient balance' }));
        if (code === 'REFUND_2') items.push(mod('R2', 'REFUND', { amount: money(payment.amount) }));
        if (code === 'REFUND_2_REFUSED')
          items.push(
            mod('R2', 'REFUND', { amount: money(payment.amount), success: 'false', reason: 'Refused' }),
          );
        if (code === 'REFUNDED_REVERSED_2') items.push(mod('R2', 'REFUNDED_REVERSED'));
        if (code === 'NOTIFICATION_OF_CHARGEBACK') items.push(mod('B1', 'NOTIFICATION_OF_CHARGEBACK'));
        if (code === 'CHARGEBACK') items.push(mod('B2', 'CHARGEBACK'));
        if (code === 'CHARGEBACK_REVERSED') items.push(mod('B3', 'CHARGEBACK_REVERSED'));
      }
      return items;
    });
  }

  /** What the database says of a world's payments, with the world's prefix taken out. */
  async function stateOf(prefix: string) {
    const strip = (value: string | null) => value?.replaceAll(prefix, '') ?? null;
    const rows = await t.app.db
      .select()
      .from(transactions)
      .where(like(transactions.pspReference, `${prefix}%`))
      .orderBy(transactions.pspReference);
    const ids = rows.map((row) => row.id);
    const refundRows = ids.length
      ? await t.app.db.select().from(refunds).where(inArray(refunds.transactionId, ids))
      : [];
    const items = await t.app.db
      .select()
      .from(pspNotifications)
      .where(like(pspNotifications.paymentReference, `${prefix}%`));
    return {
      transactions: rows.map((row) => ({
        ref: strip(row.pspReference),
        merchantReference: strip(row.merchantReference),
        siteId: row.siteId,
        deviceId: row.deviceId,
        status: row.status,
        amount: row.amount,
        tipAmount: row.tipAmount,
        currency: row.currency,
        source: row.source,
        card: [row.cardScheme, row.cardBin, row.cardLastFour, row.cardRegion],
        createdAt: row.createdAt.toISOString(),
        refunds: refundRows
          .filter((refund) => refund.transactionId === row.id)
          .map((refund) => ({
            ref: strip(refund.pspReference),
            amount: refund.amount,
            status: refund.status,
            failureReason: refund.failureReason,
            createdAt: refund.createdAt.toISOString(),
          }))
          .sort((a, b) => String(a.ref).localeCompare(String(b.ref))),
      })),
      items: items
        .map((row) => ({
          key: `${strip(row.pspReference)} ${row.eventCode} ${row.success}`,
          outcome: row.outcome,
          applied: row.appliedAt !== null,
          transaction:
            rows.find((tx) => tx.id === row.transactionId)?.pspReference.replaceAll(prefix, '') ?? null,
        }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    };
  }

  let world = 0;
  const scenario = fc.record({
    payments: fc.array(paymentArb, { minLength: 1, maxLength: 3 }),
    order: fc.infiniteStream(fc.nat()),
    repeats: fc.array(fc.nat(), { maxLength: 4 }),
    chunks: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 6 }),
  });

  it('ends a batch with mixed events, duplicates and out-of-order items as one-by-one delivery does (property)', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ payments, order, repeats, chunks }) => {
        world += 1;
        const run = `${Date.now().toString(36).toUpperCase()}W${world}`;
        // The same delivery order for both worlds: shuffled, some items repeated (Adyen's retries).
        const count = itemsOf(payments, 'X').length;
        // A payment may have no items at all (no authorisation, no modification): nothing to deliver or repeat.
        fc.pre(count > 0);
        const keys = [...order.take(count)];
        const shuffled = Array.from({ length: count }, (_, i) => i).sort(
          (a, b) => (keys[a] as number) - (keys[b] as number) || a - b,
        );
        const arrange = (prefix: string) => {
          const items = itemsOf(payments, prefix);
          const withRepeats = [...shuffled, ...repeats.map((n) => shuffled[n % shuffled.length] as number)];
          return withRepeats.map((i) => items[i] as AdyenNotificationItem);
        };
        const one = arrange(`O${run}`);
        const batched = arrange(`B${run}`);
        for (const entry of one) await ok([entry]);
        let next = 0;
        let chunk = 0;
        while (next < batched.length) {
          const size = chunks[chunk++ % chunks.length] as number;
          await ok(batched.slice(next, next + size));
          next += size;
        }
        expect(await stateOf(`B${run}`)).toEqual(await stateOf(`O${run}`));
      }),
      { numRuns: 10 },
    );
    // The roll-up the totals read (issue 16) is still exactly the grouping of the transactions.
    const kept = (await t.app.db.execute(sql`
      select site_id, day::text, currency, status, source, count::int, amount::text, tip_amount::text
        from ${transactionDailyTotals}
       where merchant_id = ${w.merchantA} and (count <> 0 or amount <> 0 or tip_amount <> 0)
       order by 1, 2, 3, 4, 5`)) as unknown as { rows: unknown[] };
    const truth = (await t.app.db.execute(sql`
      select t.site_id, (t.created_at at time zone m.time_zone)::date::text as day, t.currency, t.status, t.source,
             count(*)::int as count, sum(t.amount)::text as amount, sum(t.tip_amount)::text as tip_amount
        from transactions t join merchants m on m.id = t.merchant_id
       where t.merchant_id = ${w.merchantA}
       group by 1, 2, 3, 4, 5
       order by 1, 2, 3, 4, 5`)) as unknown as { rows: unknown[] };
    expect(kept.rows.length).toBeGreaterThan(0);
    expect(kept.rows).toEqual(truth.rows);
  }, 300_000);

  it("ends a sale's CANCEL_OR_REFUND before its authorisation and a CANCELLATION after it the same one by one as in one batch", async () => {
    // The property's counterexample in CI (seed -1046956976): one by one, the CANCEL_OR_REFUND waited, became a
    // refund of the captured sale when the authorisation came, and the later CANCELLATION could not take the stored
    // refund back; in one batch the CANCELLATION was seen first and the CANCEL_OR_REFUND read as a cancel.
    const run = `${Date.now().toString(36).toUpperCase()}CR`;
    const sale = { kind: 'sale' as const, amount: 500, tip: 0, bySite: false, withPayment: true };
    const payments = [
      { ...sale, modifications: [] },
      { ...sale, modifications: ['CANCELLATION', 'CANCEL_OR_REFUND'] },
    ] as Payment[];
    // P0's authorisation, P1's authorisation, its cancellation, its cancel-or-refund: delivered last first.
    const arrange = (prefix: string) => {
      const items = itemsOf(payments, prefix);
      return [3, 0, 1, 2].map((i) => items[i] as AdyenNotificationItem);
    };
    for (const entry of arrange(`O${run}`)) await ok([entry]);
    await ok(arrange(`B${run}`));
    const batched = await stateOf(`B${run}`);
    expect(batched).toEqual(await stateOf(`O${run}`));
    expect(batched.transactions[1]).toMatchObject({
      ref: 'P1',
      status: 'cancelled',
      refunds: [{ ref: 'P1Y', amount: 500, status: 'succeeded' }],
    });
  });

  it('ends many concurrent deliveries sharing terminals, payments and roll-up buckets as the same deliveries one after another', async () => {
    // Two worlds with the same items and terminals of their own: one delivered sequentially, one with every
    // delivery at once. Payments spread over three terminals and a site; each delivery a random slice of the
    // items, so deliveries overlap (duplicates), a payment's items are split across deliveries, and a capture or
    // refund may come before its authorisation.
    const run = Date.now().toString(36).toUpperCase();
    const rng = fc.sample(fc.array(fc.nat(1_000_000), { minLength: 400, maxLength: 400 }), {
      numRuns: 1,
      seed: 11,
    })[0] as number[];
    let next = 0;
    const random = (n: number) => (rng[next++ % rng.length] as number) % n;
    const worlds = ['S', 'C'].map((side) => ({
      prefix: `${side}${run}`,
      terminals: [1, 2, 3].map((n) => `${side}${run}-T${n}`),
    }));
    await t.app.db.insert(devices).values(
      worlds.flatMap((world) =>
        world.terminals.map((serial) => ({
          merchantId: w.merchantA,
          siteId: w.siteA1,
          serial,
          model: 'without-printer' as const,
        })),
      ),
    );
    const plan = Array.from({ length: 40 }, (_, p) => ({
      terminal: p % 4, // 3: pay-by-link at a site, no terminal
      preauth: p % 3 === 0,
      capture: p % 3 === 0 && p % 2 === 0,
      refund: p % 5 === 1,
      amount: 1000 + 37 * p,
      minute: random(600),
    }));
    const itemsOf = (world: (typeof worlds)[number]) =>
      plan.flatMap((payment, p) => {
        const ref = `${world.prefix}P${p}`;
        const at = (offset: number) =>
          new Date(Date.parse('2026-02-13T08:00:00Z') + (payment.minute + offset) * 60_000).toISOString();
        const data: Record<string, string> =
          payment.terminal === 3
            ? { 'metadata.siteId': w.siteA2, 'metadata.source': 'pay-by-link' }
            : {
                terminalId: world.terminals[payment.terminal] as string,
                cardBin: '41111111',
                cardSummary: '1111',
              };
        if (payment.preauth) data.authorisationType = 'PreAuth';
        const money = (value: number) => ({ currency: 'GBP', value });
        const list = [
          item({ pspReference: ref, amount: money(payment.amount), eventDate: at(0), additionalData: data }),
        ];
        if (payment.capture)
          list.push(
            item({
              pspReference: `${ref}C`,
              originalReference: ref,
              eventCode: 'CAPTURE',
              amount: money(payment.amount - 100),
              eventDate: at(1),
            }),
          );
        if (payment.refund)
          list.push(
            item({
              pspReference: `${ref}R`,
              originalReference: ref,
              eventCode: 'REFUND',
              amount: money(300),
              eventDate: at(2),
            }),
          );
        return list;
      });
    // The same deliveries in both worlds: 12 slices of 5–25 items at random places, in reverse order inside.
    const count = itemsOf(worlds[0] as (typeof worlds)[number]).length;
    const slices = Array.from({ length: 12 }, () => {
      const size = 5 + random(21);
      const start = random(count);
      return Array.from({ length: size }, (_, i) => (start + i * 7) % count).reverse();
    });
    // Every item at least once.
    slices.push(Array.from({ length: count }, (_, i) => i));
    const deliveriesOf = (world: (typeof worlds)[number]) => {
      const items = itemsOf(world);
      return slices.map((slice) => slice.map((i) => items[i] as AdyenNotificationItem));
    };
    /** Delivers as Adyen does: an error answer is delivered again (a deadlock's loser, say). */
    const untilAccepted = async (delivery: AdyenNotificationItem[]) => {
      for (let attempt = 0; ; attempt += 1) {
        const response = await deliver(t.app, delivery);
        if (response.statusCode === 200) return;
        if (attempt === 3) expect(response.statusCode, response.body).toBe(200);
      }
    };
    const [sequential, concurrent] = worlds as [(typeof worlds)[number], (typeof worlds)[number]];
    for (const delivery of deliveriesOf(sequential)) await untilAccepted(delivery);
    await Promise.all(deliveriesOf(concurrent).map(untilAccepted));

    /** A world's state, its terminals named by their number (each world has terminals of its own). */
    const stateOfWorld = async (world: (typeof worlds)[number]) => {
      const terminalOf = new Map(
        (
          await t.app.db
            .select({ id: devices.id, serial: devices.serial })
            .from(devices)
            .where(inArray(devices.serial, world.terminals))
        ).map((row) => [row.id, row.serial.slice(-2)]),
      );
      const state = await stateOf(world.prefix);
      return {
        ...state,
        transactions: state.transactions.map((row) => ({
          ...row,
          deviceId: row.deviceId ? terminalOf.get(row.deviceId) : null,
        })),
      };
    };
    const [inSequence, atOnce] = [await stateOfWorld(sequential), await stateOfWorld(concurrent)];
    expect(atOnce.transactions).toHaveLength(40);
    expect(atOnce).toEqual(inSequence);
    const lastOf = async (world: (typeof worlds)[number]) =>
      (
        await t.app.db
          .select({ serial: devices.serial, last: devices.lastTransactionAt })
          .from(devices)
          .where(inArray(devices.serial, world.terminals))
          .orderBy(devices.serial)
      ).map((row) => [row.serial.slice(-2), row.last?.toISOString()]);
    expect(await lastOf(concurrent)).toEqual(await lastOf(sequential));
    expect((await lastOf(concurrent)).every(([, last]) => last !== undefined)).toBe(true);
    // The roll-up still equals the grouping of the transactions (nothing counted twice or lost).
    const kept = (await t.app.db.execute(sql`
      select site_id, day::text, currency, status, source, count::int, amount::text, tip_amount::text
        from ${transactionDailyTotals}
       where merchant_id = ${w.merchantA} and (count <> 0 or amount <> 0 or tip_amount <> 0)
       order by 1, 2, 3, 4, 5`)) as unknown as { rows: unknown[] };
    const truth = (await t.app.db.execute(sql`
      select t.site_id, (t.created_at at time zone m.time_zone)::date::text as day, t.currency, t.status, t.source,
             count(*)::int as count, sum(t.amount)::text as amount, sum(t.tip_amount)::text as tip_amount
        from transactions t join merchants m on m.id = t.merchant_id
       where t.merchant_id = ${w.merchantA}
       group by 1, 2, 3, 4, 5
       order by 1, 2, 3, 4, 5`)) as unknown as { rows: unknown[] };
    expect(kept.rows).toEqual(truth.rows);
  }, 120_000);

  it('answers concurrent single-item deliveries once their items are committed; a bad signature or a payment that cannot be applied affects no other', async () => {
    // Deliveries that arrive while a transaction is in flight share the next one (group commit). Among them one
    // with a bad signature (401, nothing stored) and one whose payment cannot be applied (a refund of 0: the
    // group falls back to one delivery at a time; that one answers an error with its items kept, the others 200).
    const sale = (reference: string) =>
      item({
        pspReference: reference,
        amount: { currency: 'GBP', value: 1500 },
        // Before the terminal's latest payment of the 200-item test below, which reads it.
        eventDate: '2026-02-10T08:00:00Z',
        additionalData: { terminalId: terminal },
      });
    const goodRefs = Array.from({ length: 24 }, () => pspRef());
    const [forged, poisoned] = [pspRef(), pspRef()];
    const forgedItem = signItem(sale(forged), ADYEN_TEST_HMAC_KEY);
    const zeroRefund = item({
      pspReference: pspRef(),
      originalReference: poisoned,
      eventCode: 'REFUND',
      amount: { currency: 'GBP', value: 0 },
    });
    /** On each 200, the delivery's transaction must already be there for anyone to read. */
    const committedOnAnswer = async (reference: string) => {
      const response = await deliver(t.app, [sale(reference)]);
      const visible = (await transactionOf(reference)) !== undefined;
      return { status: response.statusCode, visible };
    };
    const [answers, forgedAnswer, poisonedAnswer] = await Promise.all([
      Promise.all(goodRefs.map(committedOnAnswer)),
      deliver(t.app, [{ ...forgedItem, amount: { currency: 'GBP', value: 1501 } }], { sign: false }),
      deliver(t.app, [sale(poisoned), zeroRefund]),
    ]);
    expect(answers).toEqual(goodRefs.map(() => ({ status: 200, visible: true })));
    expect(forgedAnswer.statusCode).toBe(401);
    expect(await countOf(pspNotifications, [forged])).toBe(0);
    expect(poisonedAnswer.statusCode).toBe(500);
    expect(await transactionOf(poisoned)).toBeUndefined();
    const kept = await t.app.db
      .select()
      .from(pspNotifications)
      .where(eq(pspNotifications.paymentReference, poisoned));
    expect(kept).toHaveLength(2);
    expect(kept.every((row) => row.appliedAt === null)).toBe(true);
    expect(await countOf(transactions, goodRefs)).toBe(goodRefs.length);
  });

  it('takes a delivery of 200 items: duplicates inside it and from before ignored, a capture before its authorisation applied', async () => {
    const sales = Array.from({ length: 150 }, (_, i) =>
      item({
        pspReference: pspRef(),
        amount: { currency: 'GBP', value: 1000 + i },
        eventDate: new Date(Date.parse('2026-02-11T08:00:00Z') + i * 1000).toISOString(),
        additionalData: { terminalId: terminal },
      }),
    );
    const preauth = pspRef();
    const capture = item({
      pspReference: pspRef(),
      originalReference: preauth,
      eventCode: 'CAPTURE',
      amount: { currency: 'GBP', value: 700 },
      eventDate: '2026-02-11T09:00:00Z',
    });
    const authorisation = item({
      pspReference: preauth,
      amount: { currency: 'GBP', value: 900 },
      eventDate: '2026-02-11T08:59:00Z',
      additionalData: { terminalId: terminal, authorisationType: 'PreAuth' },
    });
    // Ten of the sales were delivered before: their items are duplicates now.
    await ok(sales.slice(0, 10));
    const delivery = [capture, ...sales, ...sales.slice(100, 140), authorisation, capture].slice(0, 200);
    const storedOf = () =>
      countOf(
        pspNotifications,
        delivery.map((entry) => entry.pspReference),
      );
    expect(await storedOf()).toBe(10);
    await ok(delivery);
    expect(await storedOf()).toBe(150 + 2);
    expect(await transactionOf(preauth)).toMatchObject({ status: 'captured', amount: 700 });
    expect(
      await countOf(
        transactions,
        sales.map((sale) => sale.pspReference),
      ),
    ).toBe(150);
    const [device] = await t.app.db.select().from(devices).where(eq(devices.serial, terminal));
    // The terminal's last transaction: the latest payment taken on it (the authorisation at 08:59).
    expect(device?.lastTransactionAt?.toISOString()).toBe('2026-02-11T08:59:00.000Z');
  });

  it('refuses a delivery of 100 items with one bad signature (401) and stores none of them', async () => {
    const items = Array.from({ length: 100 }, () =>
      signItem(
        item({ pspReference: pspRef(), additionalData: { terminalId: terminal } }),
        ADYEN_TEST_HMAC_KEY,
      ),
    );
    const bad = items[57] as AdyenNotificationItem;
    items[57] = { ...bad, amount: { ...bad.amount, value: bad.amount.value + 1 } };
    const response = await deliver(t.app, items, { sign: false });
    expect(response.statusCode).toBe(401);
    expect(
      await countOf(
        pspNotifications,
        items.map((entry) => entry.pspReference),
      ),
    ).toBe(0);
  });

  it('applies an item stored but never applied (a crash after storing) when Adyen delivers it again', async () => {
    const reference = pspRef();
    const sale = item({
      pspReference: reference,
      amount: { currency: 'GBP', value: 4200 },
      eventDate: '2026-02-12T10:00:00Z',
      additionalData: { terminalId: terminal },
    });
    // As the process left it: the item committed, nothing applied.
    await t.app.db.insert(pspNotifications).values({
      psp: 'adyen',
      pspReference: reference,
      paymentReference: reference,
      eventCode: 'AUTHORISATION',
      success: true,
      merchantAccountCode: sale.merchantAccountCode,
      merchantReference: sale.merchantReference ?? null,
      amount: 4200,
      currency: 'GBP',
      eventDate: new Date(sale.eventDate),
      additionalData: { terminalId: terminal },
    });
    expect(await transactionOf(reference)).toBeUndefined();
    const other = item({ pspReference: pspRef(), additionalData: { terminalId: terminal } });
    await ok([other, sale]);
    expect(await transactionOf(reference)).toMatchObject({ status: 'captured', amount: 4200 });
    const [row] = await t.app.db
      .select()
      .from(pspNotifications)
      .where(eq(pspNotifications.pspReference, reference));
    expect(row?.outcome).toBe('applied');
  });

  it('applies the other payments of a delivery when one of them cannot be applied, and keeps that one stored', async () => {
    // A refund of 0 passes the webhook's validation but not the refunds table's check: the delivery cannot be
    // applied at once, so its payments are applied one savepoint each, and the webhook answers an error for
    // Adyen to deliver again.
    const [good, poisoned] = [pspRef(), pspRef()];
    const sale = (ref: string) =>
      item({
        pspReference: ref,
        amount: { currency: 'GBP', value: 2000 },
        additionalData: { terminalId: terminal },
      });
    const zeroRefund = item({
      pspReference: pspRef(),
      originalReference: poisoned,
      eventCode: 'REFUND',
      amount: { currency: 'GBP', value: 0 },
    });
    const response = await deliver(t.app, [sale(poisoned), zeroRefund, sale(good)]);
    expect(response.statusCode).toBe(500);
    expect(await transactionOf(good)).toMatchObject({ status: 'captured', amount: 2000 });
    expect(await transactionOf(poisoned)).toBeUndefined();
    const kept = await t.app.db
      .select()
      .from(pspNotifications)
      .where(eq(pspNotifications.paymentReference, poisoned));
    expect(kept).toHaveLength(2);
    expect(kept.every((row) => row.appliedAt === null)).toBe(true);
  });
});
