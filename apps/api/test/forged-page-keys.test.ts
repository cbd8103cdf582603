import { randomUUID } from 'node:crypto';
import { createCursorCodec } from '@mp/domain/cursor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../src/db/schema/index.ts';
import { type AccessWorld, type ActorName, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Attacker review (session 10): a paging key is opaque, but a client can write its own. A key that names a day
// that does not exist or a rank beyond PostgreSQL's integer used to reach the query's cast and answer 500; it
// must be 400 naming lastKey. A payout's entries are read only by whoever may read the payout.
const forge = (name: string, ...parts: unknown[]) =>
  Buffer.from(JSON.stringify([1, name, ...parts])).toString('base64url');

describe('forged paging keys and payout entries of others', () => {
  let t: TestApp;
  let w: AccessWorld;
  let payoutA1: string;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAccessWorld(t.app, 'Forged');
    payoutA1 = randomUUID();
    await t.app.db.insert(payouts).values({
      merchantId: w.merchantA,
      id: payoutA1,
      siteId: w.siteA1,
      payoutDate: '2026-03-02',
      amount: 1000,
      grossAmount: 1100,
      feesAmount: 100,
      currency: 'GBP',
      reference: 'FORGED-1',
    });
  });
  afterAll(() => t.close());

  const get = (actor: ActorName, url: string) => t.app.inject({ url, headers: w.headers(actor) });
  const expectBadKey = async (url: string) => {
    const res = await get('ownerA', url);
    expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
    expect(res.json().error.details).toEqual([expect.objectContaining({ field: 'lastKey' })]);
  };

  it('answers 400 naming lastKey for a key whose day does not exist (payouts, end-of-day reports)', async () => {
    for (const day of ['2026-13-45', '2026-02-30', 'garbage']) {
      await expectBadKey(
        `/api/merchants/${w.merchantA}/payouts?lastKey=${forge('payouts', day, randomUUID())}`,
      );
      await expectBadKey(
        `/api/v1/merchants/${w.merchantA}/eod-reports?lastKey=${forge('eod-reports', day, randomUUID())}`,
      );
    }
  });

  it("answers 400 naming lastKey for a ledger key whose rank is beyond an integer, or another list's key", async () => {
    const url = (key: string) =>
      `/api/v1/merchants/${w.merchantA}/payouts/${payoutA1}/entries?lastKey=${key}`;
    await expectBadKey(url(forge('ledger', new Date().toISOString(), 2 ** 40, randomUUID())));
    await expectBadKey(url(forge('ledger', new Date().toISOString(), -(2 ** 31) - 1, randomUUID())));
    await expectBadKey(
      url(createCursorCodec('payouts', ['day', 'uuid'] as const).encode(['2026-03-02', payoutA1])),
    );
    const fine = await get(
      'ownerA',
      url(forge('ledger', new Date().toISOString(), 2 ** 31 - 1, randomUUID())),
    );
    expect(fine.statusCode).toBe(200);
  });

  it("answers 404 for another site's or another merchant's payout entries, whichever merchant the URL names", async () => {
    expect(
      (await get('managerA1', `/api/v1/merchants/${w.merchantA}/payouts/${payoutA1}/entries`)).statusCode,
    ).toBe(200);
    for (const [actor, merchantId] of [
      ['managerA2', w.merchantA],
      ['ownerB', w.merchantA],
      ['ownerB', w.merchantB],
    ] as const) {
      const res = await get(actor, `/api/v1/merchants/${merchantId}/payouts/${payoutA1}/entries`);
      expect({ actor, merchantId, status: res.statusCode }).toEqual({ actor, merchantId, status: 404 });
    }
  });
});
