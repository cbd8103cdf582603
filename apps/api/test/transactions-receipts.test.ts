import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../src/adapters/mail/outbox-mailer.ts';
import { auditLog, mailInactiveRecipients, users } from '../src/db/schema/index.ts';
import { type AccessWorld, type ActorName, createAccessWorld } from './access-fixtures.ts';
import { ADYEN_TEST_ENV, deliver, item, pspRef } from './helpers/adyen.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Issue 11 §3: POST /v1/merchants/{id}/transactions/{transactionId}/receipts sends the receipt through the mail
// port (the outbox here; a real SMTP server for the bounce), in the asker's language; inactive recipients get
// SPEC §8's message instead of a send.
async function payment(t: TestApp, w: AccessWorld, siteId: string, value: number, tip = 0) {
  const psp = pspRef();
  const additionalData: Record<string, string> = {
    'metadata.siteId': siteId,
    cardBin: '411111',
    cardSummary: '1111',
  };
  if (tip) additionalData['posadditionalamounts.gratuityAmount'] = String(tip);
  const answer = await deliver(t.app, [
    item({
      pspReference: psp,
      amount: { currency: 'GBP', value },
      eventDate: '2026-03-01T13:05:00+00:00',
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
  return { id: found.json().data[0].id as string, psp };
}

const send = (
  t: TestApp,
  w: AccessWorld,
  actor: ActorName,
  transactionId: string,
  body: unknown,
  merchantId = w.merchantA,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/merchants/${merchantId}/transactions/${transactionId}/receipts`,
    headers: w.headers(actor),
    payload: body as Record<string, unknown>,
  });

describe('e-mail receipts', () => {
  let t: TestApp;
  let w: AccessWorld;

  beforeAll(async () => {
    t = await createTestApp({
      env: { ...ADYEN_TEST_ENV, PSP_REFUND_DELAY_MS: '0', PSP_REFUND_FAILURE_RATE: '0' },
    });
    w = await createAccessWorld(t.app, 'Receipts');
  });
  afterAll(() => t.close());

  it("sends the receipt in the asker's language: site and address, zoned time, amount, tip, card, reference, refunds", async () => {
    // Adyen's amount includes the tip: £25.00 of which £3.00 tip.
    const tx = await payment(t, w, w.siteA1, 2500, 300);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/merchants/${w.merchantA}/transactions/${tx.id}/refunds`,
      headers: { ...w.headers('ownerA'), 'idempotency-key': randomUUID() },
      payload: { amount: 800 },
    });
    expect(refund.statusCode).toBe(201);
    await t.app.pspRefunds.settled?.();

    const to = 'Customer.One@Example.com';
    const res = await send(t, w, 'ownerA', tx.id, { email: to });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ to: 'customer.one@example.com', locale: 'en-GB' });

    const [mail] = await readOutbox(t.app.db, to);
    expect(mail).toMatchObject({
      kind: 'transaction_receipt',
      locale: 'en-GB',
      to: 'customer.one@example.com',
    });
    expect(mail?.subject).toBe('Your receipt from Receipts-a1');
    const text = mail?.text ?? '';
    expect(text).toContain('Receipts-a1 — Receipts Alpha Ltd');
    expect(text).toContain('1 High Street, London, E1 6AN, GB');
    expect(text).toContain('Date: 1 March 2026 at 13:05 (Europe/London)');
    expect(text).toContain('Amount: £22.00');
    expect(text).toContain('Tip: £3.00');
    expect(text).toContain('Total: £25.00');
    expect(text).toContain('Card: Visa •••• 1111');
    expect(text).toContain(`Payment reference: ${tx.psp}`);
    expect(text).toMatch(/Refunds:\n- .*: £8\.00 \(refunded\)/);
    // Card data is the scheme and the last four only: no BIN.
    expect(text).not.toContain('411111');

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'transaction.receipt'), eq(auditLog.entityId, tx.id)));
    expect(audit).toMatchObject({ actorUserId: w.users.ownerA.id });
    expect(audit?.after).toEqual({ to: 'customer.one@example.com', locale: 'en-GB' });
  });

  it("writes in the user's stored language, or in the one the dialog asks for", async () => {
    const tx = await payment(t, w, w.siteA1, 1999);
    await t.app.db.update(users).set({ locale: 'fr-FR' }).where(eq(users.id, w.users.managerA1.id));
    const french = await send(t, w, 'managerA1', tx.id, { email: 'client.fr@example.com' });
    expect(french.statusCode).toBe(201);
    const [fr] = await readOutbox(t.app.db, 'client.fr@example.com');
    expect(fr?.locale).toBe('fr-FR');
    expect(fr?.subject).toBe('Votre reçu de Receipts-a1');
    expect(fr?.text.replace(/\s/g, ' ')).toContain('Montant : 19,99 £GB');

    for (const [locale, subject, amount] of [
      ['es-ES', 'Tu recibo de Receipts-a1', 'Importe: 19,99 GBP'],
      ['it-IT', 'La tua ricevuta di Receipts-a1', 'Importo: 19,99 £'],
    ] as const) {
      const email = `client.${locale}@example.com`.toLowerCase();
      expect((await send(t, w, 'managerA1', tx.id, { email, locale })).statusCode).toBe(201);
      const [mail] = await readOutbox(t.app.db, email);
      expect(mail).toMatchObject({ locale, subject });
      expect(mail?.text.replace(/\s/g, ' ')).toContain(amount);
    }
  });

  it("answers 404 for another site's, another merchant's or an unknown transaction, and sends nothing", async () => {
    const tx = await payment(t, w, w.siteA1, 1500);
    for (const [actor, merchantId, id] of [
      ['managerA2', w.merchantA, tx.id],
      ['ownerB', w.merchantB, tx.id],
      ['ownerB', w.merchantA, tx.id],
      ['ownerA', w.merchantA, randomUUID()],
    ] as const) {
      const res = await send(t, w, actor, id, { email: 'nobody.sees@example.com' }, merchantId);
      expect(res.statusCode).toBe(404);
    }
    expect(await readOutbox(t.app.db, 'nobody.sees@example.com')).toHaveLength(0);
  });

  it('answers 400 naming the field for a bad address or language', async () => {
    const tx = await payment(t, w, w.siteA1, 1500);
    const badEmail = await send(t, w, 'ownerA', tx.id, { email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.details[0]).toMatchObject({
      field: 'email',
      rule: 'validation.emailInvalid',
    });
    const missing = await send(t, w, 'ownerA', tx.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details[0]).toMatchObject({ field: 'email' });
    const badLocale = await send(t, w, 'ownerA', tx.id, { email: 'ok@example.com', locale: 'de-DE' });
    expect(badLocale.statusCode).toBe(400);
    expect(badLocale.json().error.details[0]).toMatchObject({ field: 'locale' });
  });

  it('refuses an inactive recipient (an address that bounced before) with the SPEC §8 message, sending nothing', async () => {
    const tx = await payment(t, w, w.siteA1, 1500);
    await t.app.db
      .insert(mailInactiveRecipients)
      .values({ email: 'bounced.before@example.com', reason: '550 5.1.1 no such user' });
    const res = await send(t, w, 'ownerA', tx.id, { email: 'Bounced.Before@example.com' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'RECIPIENT_INACTIVE',
      details: [{ field: 'email', rule: 'receipt.recipientInactive' }],
    });
    expect(await readOutbox(t.app.db, 'bounced.before@example.com')).toHaveLength(0);
  });
});

describe('e-mail receipts through SMTP: a hard bounce makes the address inactive', () => {
  let t: TestApp;
  let w: AccessWorld;
  let server: SMTPServer;
  const delivered: string[] = [];
  const asked: string[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      logger: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onRcptTo(address, _session, callback) {
        asked.push(address.address);
        if (address.address.startsWith('gone'))
          callback(Object.assign(new Error('5.1.1 no such user'), { responseCode: 550 }));
        else callback();
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          delivered.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    t = await createTestApp({ env: { ...ADYEN_TEST_ENV, SMTP_URL: `smtp://127.0.0.1:${port}` } });
    w = await createAccessWorld(t.app, 'Bounce');
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(resolve));
  });

  it('delivers to a good address; a 550 records the address and answers 422; the next try never reaches SMTP', async () => {
    const tx = await payment(t, w, w.siteA1, 1200);
    expect((await send(t, w, 'ownerA', tx.id, { email: 'fine@example.com' })).statusCode).toBe(201);
    expect(delivered).toContain('fine@example.com');

    const first = await send(t, w, 'ownerA', tx.id, { email: 'gone@example.com' });
    expect(first.statusCode).toBe(422);
    expect(first.json().error.code).toBe('RECIPIENT_INACTIVE');
    const [row] = await t.app.db
      .select()
      .from(mailInactiveRecipients)
      .where(eq(mailInactiveRecipients.email, 'gone@example.com'));
    expect(row?.reason).toContain('550');

    const askedBefore = asked.length;
    const second = await send(t, w, 'ownerA', tx.id, { email: 'gone@example.com' });
    expect(second.statusCode).toBe(422);
    expect(asked.length).toBe(askedBefore);
    expect(delivered).not.toContain('gone@example.com');
  });
});
