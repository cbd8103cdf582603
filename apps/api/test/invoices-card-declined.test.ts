import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import {
  createSimulatedBillingProvider,
  SIMULATED_DECLINE_REASON,
} from '../src/adapters/billing/billing-port.ts';
import { createOutboxMailer, readOutbox } from '../src/adapters/mail/outbox-mailer.ts';
import { fixedClock } from '../src/clock.ts';
import { billingSettings, invoices, paymentMethods, users } from '../src/db/schema/index.ts';
import { collectRetryBy, invoiceCollectJob } from '../src/modules/invoices/invoice-jobs.ts';
import { createPaymentSettlement } from '../src/modules/invoices/payment-settlement.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { insertDefaultCard, insertOpenInvoice } from './helpers/invoices.ts';

const DAY = 86_400_000;

// Issue 13 §1 Invoices: a card declined when an invoice is collected is told to the billing contact (or the
// owners) in their language, with the reason, the next try and where to update the payment method; once per
// failed attempt.
describe('invoices: a declined card is e-mailed', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-05-01T06:00:00Z'));
  let tenantDb: ReturnType<typeof createTenantDb>;
  let cardId: string;
  let sepaId: string;
  const BILLING = 'accounts@card-declined.example';

  // Every card charge is declined; a SEPA debit is processing.
  const provider = createSimulatedBillingProvider({ declines: () => true, debitSettleMs: DAY });
  const collect = (invoiceId: string, job: { retryCount?: number; retryLimit?: number } = {}) =>
    invoiceCollectJob({
      tenantDb,
      clock,
      send: async () => randomUUID(),
      billing: provider,
      settlement: createPaymentSettlement({
        tenantDb,
        clock,
        mailer: createOutboxMailer({ db: t.app.db, printBodies: false }),
        send: async () => randomUUID(),
        portalUrl: 'https://portal.example/',
        log: { warn: () => {}, error: () => {} },
      }),
    }).work({ merchantId: w.merchantA, invoiceId }, job as never);
  const insertInvoice = (number: string, month: string) =>
    insertOpenInvoice(t.app.db, w.merchantA, { number, month, issuedAt: clock.now() });
  const setDefault = (id: string | null) =>
    t.app.db
      .update(billingSettings)
      .set({ defaultPaymentMethodId: id })
      .where(eq(billingSettings.merchantId, w.merchantA));
  const mailsAbout = async (to: string, number: string) =>
    (await readOutbox(t.app.db, to)).filter((m) => m.subject.includes(number));

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAccessWorld(t.app, 'CardDeclined');
    tenantDb = createTenantDb(t.app.database);
    cardId = await insertDefaultCard(t.app.db, w.merchantA, { lastFour: '0002', billingEmail: BILLING });
    sepaId = randomUUID();
    await t.app.db.insert(paymentMethods).values({
      merchantId: w.merchantA,
      id: sepaId,
      providerPaymentMethodId: `pm_sim_${randomUUID().replaceAll('-', '')}`,
      type: 'sepa_debit',
      brand: 'DE',
      lastFour: '3000',
    });
  });
  afterAll(() => t.close());

  it('the billing e-mail is told in the owner’s language: the reason, the next try, where to update the card', async () => {
    await t.app.db.update(users).set({ locale: 'fr-FR' }).where(eq(users.id, w.users.ownerA.id));
    const id = await insertInvoice('INV-CARD-0001', '2026-04');
    await expect(collect(id, { retryCount: 0, retryLimit: 5 })).rejects.toThrow(
      /not collected \(attempt 1\)/,
    );
    const [row] = await t.app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.merchantId, w.merchantA), eq(invoices.id, id)));
    expect(row).toMatchObject({ status: 'overdue', failureReason: SIMULATED_DECLINE_REASON });
    const mails = await mailsAbout(BILLING, 'INV-CARD-0001');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      kind: 'invoice_card_declined',
      locale: 'fr-FR',
      subject: 'Paiement par carte de la facture INV-CARD-0001 refusé',
    });
    expect(mail?.text).toContain(SIMULATED_DECLINE_REASON.replace(/\.$/, ''));
    // The queue's first retry waits 1–2 h: the mail promises the latest, in the merchant's time zone.
    const retryBy = new Intl.DateTimeFormat('fr-FR', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Europe/London',
    }).format(new Date(clock.now().getTime() + 2 * 3_600_000));
    expect(mail?.text).toContain(`Nous réessaierons la carte d'ici le ${retryBy}.`);
    expect(mail?.text).toContain('https://portal.example/billing/payment-methods/new');
    // Nobody else: the owner is not written to when there is a billing e-mail.
    expect(await mailsAbout(w.users.ownerA.email, 'INV-CARD-0001')).toEqual([]);
  });

  it('one e-mail per failed attempt: the retry declines again and sends one more; the last says no more tries', async () => {
    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.number, 'INV-CARD-0001'));
    const id = row?.id ?? '';
    await expect(collect(id, { retryCount: 1, retryLimit: 5 })).rejects.toThrow(/attempt 2/);
    expect(await mailsAbout(BILLING, 'INV-CARD-0001')).toHaveLength(2);
    await expect(collect(id, { retryCount: 5, retryLimit: 5 })).rejects.toThrow(/attempt 3/);
    const mails = await mailsAbout(BILLING, 'INV-CARD-0001');
    expect(mails).toHaveLength(3);
    expect(mails.filter((m) => m.text.includes('Nous ne réessaierons pas la carte'))).toHaveLength(1);
  });

  it('without a billing e-mail every owner is told, in English by default', async () => {
    await t.app.db.update(users).set({ locale: 'en-GB' }).where(eq(users.id, w.users.ownerA.id));
    await t.app.db
      .update(billingSettings)
      .set({ billingEmail: null })
      .where(eq(billingSettings.merchantId, w.merchantA));
    const id = await insertInvoice('INV-CARD-0002', '2026-03');
    await expect(collect(id)).rejects.toThrow(/not collected/);
    const [mail, ...more] = await mailsAbout(w.users.ownerA.email, 'INV-CARD-0002');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Card payment of invoice INV-CARD-0002 declined');
    expect(mail?.text).toContain('Your card was declined when we collected invoice INV-CARD-0002');
    expect(mail?.text).toContain('We will try the card again by ');
    expect(mail?.text).toContain(
      'add a card or account at https://portal.example/billing/payment-methods/new and make it your default at https://portal.example/billing/payment-methods.',
    );
    // The manager is not a billing contact.
    expect(await mailsAbout(w.users.managerA1.email, 'INV-CARD-0002')).toEqual([]);
  });

  it('no card, no card mail: a Direct Debit processing, or no payment method at all', async () => {
    await setDefault(sepaId);
    const debit = await insertInvoice('INV-CARD-0003', '2026-02');
    await collect(debit);
    expect(await mailsAbout(w.users.ownerA.email, 'INV-CARD-0003')).toEqual([]);
    await setDefault(null);
    const none = await insertInvoice('INV-CARD-0004', '2026-01');
    await expect(collect(none)).rejects.toThrow(/No default payment method/);
    expect(await mailsAbout(w.users.ownerA.email, 'INV-CARD-0004')).toEqual([]);
    await setDefault(cardId);
  });

  it('the next try is bounded by the queue’s backoff and cap; none after the last', () => {
    const now = new Date('2026-05-01T06:00:00Z');
    expect(collectRetryBy(now, { retryCount: 0, retryLimit: 5 })?.toISOString()).toBe(
      '2026-05-01T08:00:00.000Z',
    );
    expect(collectRetryBy(now, { retryCount: 3, retryLimit: 5 })?.toISOString()).toBe(
      '2026-05-01T22:00:00.000Z',
    );
    expect(collectRetryBy(now, { retryCount: 4, retryLimit: 5 })?.toISOString()).toBe(
      '2026-05-02T06:00:00.000Z',
    );
    expect(collectRetryBy(now, { retryCount: 5, retryLimit: 5 })).toBeNull();
  });
});
