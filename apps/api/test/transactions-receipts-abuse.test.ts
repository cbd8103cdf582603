import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../src/adapters/mail/outbox-mailer.ts';
import { type AccessWorld, type ActorName, createAccessWorld } from './access-fixtures.ts';
import { ADYEN_TEST_ENV, capturedPayment } from './helpers/adyen.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Attacker review (session 10): POST …/transactions/{id}/receipts mails a merchant's receipt to an address the
// caller types. Without limits any member could flood a stranger's inbox from our domain. Each user and each
// merchant get so many an hour and one address so many a day (429 with Retry-After, from the shared rate-limit
// store); the body names one address and nothing else.
describe('e-mail receipts cannot be used to spam', () => {
  let t: TestApp;
  let w: AccessWorld;
  let txA1: string;
  let txA2: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ...ADYEN_TEST_ENV,
        RECEIPTS_PER_USER_PER_HOUR: '3',
        RECEIPTS_PER_MERCHANT_PER_HOUR: '5',
        RECEIPTS_PER_ADDRESS_PER_DAY: '2',
      },
    });
    w = await createAccessWorld(t.app, 'Spam');
    const owner = { merchantId: w.merchantA, headers: w.headers('ownerA') };
    txA1 = (await capturedPayment(t.app, { ...owner, siteId: w.siteA1 }, 1500)).id;
    txA2 = (await capturedPayment(t.app, { ...owner, siteId: w.siteA2 }, 900)).id;
  });
  afterAll(() => t.close());

  const send = (actor: ActorName, transactionId: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/merchants/${w.merchantA}/transactions/${transactionId}/receipts`,
      headers: w.headers(actor),
      payload: body,
    });
  const expectLimited = (res: Awaited<ReturnType<typeof send>>) => {
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('LIMIT_EXCEEDED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('refuses a list of recipients or any other key (a smuggled merchantId, cc, bcc) with a 400 naming it', async () => {
    for (const [extra, field] of [
      [{ email: ['a@example.com', 'b@example.com'] }, 'email'],
      [{ email: 'a@example.com', to: ['b@example.com'] }, 'to'],
      [{ email: 'a@example.com', cc: 'b@example.com' }, 'cc'],
      [{ email: 'a@example.com', bcc: 'b@example.com' }, 'bcc'],
      [{ email: 'a@example.com', merchantId: w.merchantB }, 'merchantId'],
      [{ email: 'a@example.com, b@example.com' }, 'email'],
      [{ email: 'a@example.com\r\nBcc: b@example.com' }, 'email'],
    ] as const) {
      const res = await send('ownerA', txA1, extra);
      expect({ body: extra, status: res.statusCode }).toEqual({ body: extra, status: 400 });
      expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await readOutbox(t.app.db, 'b@example.com')).toHaveLength(0);
  });

  it('lets one address receive so many a day, whoever sends', async () => {
    const victim = 'victim@example.com';
    expect((await send('ownerA', txA1, { email: victim })).statusCode).toBe(201);
    expect((await send('managerA1', txA1, { email: victim })).statusCode).toBe(201);
    expectLimited(await send('managerA2', txA2, { email: 'Victim@Example.com' }));
    expect(await readOutbox(t.app.db, victim)).toHaveLength(2);
  });

  it('lets a user send so many an hour, then the merchant as a whole', async () => {
    // managerA1 has sent one above; two more, then the user's limit.
    for (const n of [1, 2])
      expect((await send('managerA1', txA1, { email: `user-${n}@example.com` })).statusCode).toBe(201);
    expectLimited(await send('managerA1', txA1, { email: 'user-3@example.com' }));
    expect(await readOutbox(t.app.db, 'user-3@example.com')).toHaveLength(0);
    // The merchant has counted five (a refused request counts too: the third to the victim): managerA2, with
    // two of their own, and the owner are refused on the merchant's limit.
    expectLimited(await send('managerA2', txA2, { email: 'merchant-1@example.com' }));
    expectLimited(await send('ownerA', txA1, { email: 'merchant-2@example.com' }));
    expect(await readOutbox(t.app.db, 'merchant-1@example.com')).toHaveLength(0);
  });

  it("counts nothing for a caller who cannot see the transaction (another site's, another merchant's)", async () => {
    // 404s are answered before the limits are counted: merchant B's owner cannot spend merchant A's allowance.
    for (let n = 0; n < 4; n += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/merchants/${w.merchantB}/transactions/${txA1}/receipts`,
        headers: w.headers('ownerB'),
        payload: { email: `b-${n}@example.com` },
      });
      expect(res.statusCode).toBe(404);
    }
    const unknown = await send('ownerB', randomUUID(), { email: 'b@example.com' });
    expect(unknown.statusCode).toBe(404);
  });
});
