// The thin request path (issue 16, docs/PERFORMANCE.md) keeps every security property: the access check reads
// the database on every request (nothing about memberships is remembered between requests), a remembered
// token still expires on time, and prepared statements give each caller their own merchant's answer.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { fixedClock } from '../src/clock.ts';
import { merchantMemberships, merchants, siteRoleGrants } from '../src/db/schema/index.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

describe('the request path', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'Path');
  });
  afterAll(() => t.close());

  const get = (url: string, actor: Parameters<AccessWorld['headers']>[0]) =>
    t.app.inject({ method: 'GET', url, headers: w.headers(actor) });

  it('stops a member at the next request once their membership is removed, with the same token', async () => {
    const url = `/api/v1/merchants/${w.merchantA}/transactions/totals`;
    expect((await get(url, 'managerA2')).statusCode).toBe(200);
    await t.app.db
      .delete(siteRoleGrants)
      .where(
        and(eq(siteRoleGrants.merchantId, w.merchantA), eq(siteRoleGrants.userId, w.users.managerA2.id)),
      );
    await t.app.db
      .delete(merchantMemberships)
      .where(
        and(
          eq(merchantMemberships.merchantId, w.merchantA),
          eq(merchantMemberships.userId, w.users.managerA2.id),
        ),
      );
    const after = await get(url, 'managerA2');
    expect(after.statusCode).toBe(404);
    expect(after.json().error.message).toBe('Merchant not found');
    const merchants = await get('/api/merchants', 'managerA2');
    expect(merchants.json().data).toEqual([]);
  });

  it('applies a narrowed site role at the next request', async () => {
    const url = `/api/v1/merchants/${w.merchantA}/transactions/totals?siteId=${w.siteA1}`;
    expect((await get(url, 'managerA1')).statusCode).toBe(200);
    await t.app.db
      .update(siteRoleGrants)
      .set({ siteId: w.siteA2 })
      .where(
        and(eq(siteRoleGrants.merchantId, w.merchantA), eq(siteRoleGrants.userId, w.users.managerA1.id)),
      );
    expect((await get(url, 'managerA1')).statusCode).toBe(404);
    expect((await get(url.replace(w.siteA1, w.siteA2), 'managerA1')).statusCode).toBe(200);
  });

  it('answers 401 TOKEN_EXPIRED for a token it accepted before, once the clock passes its expiry', async () => {
    expect((await get('/api/merchants', 'ownerB')).statusCode).toBe(200);
    clock.advance((t.config.identity.accessTokenTtlSeconds + 1) * 1000);
    try {
      const res = await get('/api/merchants', 'ownerB');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('TOKEN_EXPIRED');
    } finally {
      clock.advance(-(t.config.identity.accessTokenTtlSeconds + 1) * 1000);
    }
  });

  it("gives each of many concurrent callers their own merchant's users through the same prepared statements", async () => {
    const calls = Array.from({ length: 24 }, (_, i) =>
      i % 2 === 0
        ? get(`/api/v1/merchants/${w.merchantA}/users`, 'ownerA')
        : get(`/api/v1/merchants/${w.merchantB}/users`, 'ownerB'),
    );
    const replies = await Promise.all(calls);
    for (const [i, reply] of replies.entries()) {
      expect(reply.statusCode).toBe(200);
      const emails = (reply.json().data as { email: string }[]).map((u) => u.email);
      expect(emails).toContain(i % 2 === 0 ? w.users.ownerA.email : w.users.ownerB.email);
      expect(emails).not.toContain(i % 2 === 0 ? w.users.ownerB.email : w.users.ownerA.email);
    }
  });

  it('reads one statement under the merchant context in one go: RLS holds, a second statement is refused, nothing stays set', async () => {
    const tenantDb = createTenantDb(t.app.database);
    // Row-level security: under A's context, a statement that asks for every merchant sees only A.
    const seen = await tenantDb.readForMerchant(w.merchantA, (tx) =>
      tx.select({ id: merchants.id }).from(merchants),
    );
    expect(seen).toEqual([{ id: w.merchantA }]);
    await expect(
      tenantDb.readForMerchant(w.merchantA, async (tx) => {
        await tx.select({ id: merchants.id }).from(merchants);
        return tx.select({ id: merchants.id }).from(merchants);
      }),
    ).rejects.toSatisfy((error: Error) =>
      /exactly one statement/.test(`${error.message} ${(error.cause as Error | undefined)?.message}`),
    );
    // A failing statement rolls back and leaves the connection clean for the next caller.
    await expect(
      tenantDb.readForMerchant(w.merchantA, (tx) => tx.execute(sql`select 1 / 0`)),
    ).rejects.toThrow();
    for (let i = 0; i < 12; i++) {
      const result = (await t.app.db.execute(
        sql`select current_user::text as role, coalesce(current_setting('app.merchant_id', true), '') as merchant`,
      )) as unknown as { rows: { role: string; merchant: string }[] };
      expect(result.rows[0]?.role).not.toBe('app_user');
      expect(result.rows[0]?.merchant).toBe('');
    }
  });

  it("sends a route's read with its access check and answers exactly as before: 404 alike for a stranger, a member without the permission and no merchant at all", async () => {
    const url = (merchantId: string) => `/api/v1/merchants/${merchantId}/users`;
    const own = await get(url(w.merchantA), 'ownerA');
    expect(own.statusCode).toBe(200);
    const emails = (own.json().data as { email: string }[]).map((u) => u.email);
    expect(emails).toContain(w.users.ownerA.email);
    expect(emails).not.toContain(w.users.ownerB.email);
    const stranger = await get(url(w.merchantA), 'ownerB');
    const nobody = await get(url('00000000-0000-4000-8000-000000000000'), 'ownerB');
    const withoutPermission = await get(url(w.merchantA), 'managerA1');
    for (const reply of [stranger, nobody, withoutPermission]) {
      expect(reply.statusCode).toBe(404);
      const { requestId: _ignored, ...body } = reply.json().error as Record<string, unknown>;
      const { requestId: _same, ...expected } = nobody.json().error as Record<string, unknown>;
      expect(body).toEqual(expected);
      expect(reply.body).not.toContain(w.users.ownerA.email);
    }
  });

  it('runs the access statement and a read together read-only under the merchant context: RLS holds, writes are refused, nothing stays set', async () => {
    const tenantDb = createTenantDb(t.app.database);
    const { rows, read } = await tenantDb.oneStatementThenRead<{ merchant: string }, { id: string }[]>(
      w.merchantA,
      "select current_setting('app.merchant_id') as merchant",
      (tx) => tx.select({ id: merchants.id }).from(merchants),
    );
    expect(rows).toEqual([{ merchant: w.merchantA }]);
    expect(await read()).toEqual([{ id: w.merchantA }]);
    const write = await tenantDb.oneStatementThenRead(w.merchantA, 'select 1', (tx) =>
      tx.update(merchants).set({ industry: 'changed' }).where(eq(merchants.id, w.merchantA)),
    );
    await expect(write.read()).rejects.toSatisfy((error: Error) =>
      /read-only transaction/.test(`${error.message} ${(error.cause as Error | undefined)?.message}`),
    );
    const [merchant] = await t.app.db
      .select({ industry: merchants.industry })
      .from(merchants)
      .where(eq(merchants.id, w.merchantA));
    expect(merchant?.industry).not.toBe('changed');
    for (let i = 0; i < 12; i++) {
      const result = (await t.app.db.execute(
        sql`select current_user::text as role, coalesce(current_setting('app.merchant_id', true), '') as merchant, current_setting('transaction_read_only') as readonly`,
      )) as unknown as { rows: { role: string; merchant: string; readonly: string }[] };
      expect(result.rows[0]).toMatchObject({ merchant: '', readonly: 'off' });
      expect(result.rows[0]?.role).not.toBe('app_user');
    }
  });

  it('gives every row its own object when statements share a column list (node-postgres row templates shared per list)', async () => {
    type Row = Record<string, unknown>;
    const run = async (text: ReturnType<typeof sql>) =>
      ((await t.app.db.execute(text)) as unknown as { rows: Row[] }).rows;
    const first = await run(sql`select 1 as a, 'x' as b union all select 2, 'y'`);
    expect(first).toEqual([
      { a: 1, b: 'x' },
      { a: 2, b: 'y' },
    ]);
    // A row changed by its reader is not what the next statement with the same columns starts from.
    (first[0] as Row).a = 99;
    (first[0] as Row).extra = true;
    const again = await run(sql`select 3 as a, null::text as b`);
    expect(again).toEqual([{ a: 3, b: null }]);
    expect(Object.keys(again[0] as Row)).toEqual(['a', 'b']);
    // Another column list, in another order, and a column whose name is an object's own special name.
    const other = await run(sql`select 'z' as b, 4 as a, 5 as "__proto__", 6 as "constructor"`);
    expect(Object.keys(other[0] as Row)).toEqual(['b', 'a', '__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(other[0], '__proto__')?.value).toBe(5);
    expect((other[0] as Row).constructor).toBe(6);
    expect(Object.getPrototypeOf(other[0])).toBe(Object.prototype);
    // Drizzle's selects read rows as arrays: their columns still map to the right fields.
    const [merchant] = await t.app.db
      .select({ name: merchants.legalEntityName, id: merchants.id })
      .from(merchants)
      .where(eq(merchants.id, w.merchantA));
    expect(merchant?.id).toBe(w.merchantA);
    expect(typeof merchant?.name).toBe('string');
  });

  it("answers Drizzle's relational queries (tx.query.<table>) in a request's transaction, built only when read", async () => {
    const tenantDb = createTenantDb(t.app.database);
    const found = await tenantDb.readForMerchant(w.merchantA, (tx) =>
      tx.query.merchants.findFirst({ columns: { id: true }, where: eq(merchants.id, w.merchantA) }),
    );
    expect(found).toEqual({ id: w.merchantA });
    // Under the merchant's row-level security: another merchant's row is not there.
    const other = await tenantDb.forMerchant(w.merchantA, (tx) =>
      tx.query.merchants.findMany({ columns: { id: true }, where: eq(merchants.id, w.merchantB) }),
    );
    expect(other).toEqual([]);
  });
});
