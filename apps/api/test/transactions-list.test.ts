import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { devices, refunds, transactions } from '../src/db/schema/index.ts';
import { transactionPageSchema } from '../src/modules/transactions/schemas.ts';
import { type AccessWorld, type ActorName, createAccessWorld } from './access-fixtures.ts';
import { ADYEN_TEST_ENV, deliver, item, pspRef } from './helpers/adyen.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Issue 11 §2: GET /v1/merchants/{id}/transactions, POST …/transactions/psp, GET …/transactions/{transactionId}.
describe('transactions list, search and detail', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));
  const terminal = `V400m-${Date.now().toString().slice(-9)}`;
  const a1References: string[] = [];

  const row = (
    merchantId: string,
    siteId: string,
    at: string,
    extra: Partial<typeof transactions.$inferInsert> = {},
  ): typeof transactions.$inferInsert => ({
    merchantId,
    siteId,
    pspReference: pspRef(),
    amount: 1000,
    tipAmount: 0,
    currency: 'GBP',
    status: 'captured',
    source: 'adyen-terminal',
    cardScheme: 'visa',
    cardBin: '424242',
    cardLastFour: '4242',
    createdAt: new Date(at),
    ...extra,
  });

  const list = (actor: ActorName, query = '', merchantId = w.merchantA) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${merchantId}/transactions${query}`,
      headers: w.headers(actor),
    });

  beforeAll(async () => {
    t = await createTestApp({ clock, env: ADYEN_TEST_ENV });
    w = await createAccessWorld(t.app, 'TxList');
    const rows: (typeof transactions.$inferInsert)[] = [];
    // 120 payments at A1 over the last 25 days (one every 5 hours), two at A2, one at merchant B.
    for (let i = 0; i < 120; i++) {
      const at = new Date(Date.parse('2026-03-01T11:00:00Z') - i * 5 * 3_600_000).toISOString();
      const r = row(w.merchantA, w.siteA1, at, { amount: 100 + i });
      a1References.push(r.pspReference);
      rows.push(r);
    }
    rows.push(
      row(w.merchantA, w.siteA2, '2026-02-20T10:00:00Z', {
        amount: 5000,
        tipAmount: 500,
        currency: 'EUR',
        source: 'pay-by-link',
        cardScheme: 'mastercard',
        cardBin: '55554444',
        cardLastFour: '1111',
        status: 'refunded',
      }),
      row(w.merchantA, w.siteA2, '2026-02-21T10:00:00Z', { amount: 7000, cardLastFour: '9999' }),
      row(w.merchantB, w.siteB1, '2026-02-21T10:00:00Z', { amount: 8888 }),
      // Outside the default 30 days.
      row(w.merchantA, w.siteA1, '2025-12-01T10:00:00Z', { amount: 1234 }),
    );
    await t.app.db.insert(transactions).values(rows);
    await t.app.db.insert(devices).values({
      merchantId: w.merchantA,
      siteId: w.siteA1,
      serial: terminal,
      model: 'with-printer',
      label: 'Till 1',
    });
  });
  afterAll(() => t.close());

  describe('GET /transactions', () => {
    it('pages newest first with lastKey, 50 at a time, without gaps or repeats', async () => {
      const seen: string[] = [];
      let lastKey: string | null = null;
      const sizes: number[] = [];
      do {
        const response = await list('ownerA', `?siteId=${w.siteA1}${lastKey ? `&lastKey=${lastKey}` : ''}`);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        sizes.push(body.data.length);
        seen.push(...body.data.map((tx: { pspReference: string }) => tx.pspReference));
        lastKey = body.lastKey;
      } while (lastKey);
      expect(sizes).toEqual([50, 50, 20]);
      // The default range is the last 30 days: 2026-01-31 to 2026-03-01 in London; the December one is out.
      expect(seen).toEqual(a1References);
    });

    it('labels each row with site, device, card and money as stored', async () => {
      const body = (await list('ownerA', `?siteId=${w.siteA2}`)).json();
      expect(body.range).toEqual({ from: '2026-01-31', to: '2026-03-01' });
      expect(body.data[1]).toMatchObject({
        siteId: w.siteA2,
        amount: 5000,
        tipAmount: 500,
        currency: 'EUR',
        status: 'refunded',
        source: 'pay-by-link',
        card: { scheme: 'mastercard', bin: '55554444', lastFour: '1111' },
        deviceId: null,
        deviceLabel: null,
        createdAt: '2026-02-20T10:00:00.000Z',
      });
    });

    it('refuses a range over 6 months with SPEC’s exact message, naming the field', async () => {
      const response = await list('ownerA', '?from=2025.01.01&to=2025.08.01'.replaceAll('.', '-'));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual([
        {
          field: 'to',
          rule: 'validation.dateRangeTooLarge',
          message: 'Date range too large. Please select a range of 6 months or less.',
        },
      ]);
      expect((await list('ownerA', '?from=2025-09-01&to=2026-03-01')).statusCode).toBe(200);
      expect((await list('ownerA', '?from=2026-03-01&to=2026-02-01')).statusCode).toBe(400);
      expect((await list('ownerA', '?from=2026-02-30')).statusCode).toBe(400);
    });

    it('reads a date range in the merchant’s days, reaching back beyond 30 days', async () => {
      const body = (await list('ownerA', '?from=2025-12-01&to=2025-12-01')).json();
      expect(body.data.map((tx: { amount: number }) => tx.amount)).toEqual([1234]);
    });

    it('filters by card: 4 digits are the last four, 6 the BIN; anything else is refused with SPEC’s rule', async () => {
      const lastFour = (await list('ownerA', '?card=9999')).json();
      expect(lastFour.data.map((tx: { amount: number }) => tx.amount)).toEqual([7000]);
      const bin = (await list('ownerA', '?card=555544')).json();
      expect(bin.data.map((tx: { amount: number }) => tx.amount)).toEqual([5000]);
      const bad = await list('ownerA', '?card=12345');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details[0]).toMatchObject({
        field: 'card',
        rule: 'validation.cardSummaryInvalid',
      });
    });

    it('filters by status, source and amount, and totals the whole filtered set per currency', async () => {
      const refunded = (await list('ownerA', '?status=refunded')).json();
      expect(refunded.data).toHaveLength(1);
      const links = (await list('ownerA', '?source=pay-by-link')).json();
      expect(links.data).toHaveLength(1);
      const amounts = (await list('ownerA', '?minAmount=200&maxAmount=205')).json();
      expect(amounts.data.map((tx: { amount: number }) => tx.amount).sort()).toEqual([
        200, 201, 202, 203, 204, 205,
      ]);
      const totals = (await list('ownerA', '?includeTotals=true')).json();
      const a1Sum = Array.from({ length: 120 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0);
      expect(totals.totals).toEqual([
        { currency: 'EUR', count: 1, amount: 5000, tipAmount: 500 },
        { currency: 'GBP', count: 121, amount: a1Sum + 7000, tipAmount: 0 },
      ]);
      expect((await list('ownerA', '?status=paid')).statusCode).toBe(400);
      expect((await list('ownerA', '?minAmount=10&maxAmount=5')).json().error.details[0].field).toBe(
        'maxAmount',
      );
    });

    it('refuses a lastKey it did not write (forged, damaged or from another list)', async () => {
      const forged = Buffer.from(JSON.stringify([1, 'transactions', 'x', 'y'])).toString('base64url');
      const audit = Buffer.from(
        JSON.stringify([1, 'audit', '2026-01-01T00:00:00.000Z', randomUUID()]),
      ).toString('base64url');
      for (const key of [forged, audit, 'not-a-key', `${forged}=`]) {
        const response = await list('ownerA', `?lastKey=${encodeURIComponent(key)}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.details[0]).toMatchObject({
          field: 'lastKey',
          rule: 'validation.cursorInvalid',
        });
      }
    });

    it('shows a site manager only their own site, and nothing of another merchant', async () => {
      const mine = (await list('managerA2')).json();
      expect(mine.data.every((tx: { siteId: string }) => tx.siteId === w.siteA2)).toBe(true);
      expect(mine.data).toHaveLength(2);
      expect((await list('managerA2', `?siteId=${w.siteA1}`)).statusCode).toBe(404);
      // The site filter (issue 11 §2) is scoped on the server: a manager's own site lists; another merchant's
      // site or an unknown id is 404 even for an owner; a malformed id is 400 naming siteId.
      const own = (await list('managerA2', `?siteId=${w.siteA2}`)).json();
      expect(own.data.map((tx: { id: string }) => tx.id)).toEqual(
        mine.data.map((tx: { id: string }) => tx.id),
      );
      expect((await list('ownerA', `?siteId=${w.siteB1}`)).statusCode).toBe(404);
      expect((await list('ownerA', `?siteId=${randomUUID()}`)).statusCode).toBe(404);
      const malformed = await list('ownerA', '?siteId=not-a-site');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.details[0]).toMatchObject({ field: 'siteId' });
      expect((await list('ownerB')).statusCode).toBe(404);
      const ownB = (await list('ownerB', '', w.merchantB)).json();
      expect(ownB.data.map((tx: { amount: number }) => tx.amount)).toEqual([8888]);
    });

    it('answers every page in its documented shape, no field missing, extra or of another type', async () => {
      // The list's 200 is written by JSON.stringify, not zod's serializer (routes.ts): this is its contract check.
      const first = await list('ownerA', '?includeTotals=true');
      const queries = [
        '',
        '?includeTotals=true',
        `?lastKey=${first.json().lastKey}`,
        `?siteId=${w.siteA2}&includeTotals=true`,
        '?status=refunded&includeTotals=true',
        '?source=pay-by-link',
        '?card=1111&includeTotals=true',
        '?card=555544',
        '?minAmount=150&maxAmount=6000&includeTotals=true',
        '?from=2025-11-01&to=2026-03-01',
      ];
      for (const [actor, query] of [
        ...queries.map((q) => ['ownerA', q] as const),
        ['managerA2', '?includeTotals=true'] as const,
        ['staff', '?includeTotals=true'] as const,
      ]) {
        const response = await list(actor, query);
        expect(response.statusCode, `${actor} ${query}`).toBe(200);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        const body = response.json();
        // zod drops undocumented keys, so equality also rules out extra fields.
        expect(body, `${actor} ${query}`).toEqual(transactionPageSchema.parse(body));
        expect(body.data.length, `${actor} ${query}`).toBeGreaterThan(0);
        expect(Array.isArray(body.totals), `${actor} ${query}`).toBe(query.includes('includeTotals=true'));
      }
    });

    it('writes each row byte for byte as the search route writes the same transaction', async () => {
      // The list maps its rows to its items itself (repository.ts); the search answers `toTransaction`'s objects.
      const odd = 'Say "hi" \\ back\\slash\nline\ttab\u0001\u001f\u007f é 中 😀 \u2028 </script>';
      const [device] = await t.app.db
        .insert(devices)
        .values({
          merchantId: w.merchantA,
          siteId: w.siteA2,
          serial: `S-${Date.now().toString().slice(-9)}`,
          model: 'with-printer',
          label: `Till "7" ${odd}`,
        })
        .returning({ id: devices.id });
      // In October 2025: no other test lists those days.
      const written = [
        row(w.merchantA, w.siteA2, '2025-10-05T10:00:00Z', {
          merchantReference: odd,
          deviceId: device?.id,
          amount: 0,
          tipAmount: 123_456_789_012,
        }),
        row(w.merchantA, w.siteA2, '2025-10-04T23:59:59Z', {
          merchantReference: '',
          cardScheme: null,
          cardBin: null,
          cardLastFour: null,
          cardRegion: null,
          status: 'chargedback',
          source: 'pay-by-link',
        }),
        row(w.merchantA, w.siteA2, '2025-10-03T00:00:00Z', { currency: 'EUR', cardRegion: 'eea' }),
      ];
      await t.app.db.insert(transactions).values(written);
      // Microseconds a `Date` does not keep: the instant is written as `toISOString` writes it, truncated.
      await t.app.db.execute(
        sql`update transactions set created_at = created_at + interval '999999 microseconds'
             where psp_reference = ${written[0]?.pspReference}`,
      );
      const searched = await t.app.inject({
        method: 'POST',
        url: `/api/v1/merchants/${w.merchantA}/transactions/psp`,
        headers: w.headers('ownerA'),
        payload: { pspReferences: written.map((r) => r.pspReference) },
      });
      const byReference = new Map(
        searched.json().data.map((tx: { pspReference: string }) => [tx.pspReference, tx] as const),
      );
      // The first page with its totals and a page alone are two statements: both.
      for (const query of [
        '?from=2025-10-01&to=2025-10-31&includeTotals=true',
        '?from=2025-10-01&to=2025-10-31',
      ]) {
        const listed = await list('ownerA', query);
        const page = listed.json();
        expect(
          page.data.map((tx: { pspReference: string }) => tx.pspReference),
          query,
        ).toEqual(written.map((r) => r.pspReference));
        expect(page.data[0].createdAt).toBe('2025-10-05T10:00:00.999Z');
        const data = page.data.map((tx: { pspReference: string }) => byReference.get(tx.pspReference));
        expect(listed.body, query).toBe(
          JSON.stringify({ data, lastKey: page.lastKey, totals: page.totals, range: page.range }),
        );
      }
    });
  });

  describe('POST /transactions/psp', () => {
    const search = (actor: ActorName, pspReferences: unknown, merchantId = w.merchantA) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/merchants/${merchantId}/transactions/psp`,
        headers: w.headers(actor),
        payload: { pspReferences },
      });

    it('finds transactions by PSP reference, whatever their date', async () => {
      const response = await search('ownerA', [a1References[0], a1References[119], 'UNKNOWN']);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.map((tx: { pspReference: string }) => tx.pspReference)).toEqual([
        a1References[0],
        a1References[119],
      ]);
    });

    it('finds nothing outside the caller’s sites or merchant', async () => {
      expect((await search('managerA2', [a1References[0]])).json().data).toEqual([]);
      expect((await search('ownerB', [a1References[0]])).statusCode).toBe(404);
      expect((await search('ownerB', [a1References[0]], w.merchantB)).json().data).toEqual([]);
    });

    it('refuses an empty list or a malformed reference with 400 naming the field', async () => {
      const empty = await search('ownerA', []);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.details[0].field).toBe('pspReferences');
      const bad = await search('ownerA', ['drop table;']);
      expect(bad.json().error.details[0]).toMatchObject({
        field: 'pspReferences.0',
        rule: 'validation.pspReferenceInvalid',
      });
    });
  });

  describe('GET /transactions/{transactionId}', () => {
    it('shows every PSP event with its time, the refunds and what remains refundable', async () => {
      const reference = pspRef();
      const refundRef = pspRef();
      await deliver(t.app, [
        item({
          pspReference: reference,
          amount: { currency: 'GBP', value: 2500 },
          additionalData: { terminalId: terminal, 'posadditionalamounts.gratuityAmount': '500' },
        }),
        item({
          pspReference: refundRef,
          originalReference: reference,
          eventCode: 'REFUND',
          amount: { currency: 'GBP', value: 700 },
          eventDate: '2026-03-01T11:00:00+00:00',
        }),
      ]);
      const found = (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/merchants/${w.merchantA}/transactions/psp`,
          headers: w.headers('ownerA'),
          payload: { pspReferences: [reference] },
        })
      ).json().data[0];
      expect(found).toMatchObject({
        amount: 2000,
        tipAmount: 500,
        status: 'partially-refunded',
        deviceLabel: 'Till 1',
      });
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/v1/merchants/${w.merchantA}/transactions/${found.id}`,
        headers: w.headers('managerA1'),
      });
      expect(detail.statusCode).toBe(200);
      const body = detail.json().data;
      expect(body.events.map((e: { eventCode: string }) => e.eventCode)).toEqual(['AUTHORISATION', 'REFUND']);
      expect(body.events[0]).toMatchObject({
        success: true,
        amount: 2500,
        eventDate: '2026-03-01T10:00:00.000Z',
      });
      expect(body.refunds).toEqual([
        expect.objectContaining({ amount: 700, status: 'succeeded', pspReference: refundRef }),
      ]);
      expect(body.refundableAmount).toBe(1800);
      expect(body.payoutIds).toEqual([]);

      // Another site's manager and another merchant get 404.
      for (const [actor, merchantId] of [
        ['managerA2', w.merchantA],
        ['ownerB', w.merchantA],
        ['ownerB', w.merchantB],
      ] as const) {
        const denied = await t.app.inject({
          method: 'GET',
          url: `/api/v1/merchants/${merchantId}/transactions/${found.id}`,
          headers: w.headers(actor),
        });
        expect(denied.statusCode, actor).toBe(404);
      }
      await t.app.db.insert(refunds).values({
        merchantId: w.merchantA,
        transactionId: found.id,
        amount: 300,
        currency: 'GBP',
        status: 'pending',
      });
      const after = await t.app.inject({
        method: 'GET',
        url: `/api/v1/merchants/${w.merchantA}/transactions/${found.id}`,
        headers: w.headers('staff'),
      });
      expect(after.json().data.refundableAmount).toBe(1500);
    });
  });
});
