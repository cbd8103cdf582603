import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { fixedClock } from '../src/clock.ts';
import {
  merchantInvitations,
  merchantMemberships,
  merchants,
  refreshTokens,
  sites,
  userGroups,
  users,
} from '../src/db/schema/index.ts';
import { type AccessWorld, createAccessWorld, grant, insertUser, PASSWORD } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { bearer, signIn } from './helpers/auth.ts';

/**
 * Issue 8 §1 (DESIGN §4 "Accounts and memberships"): accounts belong to their owners, not to whoever invites
 * them. Each attack of the issue, as owner A of merchant A against the accounts of merchant B and of staff.
 */
describe('invitations of existing accounts', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-06-01T09:00:00Z'));
  const DAY = 86_400_000;
  const usersUrl = () => `/api/v1/merchants/${w.merchantA}/users`;
  const invitationsUrl = (merchant = w.merchantA) => `/api/v1/merchants/${merchant}/invitations`;
  let managerB: { id: string; email: string; headers: { authorization: string } };

  const invite = (email: string, roles: object = { companyRoles: ['CompanyOwner'], siteRoles: [] }) =>
    t.app.inject({
      method: 'POST',
      url: usersUrl(),
      headers: w.headers('ownerA'),
      payload: { email, firstName: 'Mallory', lastName: 'Renamed', ...roles },
    });
  const inbox = (headers: { authorization: string }) =>
    t.app.inject({ method: 'GET', url: '/api/v1/invitations', headers });
  const answer = (headers: { authorization: string }, id: string, verb: 'accept' | 'decline') =>
    t.app.inject({ method: 'POST', url: `/api/v1/invitations/${id}/${verb}`, headers });
  const merchantFor = (headers: { authorization: string }, merchantId: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/merchants/${merchantId}`, headers });
  const outbox = async (to: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json()
      .data as { kind: string; subject: string; text: string; locale: string }[];
  const membershipsOf = (userId: string) =>
    t.database.db.select().from(merchantMemberships).where(eq(merchantMemberships.userId, userId));
  const liveSessions = (userId: string) =>
    t.database.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'Invite');
    // A site manager of merchant B, and owner B reads French.
    const email = 'invite.managerb@example.com';
    const [row] = await t.database.db
      .insert(users)
      .values({
        userId: 'invite-manager-b',
        email,
        firstName: 'Bruno',
        lastName: 'Manager',
        passwordHash: (await t.database.db.select().from(users).where(eq(users.id, w.users.ownerB.id)))[0]
          ?.passwordHash,
        status: 'confirmed',
        emailVerified: true,
      })
      .returning({ id: users.id });
    const id = row?.id ?? '';
    await grant(t.database.db, w.merchantB, id, [], [{ siteId: w.siteB1, role: 'SiteManager' }]);
    managerB = { id, email, headers: bearer(await signIn(t.app, email, PASSWORD)) };
    await t.database.db.update(users).set({ locale: 'fr-FR' }).where(eq(users.id, w.users.ownerB.id));
  });
  afterAll(() => t.close());

  it("owner A inviting owner B's address makes a pending invitation, not a membership, and e-mails B", async () => {
    const res = await invite(w.users.ownerB.email.toUpperCase());
    expect(res.statusCode).toBe(201);
    const result = res.json().data;
    expect(result).toMatchObject({
      kind: 'invitation',
      invitation: {
        email: w.users.ownerB.email,
        state: 'pending',
        companyRoles: ['CompanyOwner'],
        invitedBy: w.users.ownerA.email,
        expiresAt: new Date(clock.now().getTime() + 7 * DAY).toISOString(),
      },
    });
    // Not a member: merchant A is still a 404 to B, the users list does not hold B.
    expect((await merchantFor(w.headers('ownerB'), w.merchantA)).statusCode).toBe(404);
    expect((await membershipsOf(w.users.ownerB.id)).map((m) => m.merchantId)).toEqual([w.merchantB]);
    const list = await t.app.inject({ method: 'GET', url: usersUrl(), headers: w.headers('ownerA') });
    expect(list.body).not.toContain(w.users.ownerB.email);
    // The users list's invitations: the pending one.
    const open = await t.app.inject({ method: 'GET', url: invitationsUrl(), headers: w.headers('ownerA') });
    expect(open.json().data).toEqual([
      expect.objectContaining({ invitationId: result.invitation.invitationId, state: 'pending' }),
    ]);
    // The e-mail, in B's language, names the company and the inviter, and carries no password.
    const [mail] = await outbox(w.users.ownerB.email);
    expect(mail).toMatchObject({ kind: 'membership_invitation', locale: 'fr-FR' });
    expect(mail?.subject).toBe('Invite Alpha Ltd vous invite sur le portail marchand');
    expect(mail?.text).toContain(`Bonjour ${w.users.ownerB.email.split('@')[0]},`);
    expect(mail?.text).toContain(w.users.ownerA.email);
    expect(mail?.text).toContain('/invitations');
    expect(mail?.text).not.toMatch(/mot de passe temporaire/i);
    // B sees it after signing in.
    const own = await inbox(w.headers('ownerB'));
    expect(own.json().data).toEqual([
      expect.objectContaining({
        invitationId: result.invitation.invitationId,
        merchantId: w.merchantA,
        merchantName: 'Invite Alpha Ltd',
        companyRoles: ['CompanyOwner'],
        invitedBy: w.users.ownerA.email,
      }),
    ]);
  });

  it('does not rename the invited account, and refuses a second invitation while one is pending (409)', async () => {
    const [account] = await t.database.db.select().from(users).where(eq(users.id, w.users.ownerB.id));
    expect(account?.firstName).not.toBe('Mallory');
    const again = await invite(w.users.ownerB.email);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'INVITATION_PENDING',
      message: 'This person already has a pending invitation to this company.',
    });
  });

  it("lets nobody but the invitee accept or decline, and hides other merchants' invitations (404)", async () => {
    const [invitation] = (await inbox(w.headers('ownerB'))).json().data;
    for (const headers of [w.headers('managerA1'), w.headers('ownerA'), managerB.headers]) {
      for (const verb of ['accept', 'decline'] as const) {
        const res = await answer(headers, invitation.invitationId, verb);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.message).toBe('Invitation not found');
      }
    }
    // Owner B cannot revoke it through their own merchant, nor reach merchant A's list.
    const viaB = await t.app.inject({
      method: 'DELETE',
      url: `${invitationsUrl(w.merchantB)}/${invitation.invitationId}`,
      headers: w.headers('ownerB'),
    });
    expect(viaB.statusCode).toBe(404);
    expect(viaB.json().error.message).toBe('Invitation not found');
    const listA = await t.app.inject({ method: 'GET', url: invitationsUrl(), headers: w.headers('ownerB') });
    expect(listA.statusCode).toBe(404);
    expect(listA.json().error.message).toBe('Merchant not found');
    // A malformed id is a 404 too, never a 500.
    expect((await answer(w.headers('ownerB'), 'not-a-uuid', 'accept')).statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(merchantInvitations)
      .where(eq(merchantInvitations.id, invitation.invitationId));
    expect(rows[0]?.status).toBe('pending');
  });

  it("shows an invitee (forUser) only invitations addressed to them and the inviting company's name, none of its data", async () => {
    const tenantDb = createTenantDb(t.database);
    const seen = await tenantDb.forUser(w.users.ownerB.id, async (tx) => ({
      invitations: await tx.select().from(merchantInvitations),
      merchants: await tx.select({ id: merchants.id }).from(merchants),
      memberships: await tx.select().from(merchantMemberships),
      sites: await tx.select().from(sites),
    }));
    expect(seen.invitations.map((i) => [i.merchantId, i.inviteeUserId])).toEqual([
      [w.merchantA, w.users.ownerB.id],
    ]);
    expect(seen.merchants.map((m) => m.id).sort()).toEqual([w.merchantA, w.merchantB].sort());
    expect(seen.memberships.map((m) => m.merchantId)).toEqual([w.merchantB]);
    expect(seen.sites).toEqual([]);
    // Somebody else sees none of it; app_user may not change an invitation outside a merchant transaction.
    const other = await tenantDb.forUser(managerB.id, (tx) => tx.select().from(merchantInvitations));
    expect(other).toEqual([]);
    const changed = await tenantDb.forUser(w.users.ownerB.id, (tx) =>
      tx.update(merchantInvitations).set({ status: 'accepted' }).returning({ id: merchantInvitations.id }),
    );
    expect(changed).toEqual([]);
    // Whether an account is shared reads across merchants, answering only yes or no.
    const shared = await tenantDb.forMerchant(w.merchantA, (tx) =>
      tx.execute(
        sql`select app_account_shared(${w.users.ownerB.id}::uuid, ${w.merchantA}::uuid) as b,
                   app_account_shared(${w.users.managerA1.id}::uuid, ${w.merchantA}::uuid) as a1`,
      ),
    );
    const [row] = (shared as unknown as { rows: { b: boolean; a1: boolean }[] }).rows;
    expect(row).toEqual({ b: true, a1: false });
  });

  it('creates the membership with the invited roles only when the invitee accepts, then shows merchant A', async () => {
    const [invitation] = (await inbox(w.headers('ownerB'))).json().data;
    const res = await answer(w.headers('ownerB'), invitation.invitationId, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ merchantId: w.merchantA, merchantName: 'Invite Alpha Ltd' });
    const merchant = await merchantFor(w.headers('ownerB'), w.merchantA);
    expect(merchant.statusCode).toBe(200);
    expect(merchant.json().data.permissions.companyScoped).toContain('User:ListUsers');
    const mine = await t.app.inject({ method: 'GET', url: '/api/merchants', headers: w.headers('ownerB') });
    expect(
      mine
        .json()
        .data.map((m: { merchantId: string }) => m.merchantId)
        .sort(),
    ).toEqual([w.merchantA, w.merchantB].sort());
    expect((await inbox(w.headers('ownerB'))).json().data).toEqual([]);
    const open = await t.app.inject({ method: 'GET', url: invitationsUrl(), headers: w.headers('ownerA') });
    expect(open.json().data).toEqual([]);
    const again = await answer(w.headers('ownerB'), invitation.invitationId, 'accept');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'INVITATION_CLOSED',
      message: 'This invitation is no longer open.',
    });
  });

  it('refuses to rename or reset the password of an account that also belongs to merchant B (409), and says why in the list', async () => {
    const target = w.users.ownerB;
    const list = await t.app.inject({ method: 'GET', url: usersUrl(), headers: w.headers('ownerA') });
    const row = list.json().data.find((u: { userId: string }) => u.userId === target.id);
    expect(row).toMatchObject({ canEditAccount: false, accountLockedReason: 'shared' });
    const own = list.json().data.find((u: { userId: string }) => u.userId === w.users.managerA1.id);
    expect(own).toMatchObject({ canEditAccount: true, accountLockedReason: null });

    const sessionsBefore = (await liveSessions(target.id)).length;
    const rename = await t.app.inject({
      method: 'POST',
      url: `${usersUrl()}/${target.id}`,
      headers: w.headers('ownerA'),
      payload: { firstName: 'Mallory', lastName: 'Owned', companyRoles: ['CompanyOwner'], siteRoles: [] },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error).toEqual({
      code: 'ACCOUNT_SHARED',
      message:
        'This account also belongs to another company, so only its owner can change their name or password. You can still change their roles in this company or remove them from it.',
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: `${usersUrl()}/${target.id}/reset-password`,
      headers: w.headers('ownerA'),
    });
    expect(reset.statusCode).toBe(409);
    expect(reset.json().error.code).toBe('ACCOUNT_SHARED');
    // Nothing changed: the names as B set them, the password still B's, B's sessions alive.
    const [account] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    expect(account).toMatchObject({
      firstName: target.email.split('@')[0],
      lastName: 'Tester',
      status: 'confirmed',
    });
    expect((await liveSessions(target.id)).length).toBe(sessionsBefore);
    await signIn(t.app, target.email, PASSWORD);
    // Roles in merchant A stay A's to change: names omitted (or unchanged) is fine.
    const roles = await t.app.inject({
      method: 'POST',
      url: `${usersUrl()}/${target.id}`,
      headers: w.headers('ownerA'),
      payload: { companyRoles: [], siteRoles: [{ siteId: w.siteA1, roles: ['SiteManager'] }] },
    });
    expect(roles.statusCode).toBe(200);
    expect(roles.json().data).toMatchObject({
      companyRoles: [],
      siteRoles: [{ siteId: w.siteA1, roles: ['SiteManager'] }],
    });
    const sameNames = await t.app.inject({
      method: 'POST',
      url: `${usersUrl()}/${target.id}`,
      headers: w.headers('ownerA'),
      payload: {
        firstName: account?.firstName,
        lastName: account?.lastName,
        companyRoles: [],
        siteRoles: [{ siteId: '*', roles: ['SiteManager'] }],
      },
    });
    expect(sameNames.statusCode).toBe(200);
  });

  it("removing B from merchant A ends B's access to A only; re-adding is an invitation again, and B's sessions live on", async () => {
    const target = w.users.ownerB;
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      payload: { email: target.email, password: PASSWORD },
    });
    const { accessToken, refreshToken } = refresh.json().data;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${usersUrl()}/${target.id}`,
      headers: w.headers('ownerA'),
    });
    expect(res.statusCode).toBe(204);
    // The same token: merchant A is gone at once, merchant B is still there; the session refreshes.
    expect((await merchantFor(bearer(accessToken), w.merchantA)).statusCode).toBe(404);
    expect((await merchantFor(bearer(accessToken), w.merchantB)).statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/identity/refresh',
      payload: { refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);

    const sessions = (await liveSessions(target.id)).length;
    const readd = await invite(target.email);
    expect(readd.statusCode).toBe(201);
    expect(readd.json().data.kind).toBe('invitation');
    expect((await merchantFor(bearer(accessToken), w.merchantA)).statusCode).toBe(404);
    // Remove and re-add again: still no session of B ends.
    expect((await liveSessions(target.id)).length).toBe(sessions);
    const [pending] = (await inbox(w.headers('ownerB'))).json().data;
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `${invitationsUrl()}/${pending.invitationId}`,
      headers: w.headers('ownerA'),
    });
    expect(revoked.statusCode).toBe(204);
    expect((await liveSessions(target.id)).length).toBe(sessions);
  });

  it('a site manager of merchant B declines: no membership, the list says declined, and it cannot be accepted later', async () => {
    const res = await invite(managerB.email, {
      companyRoles: [],
      siteRoles: [{ siteId: w.siteA2, roles: ['SiteManager'] }],
    });
    expect(res.statusCode).toBe(201);
    const { invitationId } = res.json().data.invitation;
    const declined = await answer(managerB.headers, invitationId, 'decline');
    expect(declined.statusCode).toBe(204);
    expect((await membershipsOf(managerB.id)).map((m) => m.merchantId)).toEqual([w.merchantB]);
    expect((await inbox(managerB.headers)).json().data).toEqual([]);
    const open = await t.app.inject({ method: 'GET', url: invitationsUrl(), headers: w.headers('ownerA') });
    expect(open.json().data).toContainEqual(
      expect.objectContaining({ invitationId, email: managerB.email, state: 'declined' }),
    );
    const late = await answer(managerB.headers, invitationId, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('INVITATION_CLOSED');
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `${invitationsUrl()}/${invitationId}`,
      headers: w.headers('ownerA'),
    });
    expect(revoke.statusCode).toBe(409);
  });

  it('makes one pending invitation when the same account is invited twice at once', async () => {
    const email = 'twice.at.once@example.com';
    const [row] = await t.database.db
      .insert(users)
      .values({ userId: 'twice-at-once', email, status: 'confirmed' })
      .returning({ id: users.id });
    const answers = await Promise.all([invite(email), invite(email)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db
      .select()
      .from(merchantInvitations)
      .where(eq(merchantInvitations.inviteeUserId, row?.id ?? ''));
    expect(rows.map((r) => r.status)).toEqual(['pending']);
  });

  it('never invites a staff account (409), and writes nothing nor mails it', async () => {
    const res = await invite(w.users.staff.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'STAFF_ACCOUNT',
      message: 'Staff accounts of the provider cannot be invited into a company or managed by one.',
    });
    const rows = await t.database.db
      .select()
      .from(merchantInvitations)
      .where(eq(merchantInvitations.inviteeUserId, w.users.staff.id));
    expect(rows).toEqual([]);
    // The fixture's staff set up an authenticator app (issue 15: staff powers need one); that mail aside, none.
    expect((await outbox(w.users.staff.email)).filter((mail) => mail.kind !== 'totp_added')).toEqual([]);
    expect(await membershipsOf(w.users.staff.id)).toEqual([]);
  });

  it('lets the inviter revoke a pending invitation: the invitee can no longer accept it', async () => {
    const res = await invite(managerB.email, { companyRoles: ['CompanyOwner'], siteRoles: [] });
    expect(res.statusCode).toBe(201);
    const { invitationId } = res.json().data.invitation;
    // A site manager of A holds no user permissions: hidden.
    const byManager = await t.app.inject({
      method: 'DELETE',
      url: `${invitationsUrl()}/${invitationId}`,
      headers: w.headers('managerA1'),
    });
    expect(byManager.statusCode).toBe(404);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `${invitationsUrl()}/${invitationId}`,
      headers: w.headers('ownerA'),
    });
    expect(revoke.statusCode).toBe(204);
    const accept = await answer(managerB.headers, invitationId, 'accept');
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.code).toBe('INVITATION_CLOSED');
    expect((await membershipsOf(managerB.id)).map((m) => m.merchantId)).toEqual([w.merchantB]);
    const open = await t.app.inject({ method: 'GET', url: invitationsUrl(), headers: w.headers('ownerA') });
    expect(open.json().data.map((i: { invitationId: string }) => i.invitationId)).not.toContain(invitationId);
  });

  it('still creates a new address at once with a temporary password, an account merchant A may rename', async () => {
    const res = await invite('brand.new@example.com');
    expect(res.statusCode).toBe(201);
    const { user } = res.json().data;
    expect(res.json().data.kind).toBe('member');
    expect(user).toMatchObject({ status: 'pending', canEditAccount: true, accountLockedReason: null });
    const [mail] = await outbox('brand.new@example.com');
    expect(mail?.kind).toBe('temporary_password');
    expect(mail?.text).toContain('Hello Mallory,');
  });

  it('expires an invitation after 7 days: it cannot be accepted, the list says expired, and a new one replaces it', async () => {
    const res = await invite(managerB.email, {
      companyRoles: [],
      siteRoles: [{ siteId: w.siteA1, roles: ['SiteManager'] }],
    });
    expect(res.statusCode).toBe(201);
    const { invitationId } = res.json().data.invitation;
    clock.advance(7 * DAY + 1);
    const headers = bearer(await signIn(t.app, managerB.email, PASSWORD));
    const ownerA = bearer(await signIn(t.app, w.users.ownerA.email, PASSWORD));
    expect((await inbox(headers)).json().data).toEqual([]);
    const accept = await answer(headers, invitationId, 'accept');
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error).toEqual({
      code: 'INVITATION_EXPIRED',
      message: 'This invitation has expired. Ask the company to invite you again.',
    });
    const open = await t.app.inject({ method: 'GET', url: invitationsUrl(), headers: ownerA });
    expect(open.json().data).toContainEqual(expect.objectContaining({ invitationId, state: 'expired' }));
    const again = await t.app.inject({
      method: 'POST',
      url: usersUrl(),
      headers: ownerA,
      payload: {
        email: managerB.email,
        firstName: 'X',
        lastName: 'Y',
        companyRoles: [],
        siteRoles: [{ siteId: w.siteA1, roles: ['SiteManager'] }],
      },
    });
    expect(again.statusCode).toBe(201);
    const fresh = again.json().data.invitation.invitationId;
    const [old] = await t.database.db
      .select()
      .from(merchantInvitations)
      .where(eq(merchantInvitations.id, invitationId));
    expect(old?.status).toBe('expired');
    // The fresh one is accepted with the roles it carried: site manager of A1 only.
    expect((await answer(headers, fresh, 'accept')).statusCode).toBe(200);
    const membership = await t.app.inject({
      method: 'GET',
      url: `${usersUrl()}/${managerB.id}`,
      headers: ownerA,
    });
    expect(membership.json().data).toMatchObject({
      companyRoles: [],
      siteRoles: [{ siteId: w.siteA1, roles: ['SiteManager'] }],
      canEditAccount: false,
      accountLockedReason: 'shared',
    });
  });

  /**
   * Decision 0132: an invitation carries its inviter's authority, and no more of it than they still hold. Each
   * case on a world of its own: merchant A with a second company owner, and owner B's account to invite.
   */
  describe("an invitation lapses with its inviter's authority", () => {
    const OWNER = { companyRoles: ['CompanyOwner'], siteRoles: [] };
    async function coOwnedWorld(prefix: string) {
      const v = await createAccessWorld(t.app, prefix);
      const email = `${prefix.toLowerCase()}.coowner@example.com`;
      const coOwnerId = await insertUser(t.app.db, email, ['Merchants']);
      await grant(t.app.db, v.merchantA, coOwnerId, ['CompanyOwner']);
      return { v, coOwner: bearer(await signIn(t.app, email, PASSWORD)), coOwnerId };
    }
    const inviteInto = (
      v: AccessWorld,
      headers: { authorization: string },
      email: string,
      roles: object = OWNER,
    ) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/merchants/${v.merchantA}/users`,
        headers,
        payload: { email, firstName: 'Alt', lastName: 'Account', ...roles },
      });
    const statusOf = async (invitationId: string) =>
      (
        await t.database.db
          .select({ status: merchantInvitations.status })
          .from(merchantInvitations)
          .where(eq(merchantInvitations.id, invitationId))
      )[0]?.status;
    const openIds = async (v: AccessWorld, headers: { authorization: string }) =>
      (await t.app.inject({ method: 'GET', url: invitationsUrl(v.merchantA), headers }))
        .json()
        .data.map((i: { invitationId: string; state: string }) => `${i.invitationId}:${i.state}`);
    /** The invitee's accept is refused as closed, and they hold no membership of merchant A. */
    async function refused(v: AccessWorld, invitationId: string) {
      const accept = await answer(v.headers('ownerB'), invitationId, 'accept');
      expect(accept.statusCode).toBe(409);
      expect(accept.json().error).toEqual({
        code: 'INVITATION_CLOSED',
        message: 'This invitation is no longer open.',
      });
      expect((await membershipsOf(v.users.ownerB.id)).map((m) => m.merchantId)).toEqual([v.merchantB]);
      expect((await merchantFor(v.headers('ownerB'), v.merchantA)).statusCode).toBe(404);
    }

    it('closes the invitations of an owner another owner removes: the invitee can no longer accept', async () => {
      const { v, coOwner } = await coOwnedWorld('LapseRemoved');
      const sent = await inviteInto(v, v.headers('ownerA'), v.users.ownerB.email);
      expect(sent.statusCode).toBe(201);
      const { invitationId } = sent.json().data.invitation;
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/merchants/${v.merchantA}/users/${v.users.ownerA.id}`,
        headers: coOwner,
      });
      expect(removed.statusCode).toBe(204);
      // Closed with the removal: gone from the invitee's inbox and from the merchant's open invitations.
      expect(await statusOf(invitationId)).toBe('revoked');
      expect((await inbox(v.headers('ownerB'))).json().data).toEqual([]);
      expect(await openIds(v, coOwner)).toEqual([]);
      await refused(v, invitationId);
    });

    it('closes the invitations of an owner demoted to site manager', async () => {
      const { v, coOwner } = await coOwnedWorld('LapseDemoted');
      const sent = await inviteInto(v, v.headers('ownerA'), v.users.ownerB.email);
      expect(sent.statusCode).toBe(201);
      const { invitationId } = sent.json().data.invitation;
      const demoted = await t.app.inject({
        method: 'POST',
        url: `/api/v1/merchants/${v.merchantA}/users/${v.users.ownerA.id}`,
        headers: coOwner,
        payload: { companyRoles: [], siteRoles: [{ siteId: v.siteA1, roles: ['SiteManager'] }] },
      });
      expect(demoted.statusCode).toBe(200);
      expect(await statusOf(invitationId)).toBe('revoked');
      await refused(v, invitationId);
    });

    it("closes every pending invitation when staff transfer the merchant, the previous owner's and staff's own", async () => {
      const v = await createAccessWorld(t.app, 'LapseTransfer');
      const byOwner = await inviteInto(v, v.headers('ownerA'), v.users.ownerB.email);
      expect(byOwner.statusCode).toBe(201);
      const otherEmail = 'lapsetransfer.other@example.com';
      await insertUser(t.app.db, otherEmail, ['Merchants']);
      const byStaff = await inviteInto(v, v.headers('staff'), otherEmail, {
        companyRoles: [],
        siteRoles: [{ siteId: v.siteA1, roles: ['SiteManager'] }],
      });
      expect(byStaff.statusCode).toBe(201);
      const transfer = await t.app.inject({
        method: 'POST',
        url: `/api/v1/merchants/${v.merchantA}/transfer`,
        headers: v.headers('staff'),
        payload: { email: 'lapsetransfer.buyer@example.com' },
      });
      expect(transfer.statusCode).toBe(200);
      expect(await statusOf(byOwner.json().data.invitation.invitationId)).toBe('revoked');
      expect(await statusOf(byStaff.json().data.invitation.invitationId)).toBe('revoked');
      await refused(v, byOwner.json().data.invitation.invitationId);
      // The new owner starts with no invitation they did not make.
      expect(await openIds(v, v.headers('staff'))).toEqual([]);
    });

    it('refuses at acceptance an invitation whose inviter lost their authority some other way', async () => {
      // As an invitation left pending from before decision 0132: the inviter's membership went without the routes.
      const { v } = await coOwnedWorld('LapseOutOfBand');
      const sent = await inviteInto(v, v.headers('ownerA'), v.users.ownerB.email);
      const { invitationId } = sent.json().data.invitation;
      await t.app.db
        .delete(merchantMemberships)
        .where(
          and(
            eq(merchantMemberships.merchantId, v.merchantA),
            eq(merchantMemberships.userId, v.users.ownerA.id),
          ),
        );
      await refused(v, invitationId);
      expect(await statusOf(invitationId)).toBe('pending');
    });

    it("lists such an invitation nowhere: not in the merchant's list nor the invitee's inbox, and a new one replaces it", async () => {
      // Left pending from before decision 0132: the inviter's membership went without the routes.
      const { v, coOwner } = await coOwnedWorld('LapseListed');
      const sent = await inviteInto(v, v.headers('ownerA'), v.users.ownerB.email);
      const { invitationId } = sent.json().data.invitation;
      expect(
        (await inbox(v.headers('ownerB'))).json().data.map((i: { invitationId: string }) => i.invitationId),
      ).toEqual([invitationId]);
      await t.app.db
        .delete(merchantMemberships)
        .where(
          and(
            eq(merchantMemberships.merchantId, v.merchantA),
            eq(merchantMemberships.userId, v.users.ownerA.id),
          ),
        );
      expect((await inbox(v.headers('ownerB'))).json().data).toEqual([]);
      expect(await openIds(v, coOwner)).toEqual([]);
      // Not a 409 "already has a pending invitation": the stale one is closed and the new one listed.
      const again = await inviteInto(v, coOwner, v.users.ownerB.email);
      expect(again.statusCode).toBe(201);
      const renewed = again.json().data.invitation.invitationId;
      expect(await statusOf(invitationId)).toBe('revoked');
      expect(await openIds(v, coOwner)).toEqual([`${renewed}:pending`]);
      expect(
        (await inbox(v.headers('ownerB'))).json().data.map((i: { invitationId: string }) => i.invitationId),
      ).toEqual([renewed]);
      await refused(v, invitationId);
    });

    it("stops listing a staff account's invitation once that account leaves the Staff group, and keeps the others", async () => {
      // A way of losing authority that closes nothing, after decision 0132 as before it.
      const { v, coOwner } = await coOwnedWorld('LapseStaffLeft');
      const otherEmail = 'lapsestaffleft.other@example.com';
      await insertUser(t.app.db, otherEmail, ['Merchants']);
      const other = bearer(await signIn(t.app, otherEmail, PASSWORD));
      const byStaff = await inviteInto(v, v.headers('staff'), otherEmail, {
        companyRoles: [],
        siteRoles: [{ siteId: v.siteA1, roles: ['SiteManager'] }],
      });
      expect(byStaff.statusCode).toBe(201);
      const byOwner = await inviteInto(v, v.headers('ownerA'), v.users.ownerB.email);
      expect(byOwner.statusCode).toBe(201);
      const staffInvitation = byStaff.json().data.invitation.invitationId;
      const ownerInvitation = byOwner.json().data.invitation.invitationId;
      expect((await openIds(v, coOwner)).sort()).toEqual(
        [`${staffInvitation}:pending`, `${ownerInvitation}:pending`].sort(),
      );
      await t.app.db
        .delete(userGroups)
        .where(and(eq(userGroups.userId, v.users.staff.id), eq(userGroups.groupName, 'Staff')));
      expect((await inbox(other)).json().data).toEqual([]);
      expect(await openIds(v, coOwner)).toEqual([`${ownerInvitation}:pending`]);
      expect(
        (await inbox(v.headers('ownerB'))).json().data.map((i: { invitationId: string }) => i.invitationId),
      ).toEqual([ownerInvitation]);
      expect((await answer(other, staffInvitation, 'accept')).statusCode).toBe(409);
      expect((await answer(v.headers('ownerB'), ownerInvitation, 'accept')).statusCode).toBe(200);
    });

    it('keeps an invitation whose inviter still may grant it, and one made by staff, when someone else leaves', async () => {
      const { v, coOwner } = await coOwnedWorld('LapseStill');
      const sent = await inviteInto(v, v.headers('ownerA'), v.users.ownerB.email);
      expect(sent.statusCode).toBe(201);
      const otherEmail = 'lapsestill.other@example.com';
      const otherId = await insertUser(t.app.db, otherEmail, ['Merchants']);
      const byStaff = await inviteInto(v, v.headers('staff'), otherEmail, {
        companyRoles: [],
        siteRoles: [{ siteId: v.siteA2, roles: ['SiteManager'] }],
      });
      expect(byStaff.statusCode).toBe(201);
      // The co-owner removes a site manager, who invited nobody: owner A's invitation stands.
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/merchants/${v.merchantA}/users/${v.users.managerA1.id}`,
        headers: coOwner,
      });
      expect(removed.statusCode).toBe(204);
      const accept = await answer(v.headers('ownerB'), sent.json().data.invitation.invitationId, 'accept');
      expect(accept.statusCode).toBe(200);
      const member = await t.app.inject({
        method: 'GET',
        url: `/api/v1/merchants/${v.merchantA}/users/${v.users.ownerB.id}`,
        headers: v.headers('ownerA'),
      });
      expect(member.json().data.companyRoles).toEqual(['CompanyOwner']);
      // Owner A leaves now; the staff invitation does not depend on any membership.
      const ownerALeaves = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/merchants/${v.merchantA}/users/${v.users.ownerA.id}`,
        headers: v.headers('ownerB'),
      });
      expect(ownerALeaves.statusCode).toBe(204);
      const other = bearer(await signIn(t.app, otherEmail, PASSWORD));
      const staffInvitation = byStaff.json().data.invitation.invitationId;
      expect((await answer(other, staffInvitation, 'accept')).statusCode).toBe(200);
      expect((await membershipsOf(otherId)).map((m) => m.merchantId)).toEqual([v.merchantA]);
    });
  });
});
