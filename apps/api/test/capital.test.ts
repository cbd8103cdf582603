import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../src/adapters/mail/outbox-mailer.ts';
import { fixedClock } from '../src/clock.ts';
import { auditLog, merchants, transactions, users } from '../src/db/schema/index.ts';
import { decideCapitalOffer } from '../src/modules/capital/offer.ts';
import { type AccessWorld, type ActorName, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Issue 14 §1: the capital offer from the last 90 days of card volume and the request a company owner makes.
describe('capital offer and requests', () => {
  let t: TestApp;
  let w: AccessWorld;
  // Today is 1 June 2026 in London: the window is 3 March to 31 May.
  const clock = fixedClock(new Date('2026-06-01T12:00:00Z'));

  const payment = (merchantId: string, siteId: string, amount: number, status: string, at: string) => {
    const id = randomUUID();
    return {
      merchantId,
      id,
      siteId,
      pspReference: `CAP${id.replaceAll('-', '').slice(0, 16).toUpperCase()}`,
      amount,
      tipAmount: 0,
      currency: 'GBP',
      status,
      source: 'adyen-terminal',
      createdAt: new Date(at),
    };
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'Capital');
    const { merchantA: a, merchantB: b, siteA1, siteA2, siteB1 } = w;
    await t.app.db.insert(transactions).values([
      // In the window: 3,000,000 + 600,000 captured, 400,000 refunded = 4,000,000 card volume.
      payment(a, siteA1, 3_000_000, 'captured', '2026-03-03T09:00:00Z'),
      payment(a, siteA2, 600_000, 'captured', '2026-05-31T20:00:00Z'),
      payment(a, siteA1, 400_000, 'refunded', '2026-04-15T10:00:00Z'),
      // Not card volume: failed, and a standalone refund.
      payment(a, siteA1, 900_000, 'failed', '2026-04-16T10:00:00Z'),
      payment(a, siteA1, 50_000, 'unref-refund', '2026-04-17T10:00:00Z'),
      // Outside the window: the day before it, and today.
      payment(a, siteA1, 7_000_000, 'captured', '2026-03-02T12:00:00Z'),
      payment(a, siteA1, 8_000_000, 'captured', '2026-06-01T08:00:00Z'),
      // Merchant B takes 999,999: one penny short of the threshold.
      payment(b, siteB1, 999_999, 'captured', '2026-05-01T10:00:00Z'),
    ]);
  });
  afterAll(() => t.close());

  const offer = (actor: ActorName, merchantId = w.merchantA) =>
    t.app.inject({ url: `/api/v1/merchants/${merchantId}/capital/offer`, headers: w.headers(actor) });
  const request = (actor: ActorName, payload: unknown, merchantId = w.merchantA) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/merchants/${merchantId}/capital/requests`,
      headers: w.headers(actor),
      payload: payload as Record<string, unknown>,
    });

  it('offers a third of the 90 days of captured card volume, a 10 % fee and 10 % of daily takings', async () => {
    const res = await offer('ownerA');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      currency: 'GBP',
      windowDays: 90,
      from: '2026-03-03',
      to: '2026-05-31',
      volume: 4_000_000,
      threshold: 1_000_000,
      eligible: true,
      reason: null,
      // 4,000,000 / 3 = 1,333,333 → 1,330,000 (whole hundreds); fee 133,000; daily repayment 4,444 (10 % of
      // 44,444) → 1,463,000 / 4,444 = 329.2 → 330 days.
      offer: {
        amount: 1_330_000,
        fee: 133_000,
        totalRepayable: 1_463_000,
        repaymentBasisPoints: 1_000,
        estimatedRepaymentDays: 330,
      },
      openRequest: null,
      latestRequest: null,
    });
  });

  it('makes no offer below the volume threshold, and says so', async () => {
    const res = await offer('ownerB', w.merchantB);
    expect(res.json().data).toMatchObject({
      volume: 999_999,
      eligible: false,
      reason: 'below-threshold',
      offer: null,
    });
    const refused = await request('ownerB', { amount: 330_000 }, w.merchantB);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CAPITAL_NOT_ELIGIBLE');
  });

  it('caps the advance at 250,000.00 and makes no offer to a blocked merchant', () => {
    expect(decideCapitalOffer({ volume: 10_000_000_000, merchantActive: true })).toMatchObject({
      eligible: true,
      offer: { amount: 25_000_000, fee: 2_500_000 },
    });
    expect(decideCapitalOffer({ volume: 10_000_000, merchantActive: false })).toEqual({
      eligible: false,
      reason: 'merchant-not-active',
    });
  });

  it('keeps the offer from site managers and other merchants (404), as it does the request', async () => {
    expect((await offer('managerA1')).statusCode).toBe(404);
    expect((await offer('ownerB')).statusCode).toBe(404);
    expect((await request('managerA1', { amount: 1_330_000 })).statusCode).toBe(404);
    expect((await request('ownerB', { amount: 1_330_000 })).statusCode).toBe(404);
    const list = await t.app.inject({
      url: `/api/v1/merchants/${w.merchantA}/capital/requests`,
      headers: w.headers('ownerB'),
    });
    expect(list.statusCode).toBe(404);
  });

  it('answers 400 naming the field for a bad amount, and 409 when the amount is not the offer', async () => {
    const bad = await request('ownerA', { amount: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('amount');
    expect((await request('ownerA', {})).statusCode).toBe(400);
    const changed = await request('ownerA', { amount: 1_000_000 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('CAPITAL_OFFER_CHANGED');
  });

  it('records the request with its figures, audits it, shows it to staff and refuses a second one', async () => {
    const created = await request('ownerA', { amount: 1_330_000 });
    expect(created.statusCode).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({
      status: 'requested',
      currency: 'GBP',
      amount: 1_330_000,
      fee: 133_000,
      repaymentBasisPoints: 1_000,
      volume90Days: 4_000_000,
      requestedAt: '2026-06-01T12:00:00.000Z',
    });

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, w.merchantA), eq(auditLog.action, 'capital.request')));
    expect(entry).toMatchObject({
      entityType: 'capital-request',
      entityId: data.requestId,
      actingAs: 'member',
    });

    const staffList = await t.app.inject({
      url: `/api/v1/merchants/${w.merchantA}/capital/requests`,
      headers: w.headers('staff'),
    });
    expect(staffList.statusCode).toBe(200);
    expect(staffList.json().data).toEqual([data]);

    expect((await offer('ownerA')).json().data.openRequest).toEqual(data);
    const again = await request('ownerA', { amount: 1_330_000 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CAPITAL_REQUEST_OPEN');
  });

  const decide = (actor: ActorName, requestId: string, payload: unknown, merchantId = w.merchantA) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/merchants/${merchantId}/capital/requests/${requestId}/decision`,
      headers: w.headers(actor),
      payload: payload as Record<string, unknown>,
    });

  it('lets only staff decide (owners, managers and other merchants get 404), a decline needing its reason', async () => {
    const open = (await offer('ownerA')).json().data.openRequest;
    expect(open.status).toBe('requested');
    expect((await decide('ownerA', open.requestId, { decision: 'approve' })).statusCode).toBe(404);
    expect((await decide('managerA1', open.requestId, { decision: 'approve' })).statusCode).toBe(404);
    expect((await decide('ownerB', open.requestId, { decision: 'approve' }, w.merchantB)).statusCode).toBe(
      404,
    );
    const noReason = await decide('staff', open.requestId, { decision: 'decline' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('reason');
    const blank = await decide('staff', open.requestId, { decision: 'decline', reason: '   ' });
    expect(blank.statusCode).toBe(400);
    const long = await decide('staff', open.requestId, { decision: 'decline', reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    const bad = await decide('staff', open.requestId, { decision: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('decision');
    expect((await decide('staff', 'not-a-uuid', { decision: 'approve' })).statusCode).toBe(400);
    expect((await decide('staff', randomUUID(), { decision: 'approve' })).statusCode).toBe(404);
    // Merchant B's staff URL with merchant A's request: not found there.
    expect((await decide('staff', open.requestId, { decision: 'approve' }, w.merchantB)).statusCode).toBe(
      404,
    );
    expect((await offer('ownerA')).json().data.openRequest?.requestId).toBe(open.requestId);
  });

  it('declines with a reason: audited, the owner is e-mailed in their language, the merchant sees it, and can ask again', async () => {
    await t.app.db.update(users).set({ locale: 'es-ES' }).where(eq(users.id, w.users.ownerA.id));
    const open = (await offer('ownerA')).json().data.openRequest;
    const res = await decide('staff', open.requestId, {
      decision: 'decline',
      reason: 'Takings fell sharply in May.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      requestId: open.requestId,
      status: 'declined',
      decidedAt: '2026-06-01T12:00:00.000Z',
      declineReason: 'Takings fell sharply in May.',
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, w.merchantA), eq(auditLog.action, 'capital.decline')));
    expect(entry).toMatchObject({ entityId: open.requestId, actingAs: 'staff' });
    expect(entry?.before).toMatchObject({ status: 'requested' });
    expect(entry?.after).toMatchObject({ status: 'declined' });

    const [mail] = await readOutbox(t.app.db, w.users.ownerA.email);
    expect(mail).toMatchObject({
      subject: 'Tu solicitud de capital ha sido rechazada',
      kind: 'capital_declined',
      locale: 'es-ES',
    });
    expect(mail?.text).toContain('Motivo: Takings fell sharply in May.');
    expect(mail?.text).toContain('13.300,00');
    // Managers are not told.
    expect(await readOutbox(t.app.db, w.users.managerA1.email)).toEqual([]);

    const seen = (await offer('ownerA')).json().data;
    expect(seen.openRequest).toBeNull();
    expect(seen.latestRequest).toMatchObject({
      status: 'declined',
      declineReason: 'Takings fell sharply in May.',
    });
    const again = await decide('staff', open.requestId, { decision: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CAPITAL_REQUEST_DECIDED');

    // The offer stands, so the owner may request again (a minute later), and staff approve this one.
    clock.advance(60_000);
    const second = await request('ownerA', { amount: 1_330_000 });
    expect(second.statusCode).toBe(201);
    const approved = await decide('staff', second.json().data.requestId, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', declineReason: null });
    const [approvedMail] = await readOutbox(t.app.db, w.users.ownerA.email);
    expect(approvedMail?.subject).toBe('Tu solicitud de capital ha sido aprobada');
    expect((await offer('ownerA')).json().data.latestRequest.status).toBe('approved');
    const reasonOnApprove = await decide('staff', second.json().data.requestId, {
      decision: 'approve',
      reason: 'x',
    });
    expect(reasonOnApprove.statusCode).toBe(400);
  });

  it('withdraws the offer once the merchant is churned', async () => {
    await t.app.db.update(merchants).set({ status: 'churned' }).where(eq(merchants.id, w.merchantA));
    try {
      expect((await offer('ownerA')).json().data).toMatchObject({
        eligible: false,
        reason: 'merchant-not-active',
        offer: null,
      });
    } finally {
      await t.app.db.update(merchants).set({ status: 'active' }).where(eq(merchants.id, w.merchantA));
    }
  });
});
