import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../src/db/schema/index.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// A one-off invoice is collected from the merchant's payment method: raised twice because staff raised it again
// after an answer that was lost (a dropped connection, a 503 at commit), or a double submit, it is charged twice.
describe('one-off invoices: Idempotency-Key', () => {
  let t: TestApp;
  let w: AccessWorld;
  const body = { lines: [{ description: 'Replacement charger', amount: 1500 }] };
  const raise = (key: string, payload: object = body) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/merchants/${w.merchantA}/invoices/one-off`,
      headers: { ...w.headers('staff'), 'idempotency-key': key },
      payload,
    });
  const count = async () =>
    (await t.app.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.merchantId, w.merchantA)))
      .length;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAccessWorld(t.app, 'OneOffKey');
  });
  afterAll(() => t.close());

  it('the same key and body answer the first invoice, raise and queue nothing more; another body → 422', async () => {
    const first = await raise('one-off-key-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await raise('one-off-key-1');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.json().data);
    expect(await count()).toBe(1);
    expect(t.sentJobs).toHaveLength(1);

    const other = await raise('one-off-key-1', {
      lines: [{ description: 'Replacement charger', amount: 9900 }],
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      details: [{ field: 'idempotency-key', rule: 'idempotency.reused' }],
    });
    expect(await count()).toBe(1);
  });

  it('parallel requests with one key (a double submit) raise one invoice', async () => {
    const before = await count();
    const answers = await Promise.all(Array.from({ length: 4 }, () => raise('one-off-key-2')));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((res) => res.json().data.id)).size).toBe(1);
    expect(await count()).toBe(before + 1);
  });
});
