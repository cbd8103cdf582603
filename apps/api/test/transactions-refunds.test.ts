import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PspRefusedError } from '../src/adapters/psp/psp-port.ts';
import { auditLog, refunds, transactions } from '../src/db/schema/index.ts';
import { type AccessWorld, type ActorName, createAccessWorld } from './access-fixtures.ts';
import { ADYEN_TEST_ENV, deliver, item, pspRef } from './helpers/adyen.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Issue 11 §3: POST /v1/merchants/{id}/transactions/{transactionId}/refunds through the embedded PSP (simulator),
// settled by its REFUND notification through the webhook.
describe('refunds', () => {
  let t: TestApp;
  let w: AccessWorld;

  /** A captured sale at `siteId`, made by an AUTHORISATION through the webhook; its transaction id. */
  async function payment(siteId: string, value: number, tip = 0): Promise<{ id: string; psp: string }> {
    const psp = pspRef();
    const additionalData: Record<string, string> = { 'metadata.siteId': siteId };
    if (tip) additionalData['posadditionalamounts.gratuityAmount'] = String(tip);
    const answer = await deliver(t.app, [
      item({
        pspReference: psp,
        amount: { currency: 'GBP', value },
        eventDate: new Date().toISOString(),
        additionalData,
      }),
    ]);
    expect(answer.statusCode).toBe(200);
    const found = await t.app.inject({
      method: 'POST',
      url: `/api/v1/merchants/${w.merchantA}/transactions/psp`,
      headers: w.headers('ownerA'),
      payload: { pspReferences: [psp] },
    });
    return { id: found.json().data[0].id, psp };
  }

  const refund = (
    actor: ActorName,
    transactionId: string,
    body: unknown,
    key?: string,
    merchantId = w.merchantA,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/merchants/${merchantId}/transactions/${transactionId}/refunds`,
      headers: { ...w.headers(actor), ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as Record<string, unknown>,
    });

  const detail = async (transactionId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/merchants/${w.merchantA}/transactions/${transactionId}`,
        headers: w.headers('ownerA'),
      })
    ).json().data;

  beforeAll(async () => {
    t = await createTestApp({
      env: { ...ADYEN_TEST_ENV, PSP_REFUND_DELAY_MS: '0', PSP_REFUND_FAILURE_RATE: '0' },
    });
    w = await createAccessWorld(t.app, 'Refunds');
  });
  afterAll(() => t.close());

  it('refunds part, pending until the REFUND notification, then partially-refunded; then the rest → refunded', async () => {
    const tx = await payment(w.siteA1, 2500, 500);
    const first = await refund('ownerA', tx.id, { amount: 1000 }, randomUUID());
    expect(first.statusCode).toBe(201);
    const body = first.json().data;
    expect(body).toMatchObject({
      transactionStatus: 'refund-pending',
      refundableAmount: 1500,
      refund: { amount: 1000, currency: 'GBP', status: 'pending' },
    });
    expect(body.refund.pspReference).toMatch(/^\d{16}$/);

    await t.app.pspRefunds.settled?.();
    const afterFirst = await detail(tx.id);
    expect(afterFirst.transaction.status).toBe('partially-refunded');
    expect(afterFirst.refunds).toMatchObject([{ amount: 1000, status: 'succeeded' }]);
    expect(afterFirst.refundableAmount).toBe(1500);
    expect(afterFirst.events.map((event: { eventCode: string }) => event.eventCode)).toEqual([
      'AUTHORISATION',
      'REFUND',
    ]);

    // The tip was captured too: 2000 + 500 − 1000 = 1500 is left, and exactly that may go.
    expect((await refund('ownerA', tx.id, { amount: 1501 })).statusCode).toBe(400);
    const rest = await refund('ownerA', tx.id, { amount: 1500 });
    expect(rest.statusCode).toBe(201);
    await t.app.pspRefunds.settled?.();
    const done = await detail(tx.id);
    expect(done.transaction.status).toBe('refunded');
    expect(done.refundableAmount).toBe(0);

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, w.merchantA), eq(auditLog.entityId, tx.id)))
      .limit(1);
    expect(audit).toMatchObject({ action: 'transaction.refund', actorUserId: w.users.ownerA.id });
  });

  it('refuses 0, a fraction, text and more than is left with 400 naming amount and the rule; nothing stored', async () => {
    const tx = await payment(w.siteA1, 1000);
    for (const [amount, rule] of [
      [0, 'validation.refundAmountPositive'],
      [-5, 'validation.refundAmountPositive'],
      [10.5, 'validation.amountInvalid'],
      ['ten', 'validation.amountInvalid'],
      [1001, 'validation.refundAmountTooLarge'],
    ] as const) {
      const answer = await refund('ownerA', tx.id, { amount });
      expect(answer.statusCode, String(amount)).toBe(400);
      expect(answer.json().error.details[0]).toMatchObject({ field: 'amount', rule });
    }
    expect((await refund('ownerA', tx.id, { amount: 1001 })).json().error.details[0].message).toBe(
      'Refund amount cannot be more than the remaining refundable amount',
    );
    const stored = await t.app.db.select().from(refunds).where(eq(refunds.transactionId, tx.id));
    expect(stored).toEqual([]);
    expect((await detail(tx.id)).transaction.status).toBe('captured');
  });

  it('Idempotency-Key: same key and body → the same answer and one refund; another body → 422', async () => {
    const tx = await payment(w.siteA1, 3000);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      refund('ownerA', tx.id, { amount: 700 }, key),
      refund('ownerA', tx.id, { amount: 700 }, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data.refund.id).toBe(b.json().data.refund.id);
    const again = await refund('ownerA', tx.id, { amount: 700 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.refund.id).toBe(a.json().data.refund.id);

    const other = await refund('ownerA', tx.id, { amount: 800 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const stored = await t.app.db.select().from(refunds).where(eq(refunds.transactionId, tx.id));
    expect(stored).toHaveLength(1);
    await t.app.pspRefunds.settled?.();
  });

  it('Idempotency-Key lasts 24 hours: after that the same key and body make a new refund', async () => {
    const tx = await payment(w.siteA1, 3000);
    const key = randomUUID();
    const first = await refund('ownerA', tx.id, { amount: 500 }, key);
    expect(first.statusCode).toBe(201);
    const firstId = first.json().data.refund.id as string;
    // 23 hours later the key still answers with the first refund.
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await t.app.db
      .update(refunds)
      .set({ createdAt: hoursAgo(23) })
      .where(eq(refunds.id, firstId));
    const repeat = await refund('ownerA', tx.id, { amount: 500 }, key);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json().data.refund.id).toBe(firstId);
    // 25 hours later it is a new request: a second refund, and the key now answers for that one.
    await t.app.db
      .update(refunds)
      .set({ createdAt: hoursAgo(25) })
      .where(eq(refunds.id, firstId));
    const later = await refund('ownerA', tx.id, { amount: 500 }, key);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    const secondId = later.json().data.refund.id as string;
    expect(secondId).not.toBe(firstId);
    const again = await refund('ownerA', tx.id, { amount: 500 }, key);
    expect(again.json().data.refund.id).toBe(secondId);
    const stored = await t.app.db.select().from(refunds).where(eq(refunds.transactionId, tx.id));
    expect(stored.map((row) => row.amount)).toEqual([500, 500]);
    expect((await detail(tx.id)).refundableAmount).toBe(2000);
    await t.app.pspRefunds.settled?.();
  });

  it('200 parallel refunds never exceed the captured amount (row lock)', async () => {
    const tx = await payment(w.siteA1, 5000);
    // A request that waited longer than the pool's 3 s for a connection gets 503 with Retry-After; the client
    // retries it with the same Idempotency-Key (as the portal does), so a retry never refunds twice.
    let unavailable = 0;
    const attempt = async () => {
      const key = randomUUID();
      for (;;) {
        const answer = await refund('ownerA', tx.id, { amount: 30 }, key);
        if (answer.statusCode !== 503) return answer;
        unavailable++;
      }
    };
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 200 }, attempt));
    console.info(
      `200 parallel refunds: ${Math.round(performance.now() - started)} ms, ${unavailable} × 503 retried`,
    );
    const byStatus: Record<number, number> = {};
    for (const answer of answers) byStatus[answer.statusCode] = (byStatus[answer.statusCode] ?? 0) + 1;
    // 166 × 30 = 4980 fits in 5000; the 167th would make 5010.
    expect(byStatus).toEqual({ 201: 166, 400: 34 });
    await t.app.pspRefunds.settled?.();
    const stored = await t.app.db.select().from(refunds).where(eq(refunds.transactionId, tx.id));
    const total = stored.filter((row) => row.status !== 'failed').reduce((sum, row) => sum + row.amount, 0);
    expect(total).toBe(4980);
    const after = await detail(tx.id);
    expect(after.refundableAmount).toBe(20);
    expect(after.transaction.status).toBe('partially-refunded');
  }, 480_000);

  it('REFUND_FAILED puts the money back and shows why', async () => {
    const tx = await payment(w.siteA1, 1200);
    const answer = await refund('ownerA', tx.id, { amount: 1200 });
    expect(answer.statusCode).toBe(201);
    const refundPsp = answer.json().data.refund.pspReference;
    // Adyen may report a failure after success; the simulator's own REFUND arrives first.
    await t.app.pspRefunds.settled?.();
    expect((await detail(tx.id)).transaction.status).toBe('refunded');
    const failed = await deliver(t.app, [
      item({
        pspReference: refundPsp,
        originalReference: tx.psp,
        eventCode: 'REFUND_FAILED',
        reason: 'Refund declined by the acquirer',
        amount: { currency: 'GBP', value: 1200 },
        eventDate: new Date().toISOString(),
      }),
    ]);
    expect(failed.statusCode).toBe(200);
    const after = await detail(tx.id);
    expect(after.transaction.status).toBe('captured');
    expect(after.refundableAmount).toBe(1200);
    expect(after.refunds).toMatchObject([
      { status: 'failed', failureReason: 'Refund declined by the acquirer' },
    ]);
  });

  it('settles refunds of a transaction imported without notifications (seeded history)', async () => {
    const psp = pspRef();
    const [row] = await t.app.db
      .insert(transactions)
      .values({
        merchantId: w.merchantA,
        siteId: w.siteA1,
        pspReference: psp,
        amount: 4000,
        tipAmount: 0,
        currency: 'GBP',
        status: 'captured',
        source: 'adyen-terminal',
        createdAt: new Date(),
      })
      .returning({ id: transactions.id });
    const id = row?.id as string;
    expect((await refund('ownerA', id, { amount: 1000 })).statusCode).toBe(201);
    await t.app.pspRefunds.settled?.();
    const after = await detail(id);
    expect(after.transaction.status).toBe('partially-refunded');
    expect(after.refunds).toMatchObject([{ amount: 1000, status: 'succeeded' }]);
    expect(after.refundableAmount).toBe(3000);
  });

  it('a refund the PSP refuses leaves a transaction imported without notifications as it was (not refund-pending)', async () => {
    const imported = async (status: string) => {
      const [row] = await t.app.db
        .insert(transactions)
        .values({
          merchantId: w.merchantA,
          siteId: w.siteA1,
          pspReference: pspRef(),
          amount: 4000,
          tipAmount: 0,
          currency: 'GBP',
          status,
          source: 'adyen-terminal',
          createdAt: new Date(),
        })
        .returning({ id: transactions.id });
      return row?.id as string;
    };
    const captured = await imported('captured');
    const partly = await imported('partially-refunded');
    await t.app.db.insert(refunds).values({
      merchantId: w.merchantA,
      transactionId: partly,
      amount: 1000,
      currency: 'GBP',
      status: 'succeeded',
      pspReference: pspRef(),
    });
    const refused = vi
      .spyOn(t.app.pspRefunds, 'refund')
      .mockRejectedValue(new PspRefusedError('Insufficient balance on the merchant account'));
    try {
      for (const [id, amount, status, left] of [
        [captured, 4000, 'captured', 4000],
        [partly, 500, 'partially-refunded', 3000],
      ] as const) {
        const answer = await refund('ownerA', id, { amount });
        expect(answer.statusCode, answer.body).toBe(422);
        expect(answer.json().error).toMatchObject({
          code: 'REFUND_REFUSED',
          message: 'Unable to refund transaction.',
        });
        const after = await detail(id);
        expect(after.transaction.status).toBe(status);
        expect(after.refundableAmount).toBe(left);
        expect(after.refunds).toContainEqual(
          expect.objectContaining({
            amount,
            status: 'failed',
            failureReason: 'Insufficient balance on the merchant account',
          }),
        );
      }
      expect(refused).toHaveBeenCalledTimes(2);
    } finally {
      refused.mockRestore();
    }
  });

  it('site scope and tenancy: another site’s manager, another merchant and an unknown id get 404', async () => {
    const tx = await payment(w.siteA1, 900);
    expect((await refund('managerA2', tx.id, { amount: 100 })).statusCode).toBe(404);
    expect((await refund('ownerB', tx.id, { amount: 100 })).statusCode).toBe(404);
    expect((await refund('ownerB', tx.id, { amount: 100 }, undefined, w.merchantB)).statusCode).toBe(404);
    expect((await refund('ownerA', randomUUID(), { amount: 100 })).statusCode).toBe(404);
    expect(await t.app.db.select().from(refunds).where(eq(refunds.transactionId, tx.id))).toEqual([]);
    // The site's own manager may.
    expect((await refund('managerA1', tx.id, { amount: 100 })).statusCode).toBe(201);
    await t.app.pspRefunds.settled?.();
  });
});
