import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { DEMO_SIGN_INS } from '../src/db/demo/sign-ins.ts';
import {
  auditLog,
  merchantMemberships,
  merchants,
  siteRoleGrants,
  sites,
  transactions,
  users,
} from '../src/db/schema/index.ts';
import { type DemoWorld, seedDemoWorld } from '../src/db/seed.ts';
import { insertMerchant, insertSite } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { bearer, signIn } from './helpers/auth.ts';

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
    const tenantDb = createTenantDb(t.app.database);
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
    const tenantDb = createTenantDb(t.app.database);
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
    const tenantDb = createTenantDb(t.app.database);
    await tenantDb.forMerchant(a, (tx) =>
      tx.insert(auditLog).values({ merchantId: a, actingAs: 'system', action: 'site.update' }),
    );
    await expect(
      tenantDb.forMerchant(a, (tx) => tx.update(auditLog).set({ action: 'site.archive' })),
    ).rejects.toThrow();
    await expect(tenantDb.forMerchant(a, (tx) => tx.delete(auditLog))).rejects.toThrow();
    const causeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 'no error',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await causeOf(t.app.db.delete(auditLog))).toContain('append-only');
    expect(await causeOf(t.app.db.update(auditLog).set({ action: 'site.archive' }))).toContain('append-only');
  });
});

/**
 * Issue 5 / docs/decisions/0030: every tenant query of the request path runs as app_user. Over the demo world
 * (two merchants with rows in every table the request path touches), a query that omits the merchant filter
 * sees only its own merchant's rows, the membership-by-user policy shows a user only their own memberships,
 * and no module under src/modules holds the owning connection.
 */
describe('row-level security on the request path', () => {
  let t: TestApp;
  let world: DemoWorld;
  let tenantDb: ReturnType<typeof createTenantDb>;
  const idOf = async (email: string) => {
    const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  };
  const tenantTables = async () =>
    rowsOf(
      await t.app.db.execute(sql`
        select c.relname as name from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          join pg_attribute a on a.attrelid = c.oid and a.attname = 'merchant_id' and not a.attisdropped
         where n.nspname = 'public' and c.relkind = 'r' order by 1`),
    ).map((row) => String(row.name));

  beforeAll(async () => {
    t = await createTestApp();
    world = await seedDemoWorld(t.app.db, { transactions: 120 });
    tenantDb = createTenantDb(t.app.database);
  });
  afterAll(() => t.close());

  // The tables the request path reads or writes and the demo world fills.
  const FILLED = [
    'merchant_memberships',
    'site_role_grants',
    'sites',
    'devices',
    'transactions',
    'refunds',
    'payouts',
    'ledger_entries',
    'payout_days',
    'payment_methods',
    'billing_settings',
    'rates',
    'invoices',
  ];

  it("shows a merchant's transaction only its own rows in every tenant table, whatever the query omits", async () => {
    const tables = await tenantTables();
    expect(tables).toEqual(expect.arrayContaining([...FILLED, 'audit_log', 'staff_overrides']));
    for (const { merchantId } of world.merchants) {
      for (const table of tables) {
        const [seen] = rowsOf(
          await tenantDb.forMerchant(merchantId, (tx) =>
            tx.execute(
              sql`select count(*)::int as n, count(*) filter (where merchant_id <> ${merchantId})::int as foreign_rows
                    from ${sql.identifier(table)}`,
            ),
          ),
        );
        const [owned] = rowsOf(
          await t.app.db.execute(
            sql`select count(*)::int as n from ${sql.identifier(table)} where merchant_id = ${merchantId}`,
          ),
        );
        expect({ table, ...seen }).toEqual({ table, n: owned?.n, foreign_rows: 0 });
        if (FILLED.includes(table)) expect(Number(owned?.n), table).toBeGreaterThan(0);
      }
      const merchantsSeen = rowsOf(
        await tenantDb.forMerchant(merchantId, (tx) => tx.execute(sql`select id from merchants`)),
      );
      expect(merchantsSeen.map((row) => row.id)).toEqual([merchantId]);
    }
  });

  it("shows a user (forUser) only their own memberships, grants and merchants, and no merchant's data", async () => {
    const manager = await idOf(DEMO_SIGN_INS.gbManager.email);
    const gb = world.merchants.find((m) => m.key === 'gb');
    const seen = await tenantDb.forUser(manager, async (tx) => ({
      memberships: await tx.select().from(merchantMemberships),
      grants: await tx.select().from(siteRoleGrants),
      merchants: await tx.select({ id: merchants.id }).from(merchants),
      sites: await tx.select().from(sites),
      transactions: await tx.select().from(transactions),
    }));
    expect(seen.memberships.map((m) => [m.merchantId, m.userId])).toEqual([[gb?.merchantId, manager]]);
    expect(seen.grants.map((g) => [g.userId, g.siteId])).toEqual([[manager, gb?.managedSiteId]]);
    expect(seen.merchants.map((m) => m.id)).toEqual([gb?.merchantId]);
    expect(seen.sites).toEqual([]);
    expect(seen.transactions).toEqual([]);

    const groupOwner = await idOf(DEMO_SIGN_INS.groupOwner.email);
    const ofGroupOwner = await tenantDb.forUser(groupOwner, (tx) =>
      tx
        .select({ merchantId: merchantMemberships.merchantId, userId: merchantMemberships.userId })
        .from(merchantMemberships),
    );
    expect(ofGroupOwner.map((m) => m.userId)).toEqual([groupOwner, groupOwner]);
    expect(ofGroupOwner.map((m) => m.merchantId).sort()).toEqual(
      world.merchants.map((m) => m.merchantId).sort(),
    );
  });

  it('shows no tenant row with no merchant set, and reaches other merchants only through the staff search function', async () => {
    const seen = await tenantDb.withoutMerchant(async (tx) => ({
      merchants: await tx.select().from(merchants),
      memberships: await tx.select().from(merchantMemberships),
      transactions: await tx.select().from(transactions),
      found: rowsOf(await tx.execute(sql`select id from app_staff_search_merchants('%', 10)`)),
    }));
    expect(seen).toMatchObject({ merchants: [], memberships: [], transactions: [] });
    expect(seen.found.map((row) => row.id).sort()).toEqual(world.merchants.map((m) => m.merchantId).sort());
  });

  it('answers GET /api/merchants from the membership policy: the group owner sees both merchants', async () => {
    const token = await signIn(t.app, DEMO_SIGN_INS.groupOwner.email, DEMO_SIGN_INS.groupOwner.password);
    const res = await t.app.inject({ method: 'GET', url: '/api/merchants', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((m: { legalEntityName: string }) => m.legalEntityName)).toEqual([
      'Boulangerie Lumière SARL',
      'Brightwater Coffee Ltd',
    ]);
  });

  it('keeps the owning connection out of the business modules: none imports the database client', async () => {
    const root = fileURLToPath(new URL('../src/modules/', import.meta.url));
    const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(join(root, file), 'utf8');
      if (/db\/client\.ts|acrossMerchants|app\.db\b/.test(text) && !file.startsWith('health'))
        offenders.push(file);
    }
    // The sanctioned owner-role callers, none acting for a user: system jobs (churn sweep, payout scheduling,
    // the simulated bank), each in a `*-job.ts` or `*-jobs.ts` file, and PSP ingestion (a notification names
    // no merchant; its terminal or site does, docs/decisions/0050). Two more act for no user: the PSP simulator
    // (it plays the PSP, picking demo terminals of every merchant, and posts through the webhook like Adyen) and
    // the live-events hub, whose connection only LISTENs and NOTIFYs (rows are re-read under the merchant's RLS
    // before they are sent, issue 11 §2).
    const sanctioned = ['psp/service.ts', 'psp/simulator.ts', 'transactions/live-events.ts'];
    expect(offenders).toEqual(expect.arrayContaining(['psp/service.ts', 'staff/churn-job.ts']));
    expect(offenders.filter((file) => !/-jobs?\.ts$/.test(file) && !sanctioned.includes(file))).toEqual([]);
  });
});
