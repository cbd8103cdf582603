import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rates } from '../src/db/schema/billing.ts';
import { users } from '../src/db/schema/identity.ts';
import { type AccessWorld, type ActorName, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

describe('billing: settings, payment methods and the simulated provider', () => {
  let t: TestApp;
  let w: AccessWorld;
  const base = () => `/api/v1/merchants/${w.merchantA}`;
  const call = (actor: ActorName, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) =>
    t.app.inject({ method, url, headers: w.headers(actor) });

  /** Opens a checkout session and picks a test instrument on the simulated hosted page, as a browser would. */
  async function addThroughSimulator(instrument: string): Promise<{ location: string; sessionId: string }> {
    const session = await call('ownerA', 'POST', `${base()}/billing/session`);
    expect(session.statusCode).toBe(201);
    const { hostedPageUrl, paymentToken, stripePublicKey, sessionId } = session.json().data;
    expect(stripePublicKey).toBeNull();
    expect(hostedPageUrl).toContain(paymentToken);
    const path = new URL(hostedPageUrl).pathname;
    const hosted = await t.app.inject({ method: 'GET', url: path });
    expect(hosted.statusCode).toBe(200);
    expect(hosted.body).toContain('Test provider: simulated billing');
    // No field takes a card or account number: only test instruments to pick.
    expect(hosted.body).not.toMatch(/type="(text|number|tel)"/);
    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `instrument=${instrument}`,
    });
    expect(done.statusCode).toBe(303);
    return { location: String(done.headers.location), sessionId };
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    w = await createAccessWorld(t.app, 'Billing');
  });
  afterAll(() => t.close());

  it('starts with no payment method, nothing signed', async () => {
    const res = await call('ownerA', 'GET', `${base()}/billing-settings`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      paymentMethods: [],
      defaultPaymentMethod: null,
      hasSignedRates: false,
      recommendedPaymentMethods: 2,
    });
  });

  it('adds payment methods through the hosted page; the first becomes default; set default and delete', async () => {
    const visa = await addThroughSimulator('visa-4242');
    expect(visa.location).toBe(`/payment-method-success?merchant=${w.merchantA}&session=${visa.sessionId}`);
    const result = await call('ownerA', 'GET', `${base()}/billing/session/${visa.sessionId}`);
    expect(result.json().data).toMatchObject({
      status: 'succeeded',
      paymentMethod: { type: 'card', brand: 'visa', lastFour: '4242', isDefault: true },
    });
    const visaId = result.json().data.paymentMethod.paymentMethodId;

    const sepa = await addThroughSimulator('sepa-de-3000');
    const sepaId = (await call('ownerA', 'GET', `${base()}/billing/session/${sepa.sessionId}`)).json().data
      .paymentMethod.paymentMethodId;

    const made = await call('ownerA', 'PUT', `${base()}/billing-settings/payment-methods/${sepaId}/default`);
    expect(made.statusCode).toBe(200);
    expect(made.json().data.defaultPaymentMethod).toBe(sepaId);

    const removed = await call('ownerA', 'DELETE', `${base()}/billing-settings/payment-methods/${visaId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.paymentMethods).toEqual([
      expect.objectContaining({
        paymentMethodId: sepaId,
        type: 'sepa_debit',
        brand: 'DE',
        lastFour: '3000',
        isDefault: true,
      }),
    ]);
    // Gone for good: neither default nor deletable again.
    expect(
      (await call('ownerA', 'PUT', `${base()}/billing-settings/payment-methods/${visaId}/default`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('ownerA', 'DELETE', `${base()}/billing-settings/payment-methods/${visaId}`)).statusCode,
    ).toBe(404);

    // Deleting the default leaves none.
    const last = await call('ownerA', 'DELETE', `${base()}/billing-settings/payment-methods/${sepaId}`);
    expect(last.json().data).toMatchObject({ paymentMethods: [], defaultPaymentMethod: null });

    // Only the last four digits and display facts are stored (no column could hold a number).
    const stored = await t.database.db.execute(
      sql`select * from payment_methods where merchant_id = ${w.merchantA}`,
    );
    for (const row of (stored as unknown as { rows: Record<string, unknown>[] }).rows) {
      expect(row.last_four).toMatch(/^\d{4}$/);
      expect(Object.keys(row).sort()).toEqual(
        [
          'brand',
          'created_at',
          'deleted_at',
          'exp_month',
          'exp_year',
          'id',
          'last_four',
          'merchant_id',
          'provider_payment_method_id',
          'type',
          'updated_at',
        ].sort(),
      );
    }
  });

  it('a declined test card shows as failed; a hosted page works once', async () => {
    const declined = await addThroughSimulator('card-declined');
    const result = await call('ownerA', 'GET', `${base()}/billing/session/${declined.sessionId}`);
    expect(result.json().data).toMatchObject({ status: 'failed', paymentMethod: null });
    expect(result.json().data.failureReason).toMatch(/declined/);

    const session = (await call('ownerA', 'POST', `${base()}/billing/session`)).json().data;
    const path = new URL(session.hostedPageUrl).pathname;
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'instrument=mastercard-4444',
      });
    expect((await post()).headers.location).toBe(
      `/payment-method-success?merchant=${w.merchantA}&session=${session.sessionId}`,
    );
    expect((await post()).headers.location).toBe('/payment-method-success?status=expired');
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(410);
    const settings = (await call('ownerA', 'GET', `${base()}/billing-settings`)).json().data;
    expect(settings.paymentMethods).toHaveLength(1);
  });

  it('refuses an instrument the page does not offer, inherited names too, as failed: never a 500, nothing saved', async () => {
    const session = (await call('ownerA', 'POST', `${base()}/billing/session`)).json().data;
    const path = new URL(session.hostedPageUrl).pathname;
    const before = (await call('ownerA', 'GET', `${base()}/billing-settings`)).json().data.paymentMethods;
    for (const instrument of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'no-such-card']) {
      const res = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `instrument=${instrument}`,
      });
      expect(res.statusCode, instrument).toBe(303);
      expect(res.headers.location, instrument).toBe('/payment-method-success?status=failed');
    }
    const after = (await call('ownerA', 'GET', `${base()}/billing-settings`)).json().data.paymentMethods;
    expect(after).toEqual(before);
  });

  it('gives nothing to site managers, other merchants or strangers (404)', async () => {
    const settings = (await call('ownerA', 'GET', `${base()}/billing-settings`)).json().data;
    const pmId = settings.paymentMethods[0].paymentMethodId;
    expect((await call('managerA1', 'GET', `${base()}/billing-settings`)).statusCode).toBe(404);
    expect((await call('ownerB', 'GET', `${base()}/billing-settings`)).statusCode).toBe(404);
    expect((await call('ownerB', 'POST', `${base()}/billing/session`)).statusCode).toBe(404);
    // B's owner naming A's payment method under B: not found, and A's is untouched.
    const foreign = await call(
      'ownerB',
      'DELETE',
      `/api/v1/merchants/${w.merchantB}/billing-settings/payment-methods/${pmId}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call('ownerA', 'GET', `${base()}/billing-settings`)).json().data.paymentMethods,
    ).toHaveLength(1);
    expect((await call('staff', 'GET', `${base()}/billing-settings`)).statusCode).toBe(200);
  });

  it('updates the billing e-mail: lowercased; a bad one is a 400 naming the field and changes nothing', async () => {
    const put = (actor: ActorName, merchantId: string, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/merchants/${merchantId}/billing-settings/billing-email`,
        headers: w.headers(actor),
        payload: payload as Record<string, unknown>,
      });
    const done = await put('ownerA', w.merchantA, { billingEmail: 'Accounts@Example.COM' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.billingEmail).toBe('accounts@example.com');

    const bad = await put('ownerA', w.merchantA, { billingEmail: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([expect.objectContaining({ field: 'billingEmail' })]);
    const missing = await put('ownerA', w.merchantA, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([expect.objectContaining({ field: 'billingEmail' })]);
    expect((await call('ownerA', 'GET', `${base()}/billing-settings`)).json().data.billingEmail).toBe(
      'accounts@example.com',
    );
    expect((await put('managerA1', w.merchantA, { billingEmail: 'x@example.com' })).statusCode).toBe(404);
    expect((await put('ownerB', w.merchantA, { billingEmail: 'x@example.com' })).statusCode).toBe(404);
  });

  // The page was English, its amounts en-GB, whatever the signer's language.
  it('the simulated e-signature page speaks the signer’s language: words, rates, amounts and date', async () => {
    await t.app.db.insert(rates).values({
      merchantId: w.merchantB,
      domesticPercent: '1.2500',
      eeaPercent: '1.5000',
      globalPercent: '2.5000',
      amexPercent: '2.9000',
      otherPercent: '2.9000',
      tapToPayPercent: '1.3000',
      fixedFee: 5,
      deviceRentalMonthly: 1999,
      currency: 'EUR',
      effectiveFrom: '2026-01-01',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    await t.app.db.update(users).set({ locale: 'fr-FR' }).where(eq(users.id, w.users.ownerB.id));
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantB}/billing-settings`,
      headers: w.headers('ownerB'),
    });
    const path = new URL(settings.json().data.ratesSignUrl).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fr-FR">');
    expect(page.body).toContain('<h1>Signez vos tarifs</h1>');
    expect(page.body).toContain('<p>En vigueur à partir du 1 janvier 2026.</p>');
    const fr = (value: number, options: Intl.NumberFormatOptions) =>
      new Intl.NumberFormat('fr-FR', options).format(value);
    expect(page.body).toContain(
      `<tr><td>Cartes nationales</td><td>${fr(0.0125, { style: 'percent', maximumFractionDigits: 4 })}</td></tr>`,
    );
    expect(page.body).toContain(`<td>${fr(19.99, { style: 'currency', currency: 'EUR' })}</td>`);
    expect(page.body).not.toContain('Test provider');
    const unagreed = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'signerName=Bea%20Owner',
    });
    expect(unagreed.statusCode).toBe(400);
    expect(unagreed.body).toContain('Veuillez confirmer que vous acceptez ces tarifs.');
  });

  it('signs the rates on the simulated e-signature page: hasSignedRates flips, the link stops working', async () => {
    const before = (await call('ownerA', 'GET', `${base()}/billing-settings`)).json().data;
    expect(before).toMatchObject({ hasRates: true, hasSignedRates: false });
    expect(before.ratesSignUrl).toMatch(
      new RegExp(`^http://localhost:3000/api/esign-simulator/${w.merchantA}/[0-9a-f-]{36}$`),
    );
    // One envelope per rates version: the same link on every read.
    expect((await call('ownerA', 'GET', `${base()}/billing-settings`)).json().data.ratesSignUrl).toBe(
      before.ratesSignUrl,
    );
    const path = new URL(before.ratesSignUrl).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test provider: simulated e-signature');
    expect(page.body).toContain('<tr><td>Domestic cards</td><td>1.2%</td></tr>');

    // The same envelope under another merchant: nothing there.
    const envelopeId = path.split('/').pop();
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/esign-simulator/${w.merchantB}/${envelopeId}`,
    });
    expect(foreign.statusCode).toBe(410);

    const sign = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const unagreed = await sign('signerName=Ada%20Owner');
    expect(unagreed.statusCode).toBe(400);
    expect(unagreed.body).toContain('Please confirm that you agree to these rates.');
    const unnamed = await sign('signerName=%20&agree=yes');
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.body).toContain('Please type your full name');
    expect((await call('ownerA', 'GET', `${base()}/billing-settings`)).json().data.hasSignedRates).toBe(
      false,
    );

    const signed = await sign('signerName=Ada%20%20Owner&agree=yes');
    expect(signed.statusCode).toBe(303);
    expect(signed.headers.location).toBe('/billing/payment-methods?ratesSigned=1');
    const after = (await call('ownerA', 'GET', `${base()}/billing-settings`)).json().data;
    expect(after).toMatchObject({ hasSignedRates: true, ratesSignUrl: null });
    const recorded = await t.database.db.execute(
      sql`select status, signer_name, signer_ip, signed_at from rate_signatures where merchant_id = ${w.merchantA}`,
    );
    expect((recorded as unknown as { rows: Record<string, unknown>[] }).rows).toEqual([
      expect.objectContaining({ status: 'signed', signer_name: 'Ada Owner', signer_ip: '127.0.0.1' }),
    ]);
    // Signed once: the link is spent.
    expect((await sign('signerName=Eve&agree=yes')).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(410);
  });
});
