import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { auditLog, sites } from '../src/db/schema/index.ts';
import { insertMerchant, insertSite } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = (result: unknown) => (result as Rows).rows;

describe('row-level security (docs/decisions/0030)', () => {
  let t: TestApp;
  let a: string;
  let b: string;
  beforeAll(async () => {
    t = await createTestApp();
    a = await insertMerchant(t.app.db, 'Rls Alpha');
    b = await insertMerchant(t.app.db, 'Rls Beta');
    await insertSite(t.app.db, a, 'rls-a1');
    await insertSite(t.app.db, a, 'rls-a2');
    await insertSite(t.app.db, b, 'rls-b1');
  });
  afterAll(() => t.close());

  it("a query that omits the merchant filter still sees only its own merchant's rows", async () => {
    const tenantDb = createTenantDb(t.app.db);
    const seenByA = await tenantDb.forMerchant(a, (tx) =>
      tx.select({ merchantId: sites.merchantId }).from(sites),
    );
    expect(seenByA).toHaveLength(2);
    expect(new Set(seenByA.map((row) => row.merchantId))).toEqual(new Set([a]));
    const merchantsSeen = await tenantDb.forMerchant(b, (tx) => tx.execute(sql`select id from merchants`));
    expect(rowsOf(merchantsSeen).map((row) => row.id)).toEqual([b]);
    // The owning connection (outside a tenant transaction) still sees both merchants' sites.
    const all = await t.app.db.select({ merchantId: sites.merchantId }).from(sites);
    expect(all.length).toBeGreaterThanOrEqual(3);
  });

  it('runs tenant queries as the non-owner role app_user, and sees nothing with no merchant set', async () => {
    const result = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local role app_user`);
      const who = rowsOf(await tx.execute(sql`select current_user as who`));
      const count = rowsOf(await tx.execute(sql`select count(*)::int as n from sites`));
      return { who: who[0]?.who, n: count[0]?.n };
    });
    expect(result).toEqual({ who: 'app_user', n: 0 });
  });

  it("refuses to write a row of another merchant from inside a merchant's transaction", async () => {
    const tenantDb = createTenantDb(t.app.db);
    await expect(
      tenantDb.forMerchant(a, (tx) =>
        tx.insert(sites).values({
          merchantId: b,
          name: 'sneaky',
          addressLine1: 'x',
          city: 'y',
          postalCode: 'Z1',
          country: 'GB',
        }),
      ),
    ).rejects.toThrow();
    const updated = await tenantDb.forMerchant(a, (tx) =>
      tx.update(sites).set({ displayName: 'changed' }).where(sql`${sites.merchantId} = ${b}`).returning(),
    );
    expect(updated).toHaveLength(0);
  });

  it('puts every table with a merchant_id column under enabled and forced row-level security', async () => {
    const tables = rowsOf(
      await t.app.db.execute(sql`
        select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
               (select count(*)::int from pg_policy p where p.polrelid = c.oid and p.polname = 'tenant_isolation') as policies
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          join pg_attribute a on a.attrelid = c.oid and a.attname = 'merchant_id' and not a.attisdropped
         where n.nspname = 'public' and c.relkind = 'r'
         order by c.relname`),
    );
    expect(tables.length).toBeGreaterThanOrEqual(18);
    for (const table of tables)
      expect(table, String(table.name)).toMatchObject({ enabled: true, forced: true, policies: 1 });
  });

  it('keeps the audit log append-only: app_user cannot update or delete, and no role can', async () => {
    const tenantDb = createTenantDb(t.app.db);
    await tenantDb.forMerchant(a, (tx) =>
      tx.insert(auditLog).values({ merchantId: a, actingAs: 'system', action: 'test.entry' }),
    );
    await expect(
      tenantDb.forMerchant(a, (tx) => tx.update(auditLog).set({ action: 'tampered' })),
    ).rejects.toThrow();
    await expect(tenantDb.forMerchant(a, (tx) => tx.delete(auditLog))).rejects.toThrow();
    const causeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 'no error',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await causeOf(t.app.db.delete(auditLog))).toContain('append-only');
    expect(await causeOf(t.app.db.update(auditLog).set({ action: 'tampered' }))).toContain('append-only');
  });
});
