import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { createOutboxMailer, readOutbox } from '../src/adapters/mail/outbox-mailer.ts';
import { systemClock } from '../src/clock.ts';
import { invoices, merchants } from '../src/db/schema/index.ts';
import { collectInvoice } from '../src/modules/invoices/collection.ts';
import { INVOICE_COLLECT_JOB, invoiceCollectJob } from '../src/modules/invoices/invoice-jobs.ts';
import { createPaymentSettlement } from '../src/modules/invoices/payment-settlement.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { insertDefaultCard, insertOpenInvoice } from './helpers/invoices.ts';
import {
  signedStripeWebhook,
  stripeServer,
  stripeTestEnv,
  stripeTestProvider,
  WEBHOOK_SECRET,
} from './helpers/stripe-server.ts';

describe('billing through Stripe (official SDK against a local Stripe-speaking server)', () => {
  const stripe = stripeServer();
  let apiUrl: string;
  let t: TestApp;
  let w: AccessWorld;
  const base = () => `/api/v1/merchants/${w.merchantA}`;
  const webhook = (event: object, secret = WEBHOOK_SECRET) =>
    t.app.inject(signedStripeWebhook(event, secret));
  const setupEvent = (type: string, intent: Record<string, unknown> | undefined) => ({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type,
    data: { object: intent },
  });

  const stripeProvider = () => stripeTestProvider(apiUrl);
  /** The SDK against the local server, for a test's own calls (what another integration would do). */
  const stripeClient = () =>
    new Stripe('sk_test_invoices', {
      host: new URL(apiUrl).hostname,
      port: Number(new URL(apiUrl).port),
      protocol: 'http',
    });

  beforeAll(async () => {
    apiUrl = await stripe.listen();
    t = await createTestApp({ env: stripeTestEnv(apiUrl) });
    w = await createAccessWorld(t.app, 'StripeBilling');
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('has no simulated hosted page while Stripe is the provider (404): it could save a test card', async () => {
    const path = `/api/billing-simulator/${w.merchantA}/${'a'.repeat(43)}`;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const post = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'instrument=visa-4242',
    });
    expect(post.statusCode).toBe(404);
  });

  it('a session creates the customer once and a SetupIntent for card, SEPA and BACS; the webhook saves the card', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `${base()}/billing/session`,
      headers: w.headers('ownerA'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const session = created.json().data;
    expect(session).toMatchObject({ stripePublicKey: 'pk_test_invoices', paymentToken: 'seti_1_secret_abc' });
    const customer = stripe.requests.find((r) => r.path === '/v1/customers');
    expect(customer?.params.get('metadata[merchantId]')).toBe(w.merchantA);
    expect(customer?.idempotencyKey).toBe(`customer-${w.merchantA}`);
    const setup = stripe.requests.find((r) => r.path === '/v1/setup_intents');
    expect(setup?.params.get('customer')).toBe('cus_test_1');
    expect(
      setup?.params
        .getAll('allowed_payment_method_types[0]')
        .concat(
          setup?.params.getAll('allowed_payment_method_types[1]') ?? [],
          setup?.params.getAll('allowed_payment_method_types[2]') ?? [],
        ),
    ).toEqual(['card', 'sepa_debit', 'bacs_debit']);
    expect(setup?.params.get('usage')).toBe('off_session');
    expect(setup?.params.get('metadata[sessionId]')).toBe(session.sessionId);
    const [merchant] = await t.app.db.select().from(merchants).where(eq(merchants.id, w.merchantA));
    expect(merchant?.stripeCustomerId).toBe('cus_test_1');

    // A forged signature is refused and changes nothing.
    const intent = stripe.succeed('seti_1', 'pm_card_visa');
    const forged = await webhook(setupEvent('setup_intent.succeeded', intent), 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({ method: 'GET', url: `${base()}/billing-settings`, headers: w.headers('ownerA') })
      ).json().data.paymentMethods,
    ).toEqual([]);

    const signed = await webhook(setupEvent('setup_intent.succeeded', intent));
    expect(signed.statusCode, signed.body).toBe(200);
    // Replayed: the session is complete, nothing is added twice.
    expect((await webhook(setupEvent('setup_intent.succeeded', intent))).statusCode).toBe(200);
    const result = await t.app.inject({
      method: 'GET',
      url: `${base()}/billing/session/${session.sessionId}`,
      headers: w.headers('ownerA'),
    });
    expect(result.json().data).toMatchObject({
      status: 'succeeded',
      paymentMethod: {
        type: 'card',
        brand: 'visa',
        lastFour: '4242',
        expMonth: 12,
        expYear: 2031,
        isDefault: true,
      },
    });
    const settings = (
      await t.app.inject({ method: 'GET', url: `${base()}/billing-settings`, headers: w.headers('ownerA') })
    ).json().data;
    expect(settings.paymentMethods).toHaveLength(1);
    expect(settings.stripeCustomerId).toBe('cus_test_1');
  });

  it('the success page asks Stripe when the webhook has not come: BACS and SEPA saved with display facts only', async () => {
    for (const [pm, expected] of [
      ['pm_bacs_gb', { type: 'bacs_debit', brand: '10-88-00', lastFour: '2345' }],
      ['pm_sepa_de', { type: 'sepa_debit', brand: 'DE', lastFour: '3000' }],
    ] as const) {
      const session = (
        await t.app.inject({ method: 'POST', url: `${base()}/billing/session`, headers: w.headers('ownerA') })
      ).json().data;
      // The customer exists: only a SetupIntent is created.
      expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
      const seti = String(session.paymentToken).split('_secret_')[0] ?? '';
      const waiting = await t.app.inject({
        method: 'GET',
        url: `${base()}/billing/session/${session.sessionId}`,
        headers: w.headers('ownerA'),
      });
      expect(waiting.json().data.status).toBe('open');
      stripe.succeed(seti, pm);
      const done = await t.app.inject({
        method: 'GET',
        url: `${base()}/billing/session/${session.sessionId}`,
        headers: w.headers('ownerA'),
      });
      expect(done.json().data).toMatchObject({
        status: 'succeeded',
        paymentMethod: { ...expected, isDefault: false },
      });
    }
  });

  it('collects off-session with an idempotency key per invoice and attempt; a decline is a failure with Stripe’s reason', async () => {
    const provider = stripeProvider();
    const request = {
      merchantId: randomUUID(),
      invoiceId: randomUUID(),
      invoiceNumber: 'INV-202610-TEST',
      amount: 5018,
      currency: 'GBP',
      providerPaymentMethodId: 'pm_card_visa',
      paymentMethodType: 'card' as const,
      customerId: 'cus_test_1',
      attempt: 0,
    };
    const paid = await provider.collect(request);
    expect(paid).toMatchObject({ status: 'succeeded', providerPaymentId: expect.stringMatching(/^pi_/) });
    const sent = stripe.requests.filter((r) => r.path === '/v1/payment_intents').at(-1);
    expect(Object.fromEntries(sent?.params ?? [])).toMatchObject({
      amount: '5018',
      currency: 'gbp',
      customer: 'cus_test_1',
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
    });
    expect(sent?.idempotencyKey).toBe(`invoice-${request.invoiceId}-0`);
    const declined = await provider.collect({
      ...request,
      providerPaymentMethodId: 'pm_declines',
      attempt: 1,
    });
    expect(declined).toEqual({ status: 'failed', reason: 'Your card has insufficient funds.' });
  });

  it('a SEPA debit is processing until Stripe’s signed payment_intent events settle it: failed → overdue, e-mail, retry; then paid', async () => {
    const provider = stripeProvider();
    const tenantDb = createTenantDb(t.app.database);
    const settings = (
      await t.app.inject({ method: 'GET', url: `${base()}/billing-settings`, headers: w.headers('ownerA') })
    ).json().data;
    const sepa = settings.paymentMethods.find((m: { type: string }) => m.type === 'sepa_debit');
    const setDefault = await t.app.inject({
      method: 'PUT',
      url: `${base()}/billing-settings/payment-methods/${sepa.paymentMethodId}/default`,
      headers: w.headers('ownerA'),
    });
    expect(setDefault.statusCode, setDefault.body).toBe(200);
    const invoiceId = randomUUID();
    await t.app.db.insert(invoices).values({
      merchantId: w.merchantA,
      id: invoiceId,
      number: 'INV-STRIPE-DD-1',
      status: 'open',
      displayType: 'billing_summary',
      periodStart: '2026-09-01',
      periodEnd: '2026-09-30',
      subtotal: 2500,
      tax: 500,
      total: 3000,
      taxPercent: '20.00',
      currency: 'EUR',
      country: 'DE',
    });
    const view = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${base()}/invoices/${invoiceId}`,
          headers: w.headers('ownerA'),
        })
      ).json().data;
    const paymentEvent = (type: string, id: string) => ({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type,
      data: { object: { id, object: 'payment_intent', metadata: { merchantId: w.merchantA, invoiceId } } },
    });

    const first = await collectInvoice({ tenantDb, clock: systemClock, provider }, w.merchantA, invoiceId);
    expect(first).toMatchObject({ status: 'processing' });
    const firstId = first.status === 'processing' ? first.providerPaymentId : '';
    const sent = stripe.requests.filter((r) => r.path === '/v1/payment_intents').at(-1);
    expect(sent?.params.get('payment_method')).toBe('pm_sepa_de');
    expect(sent?.params.get('metadata[merchantId]')).toBe(w.merchantA);
    expect(await view()).toMatchObject({ status: 'open', paymentStatus: 'processing', amountDue: 3000 });
    // payment_intent.processing changes nothing.
    expect((await webhook(paymentEvent('payment_intent.processing', firstId))).statusCode).toBe(200);
    expect((await view()).paymentStatus).toBe('processing');

    // The bank returns the debit. A forged event is refused; the signed one settles it from Stripe's state.
    stripe.settle(firstId, 'failed');
    const forged = await webhook(paymentEvent('payment_intent.payment_failed', firstId), 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect((await view()).paymentStatus).toBe('processing');
    const jobsBefore = t.sentJobs.length;
    expect((await webhook(paymentEvent('payment_intent.payment_failed', firstId))).statusCode).toBe(200);
    expect(await view()).toMatchObject({
      status: 'overdue',
      paymentStatus: 'failed',
      failureReason: 'The customer’s bank account has insufficient funds.',
    });
    expect(t.sentJobs.slice(jobsBefore)).toEqual([
      { name: INVOICE_COLLECT_JOB, data: { merchantId: w.merchantA, invoiceId } },
    ]);
    const mail = (await readOutbox(t.app.db, w.users.ownerA.email)).find(
      (m) => m.kind === 'invoice_payment_failed',
    );
    expect(mail?.subject).toBe('Payment of invoice INV-STRIPE-DD-1 failed');
    // Replayed: already settled, nothing more queued.
    expect((await webhook(paymentEvent('payment_intent.payment_failed', firstId))).statusCode).toBe(200);
    expect(t.sentJobs.length).toBe(jobsBefore + 1);

    // The retry debits again (a new idempotency key); Stripe says it succeeded.
    const retry = await collectInvoice({ tenantDb, clock: systemClock, provider }, w.merchantA, invoiceId);
    const retryId = retry.status === 'processing' ? retry.providerPaymentId : '';
    expect(stripe.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)?.idempotencyKey).toBe(
      `invoice-${invoiceId}-1`,
    );
    // A replayed failure event of the first payment does not fail the retry.
    expect((await webhook(paymentEvent('payment_intent.payment_failed', firstId))).statusCode).toBe(200);
    expect((await view()).paymentStatus).toBe('processing');
    stripe.settle(retryId, 'succeeded');
    expect((await webhook(paymentEvent('payment_intent.succeeded', retryId))).statusCode).toBe(200);
    expect(await view()).toMatchObject({ status: 'paid', paymentStatus: 'succeeded', amountDue: 0 });
  });
  it("a signed payment_intent event settles only the invoice the intent was made for: the event's metadata is not read, and an intent whose metadata names no invoice of ours is ignored (200, never a 500)", async () => {
    const stripeApi = stripeClient();
    // Merchant B's invoice waits for its own Direct Debit.
    const invoiceB = randomUUID();
    await t.app.db.insert(invoices).values({
      merchantId: w.merchantB,
      id: invoiceB,
      number: 'INV-STRIPE-B-1',
      status: 'open',
      displayType: 'billing_summary',
      periodStart: '2026-09-01',
      periodEnd: '2026-09-30',
      subtotal: 1000,
      tax: 200,
      total: 1200,
      taxPercent: '20.00',
      currency: 'EUR',
      country: 'DE',
      paymentStatus: 'processing',
      providerInvoiceId: 'pi_of_merchant_b',
      paymentProcessingSince: new Date(),
      collectionAttempts: 1,
    });
    const stateOfB = async () =>
      (await t.app.db.select().from(invoices).where(eq(invoices.id, invoiceB)))[0]?.paymentStatus;
    // An intent made on the same Stripe account by something else (its own invoice numbering), then failed.
    const foreign = await stripeApi.paymentIntents.create({
      amount: 1200,
      currency: 'eur',
      payment_method: 'pm_sepa_other',
      metadata: { merchantId: 'acct-42', invoiceId: 'in_1PQR' },
    });
    stripe.settle(foreign.id, 'failed');
    const event = (metadata: Record<string, string>) => ({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: { object: { id: foreign.id, object: 'payment_intent', metadata } },
    });
    // The event claims merchant B's invoice: Stripe's own record of the intent says otherwise.
    const claimed = await webhook(event({ merchantId: w.merchantB, invoiceId: invoiceB }));
    expect(claimed.statusCode).toBe(200);
    expect(await stateOfB()).toBe('processing');
    const malformed = await webhook(event({ merchantId: 'acct-42', invoiceId: 'in_1PQR' }));
    expect(malformed.statusCode).toBe(200);
    expect(await stateOfB()).toBe('processing');
  });

  it('a card Stripe declines is e-mailed once for the attempt; its payment_intent.payment_failed, replayed, sends nothing more', async () => {
    const provider = stripeProvider();
    const tenantDb = createTenantDb(t.app.database);
    // The customer the first session made (the local server's only one), whichever test ran first.
    await t.app.db
      .update(merchants)
      .set({ stripeCustomerId: 'cus_test_1' })
      .where(eq(merchants.id, w.merchantA));
    await insertDefaultCard(t.app.db, w.merchantA, {
      providerPaymentMethodId: 'pm_declines',
      lastFour: '0341',
    });
    const invoiceId = await insertOpenInvoice(t.app.db, w.merchantA, {
      number: 'INV-STRIPE-CARD-1',
      month: '2026-10',
      currency: 'EUR',
      country: 'DE',
    });
    const settlement = createPaymentSettlement({
      tenantDb,
      clock: systemClock,
      mailer: createOutboxMailer({ db: t.app.db, printBodies: false }),
      send: async () => randomUUID(),
      portalUrl: 'http://localhost:3000',
      log: { warn: () => {}, error: () => {} },
    });
    const job = invoiceCollectJob({
      tenantDb,
      clock: systemClock,
      send: async () => randomUUID(),
      billing: provider,
      settlement,
    });
    const mails = async () =>
      (await readOutbox(t.app.db, w.users.ownerA.email)).filter((m) => m.kind === 'invoice_card_declined');
    await expect(
      job.work({ merchantId: w.merchantA, invoiceId }, { retryCount: 0, retryLimit: 5 } as never),
    ).rejects.toThrow(/insufficient funds/);
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Card payment of invoice INV-STRIPE-CARD-1 declined');
    expect(mail?.text).toContain('Your card has insufficient funds');
    expect(mail?.text).toContain('http://localhost:3000/billing/payment-methods/new');
    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row).toMatchObject({ status: 'overdue', collectionAttempts: 1 });

    // Stripe's event about the declined intent, signed, twice: nothing settles, nothing is queued or sent.
    const declined = stripe.requests.filter((r) => r.path === '/v1/payment_intents').at(-1);
    expect(declined?.params.get('payment_method')).toBe('pm_declines');
    const intentId = `pi_${stripe.requests.indexOf(declined as never) + 1}`;
    const stripeApi = stripeClient();
    expect(await stripeApi.paymentIntents.retrieve(intentId)).toMatchObject({
      status: 'requires_payment_method',
      metadata: { merchantId: w.merchantA, invoiceId },
    });
    const jobsBefore = t.sentJobs.length;
    for (let i = 0; i < 2; i++) {
      const res = await webhook({
        id: `evt_${randomUUID()}`,
        object: 'event',
        type: 'payment_intent.payment_failed',
        data: {
          object: {
            id: intentId,
            object: 'payment_intent',
            metadata: { merchantId: w.merchantA, invoiceId },
          },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await mails()).toHaveLength(1);
    expect(t.sentJobs.length).toBe(jobsBefore);
    const [after] = await t.app.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(after).toMatchObject({ status: 'overdue', collectionAttempts: 1 });
  });
});
