import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, refreshTokens, userGroups, users } from '../src/db/schema/index.ts';
import { type AccessWorld, createAccessWorld, PASSWORD } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

describe('users of a merchant (SPEC §7 Users)', () => {
  let t: TestApp;
  let w: AccessWorld;
  const usersUrl = () => `/api/v1/merchants/${w.merchantA}/users`;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAccessWorld(t.app, 'Users');
  });
  afterAll(() => t.close());

  it("lists the merchant's users with their roles to a company owner", async () => {
    const res = await t.app.inject({ method: 'GET', url: usersUrl(), headers: w.headers('ownerA') });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { email: string; companyRoles: string[]; siteRoles: unknown[] }[];
    expect(list.map((u) => u.email).sort()).toEqual(
      [w.users.ownerA.email, w.users.managerA1.email, w.users.managerA2.email].sort(),
    );
    const manager = list.find((u) => u.email === w.users.managerA1.email);
    expect(manager?.siteRoles).toEqual([{ siteId: w.siteA1, roles: ['SiteManager'] }]);
  });

  it('answers 404 to a site manager and to the owner of another merchant, as for an unknown merchant', async () => {
    for (const actor of ['managerA1', 'ownerB'] as const) {
      const res = await t.app.inject({ method: 'GET', url: usersUrl(), headers: w.headers(actor) });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/merchants/00000000-0000-4000-8000-000000000000/users',
      headers: w.headers('ownerB'),
    });
    expect(unknown.json()).toEqual(
      (await t.app.inject({ method: 'GET', url: usersUrl(), headers: w.headers('ownerB') })).json(),
    );
  });

  it('invites a new site manager: temporary password by e-mail, pending, membership and audit entry', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: usersUrl(),
      headers: w.headers('ownerA'),
      payload: {
        email: 'New.Manager@Example.com',
        firstName: 'Nia',
        lastName: 'Newman',
        companyRoles: [],
        siteRoles: [{ siteId: w.siteA1, roles: ['SiteManager'] }],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.kind).toBe('member');
    const user = res.json().data.user;
    expect(user).toMatchObject({
      email: 'new.manager@example.com',
      status: 'pending',
      companyRoles: [],
      siteRoles: [{ siteId: w.siteA1, roles: ['SiteManager'] }],
    });
    const mail = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=new.manager@example.com' });
    expect(mail.body).toContain('new.manager@example.com');
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, user.userId));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'user.invite',
      merchantId: w.merchantA,
      actorUserId: w.users.ownerA.id,
      actingAs: 'member',
    });
  });

  it('creates the account and the membership together: a failure in between leaves no account and sends no mail', async () => {
    const email = 'half.way@example.com';
    const payload = {
      email,
      firstName: 'Hal',
      lastName: 'Fway',
      companyRoles: [],
      siteRoles: [{ siteId: w.siteA1, roles: ['SiteManager'] }],
    };
    // A fault after the account is written: the membership insert of this merchant fails.
    await t.app.db.execute(
      sql.raw(`create function test_refuse_membership() returns trigger language plpgsql as
        $$ begin raise exception 'membership refused by the test'; end $$`),
    );
    await t.app.db.execute(
      sql.raw(`create trigger test_refuse_membership before insert on merchant_memberships for each row
        when (new.merchant_id = '${w.merchantA}') execute function test_refuse_membership()`),
    );
    try {
      const failed = await t.app.inject({
        method: 'POST',
        url: usersUrl(),
        headers: w.headers('ownerA'),
        payload,
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql.raw('drop trigger test_refuse_membership on merchant_memberships'));
      await t.app.db.execute(sql.raw('drop function test_refuse_membership()'));
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${email}` });
    expect(outbox.json().data).toEqual([]);

    const retried = await t.app.inject({
      method: 'POST',
      url: usersUrl(),
      headers: w.headers('ownerA'),
      payload,
    });
    expect(retried.statusCode).toBe(201);
    expect(retried.json().data.user).toMatchObject({ email, status: 'pending' });
    const [account] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ status: 'force_change_password', firstName: 'Hal' });
    expect(account?.temporaryPasswordExpiresAt).toBeInstanceOf(Date);
    const groups = await t.database.db
      .select()
      .from(userGroups)
      .where(eq(userGroups.userId, account?.id ?? ''));
    expect(groups.map((g) => g.groupName)).toEqual(['Merchants']);
    const mail = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${email}` });
    expect(mail.json().data).toHaveLength(1);
  });

  it('says "At least one site must be selected" for a non-admin invite without sites, and writes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: usersUrl(),
      headers: w.headers('ownerA'),
      payload: {
        email: 'nosite@example.com',
        firstName: 'No',
        lastName: 'Site',
        companyRoles: [],
        siteRoles: [],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual({
      field: 'siteRoles',
      rule: 'validation.siteRequired',
      message: 'At least one site must be selected',
    });
    const list = await t.app.inject({ method: 'GET', url: usersUrl(), headers: w.headers('ownerA') });
    expect(list.body).not.toContain('nosite@example.com');
  });

  it('refuses a site of another merchant with 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: usersUrl(),
      headers: w.headers('ownerA'),
      payload: {
        email: 'othersite@example.com',
        firstName: 'Other',
        lastName: 'Site',
        companyRoles: [],
        siteRoles: [{ siteId: w.siteB1, roles: ['SiteManager'] }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0]).toMatchObject({
      field: 'siteRoles.0.siteId',
      rule: 'validation.invalid',
    });
  });

  it('refuses a role where it grants nothing (SiteManager company-wide, CompanyOwner on a site): 400 naming the field, nothing written', async () => {
    const invite = (email: string, grants: object) =>
      t.app.inject({
        method: 'POST',
        url: usersUrl(),
        headers: w.headers('ownerA'),
        payload: { email, firstName: 'Odd', lastName: 'Role', ...grants },
      });
    const companyWide = await invite('oddcompany@example.com', {
      companyRoles: ['SiteManager'],
      siteRoles: [{ siteId: w.siteA1, roles: ['SiteManager'] }],
    });
    expect(companyWide.statusCode).toBe(400);
    expect(companyWide.json().error.details).toContainEqual({
      field: 'companyRoles.0',
      rule: 'validation.roleInvalid',
      message: 'Please select a valid role',
    });
    const onSite = await invite('oddsite@example.com', {
      companyRoles: [],
      siteRoles: [{ siteId: w.siteA1, roles: ['CompanyOwner'] }],
    });
    expect(onSite.statusCode).toBe(400);
    expect(onSite.json().error.details).toContainEqual({
      field: 'siteRoles.0.roles.0',
      rule: 'validation.roleInvalid',
      message: 'Please select a valid role',
    });
    const update = await t.app.inject({
      method: 'POST',
      url: `${usersUrl()}/${w.users.managerA2.id}`,
      headers: w.headers('ownerA'),
      payload: { companyRoles: ['SiteManager'], siteRoles: [{ siteId: w.siteA2, roles: ['SiteManager'] }] },
    });
    expect(update.statusCode).toBe(400);
    const list = await t.app.inject({ method: 'GET', url: usersUrl(), headers: w.headers('ownerA') });
    expect(list.body).not.toContain('oddcompany@example.com');
    expect(list.body).not.toContain('oddsite@example.com');
    const managerA2 = list.json().data.find((u: { userId: string }) => u.userId === w.users.managerA2.id);
    expect(managerA2.companyRoles).toEqual([]);
  });

  it('keeps the last company owner: neither demoted nor removed (409)', async () => {
    const owner = w.users.ownerA.id;
    const demote = await t.app.inject({
      method: 'POST',
      url: `${usersUrl()}/${owner}`,
      headers: w.headers('ownerA'),
      payload: {
        firstName: 'Own',
        lastName: 'Er',
        companyRoles: [],
        siteRoles: [{ siteId: '*', roles: ['SiteManager'] }],
      },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toMatchObject({
      code: 'LAST_COMPANY_OWNER',
      message: 'A company must keep at least one company owner. Make another user a company owner first.',
    });
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `${usersUrl()}/${owner}`,
      headers: w.headers('ownerA'),
    });
    expect(remove.statusCode).toBe(409);
  });

  it("updates a user's names and roles and records before and after", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${usersUrl()}/${w.users.managerA2.id}`,
      headers: w.headers('ownerA'),
      payload: {
        firstName: 'Mara',
        lastName: 'Two',
        companyRoles: [],
        siteRoles: [{ siteId: '*', roles: ['SiteManager'] }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: 'Mara',
      siteRoles: [{ siteId: '*', roles: ['SiteManager'] }],
    });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.update'));
    expect(entry?.before).toMatchObject({ siteRoles: [{ siteId: w.siteA2, roles: ['SiteManager'] }] });
    expect(entry?.after).toMatchObject({ siteRoles: [{ siteId: '*', roles: ['SiteManager'] }] });
  });

  it('resets a password: a new temporary password by e-mail, every session ended', async () => {
    const target = w.users.managerA1;
    const res = await t.app.inject({
      method: 'POST',
      url: `${usersUrl()}/${target.id}/reset-password`,
      headers: w.headers('ownerA'),
    });
    expect(res.statusCode).toBe(204);
    const live = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, target.id));
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((token) => token.revokedAt !== null)).toBe(true);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      payload: { email: target.email, password: PASSWORD },
    });
    expect(signIn.statusCode).not.toBe(200);
  });

  it('removes a user: membership gone, the merchant then 404 for their token, their sessions kept (issue 8 §1)', async () => {
    const target = w.users.managerA2;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${usersUrl()}/${target.id}`,
      headers: w.headers('ownerA'),
    });
    expect(res.statusCode).toBe(204);
    const live = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, target.id));
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((token) => token.revokedAt === null)).toBe(true);
    const merchant = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantA}`,
      headers: w.headers('managerA2'),
    });
    expect(merchant.statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'GET',
      url: `${usersUrl()}/${target.id}`,
      headers: w.headers('ownerA'),
    });
    expect(again.statusCode).toBe(404);
  });
});
