import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { auditLog } from '../src/db/schema/index.ts';
import { totpCode } from '../src/identity/totp.ts';
import { type AccessWorld, createAccessWorld, PASSWORD } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { bearer, signInWithCode, signInWithSecondFactor } from './helpers/auth.ts';

// Issue 15: an owner can require two-factor sign-in of every user of their merchant (company settings).

describe('the owner requires two-factor sign-in', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-03-01T10:00:00Z'));
  let ownerSecret = '';

  const setRequirement = (token: string, merchantId: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/merchants/${merchantId}/two-factor-requirement`,
      headers: bearer(token),
      payload: payload as object,
    });
  const sites = (token: string, merchantId: string) =>
    t.app.inject({ url: `/api/merchants/${merchantId}/sites`, headers: bearer(token) });
  const users = (token: string, merchantId: string) =>
    t.app.inject({ url: `/api/v1/merchants/${merchantId}/users`, headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'Req2fa');
  });
  afterAll(() => t.close());

  it('only an owner may set it: a manager gets 404, another merchant’s owner 404; bad input 400 naming the field', async () => {
    const manager = await setRequirement(w.tokens.managerA1, w.merchantA, { required: true });
    expect(manager.statusCode).toBe(404);
    const foreign = await setRequirement(w.tokens.ownerB, w.merchantA, { required: true });
    expect(foreign.statusCode).toBe(404);
    const bad = await setRequirement(w.tokens.ownerA, w.merchantA, { required: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('required');
    // Still off.
    const list = await t.app.inject({ url: '/api/merchants', headers: w.headers('ownerA') });
    const merchant = list.json().data.find((m: { merchantId: string }) => m.merchantId === w.merchantA);
    expect(merchant.requireTwoFactor).toBe(false);
  });

  it('refuses the merchant’s routes to a member whose session passed no second factor (403 SECOND_FACTOR_REQUIRED), opens them with one, and leaves other merchants alone', async () => {
    expect((await sites(w.tokens.managerA1, w.merchantA)).statusCode).toBe(200);
    // The owner's own password-only session may not turn it on: the rule is theirs first (nothing changes).
    const refusedOn = await setRequirement(w.tokens.ownerA, w.merchantA, { required: true });
    expect(refusedOn.statusCode).toBe(403);
    expect(refusedOn.json().error.code).toBe('OWN_SECOND_FACTOR_REQUIRED');
    expect((await sites(w.tokens.managerA1, w.merchantA)).statusCode).toBe(200);
    const ownerWithFactor = await signInWithSecondFactor(t.app, w.users.ownerA.email, PASSWORD);
    ownerSecret = ownerWithFactor.secret;
    const on = await setRequirement(ownerWithFactor.accessToken, w.merchantA, { required: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.requireTwoFactor).toBe(true);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.merchantId, w.merchantA), eq(auditLog.action, 'company.two-factor-requirement')),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toEqual({ requireTwoFactor: true });

    // A member without a factor (and the owner's own password-only session): refused with the staff code.
    for (const token of [w.tokens.managerA1, w.tokens.ownerA]) {
      const refused = await sites(token, w.merchantA);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    }
    // Their merchants list still answers (the portal reads the requirement from it), and other merchants are open.
    const list = await t.app.inject({ url: '/api/merchants', headers: w.headers('managerA1') });
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0].requireTwoFactor).toBe(true);
    expect((await sites(w.tokens.ownerB, w.merchantB)).statusCode).toBe(200);
    // Another merchant's id is still 404, not 403: nothing is revealed.
    expect((await sites(w.tokens.ownerB, w.merchantA)).statusCode).toBe(404);

    // With a second factor set up (the confirming code marks the session), the member is let in.
    const withFactor = await signInWithSecondFactor(t.app, w.users.managerA1.email, PASSWORD);
    expect((await sites(withFactor.accessToken, w.merchantA)).statusCode).toBe(200);
    // A later sign-in passes the code and is let in as well.
    clock.advance(60_000);
    const later = await signInWithCode(t.app, w.users.managerA1.email, PASSWORD, withFactor.secret);
    expect((await sites(later, w.merchantA)).statusCode).toBe(200);
    expect(totpCode(withFactor.secret, clock.now())).toMatch(/^\d{6}$/);
  });

  it('the users list shows who has two-factor sign-in', async () => {
    clock.advance(60_000);
    const owner = { accessToken: await signInWithCode(t.app, w.users.ownerA.email, PASSWORD, ownerSecret) };
    const res = await users(owner.accessToken, w.merchantA);
    expect(res.statusCode).toBe(200);
    const byEmail = Object.fromEntries(
      res.json().data.map((u: { email: string; twoFactor: boolean }) => [u.email, u.twoFactor]),
    );
    expect(byEmail).toEqual({
      [w.users.managerA1.email]: true,
      [w.users.managerA2.email]: false,
      [w.users.ownerA.email]: true,
    });
    // Turned off again by the owner: password-only sessions are let in.
    expect((await setRequirement(owner.accessToken, w.merchantA, { required: false })).statusCode).toBe(200);
    expect((await sites(w.tokens.managerA2, w.merchantA)).statusCode).toBe(200);
  });
});
