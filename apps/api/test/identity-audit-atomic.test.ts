import type { AuditAction } from '@mp/domain/audit-actions';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passkeys, totpFactors } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/identity/passwords.ts';
import { createIdentityRepository } from '../src/identity/repository.ts';
import { totpCode } from '../src/identity/totp.ts';
import { SoftwareAuthenticator } from './helpers/software-authenticator.ts';
import { createIdentityTestApp } from './identity-test-app.ts';

// Decision 0120: a change to a person's account and its audit entry are one transaction. When the audit entry
// cannot be written, the answer is an error and the password, factor or sessions are as they were; never a
// change that happened while the request said it failed, and never a change without its entry.

type TestApp = Awaited<ReturnType<typeof createIdentityTestApp>>;
const PASSWORD = 'Passw0rd!';

interface Session {
  accessToken: string;
  refreshToken: string;
}

let t: TestApp;

beforeAll(async () => {
  t = await createIdentityTestApp();
  await t.app.db.execute(
    sql.raw(`create function test_refuse_audit() returns trigger language plpgsql as
      $$ begin raise exception 'audit entry refused by the test'; end $$`),
  );
});
afterEach(async () => {
  await t.app.db.execute(sql.raw('drop trigger if exists test_refuse_audit on audit_log'));
});
afterAll(() => t.close());

/** From now on the audit log refuses `action`'s entries (until the test ends). */
async function refuseAudit(action: AuditAction) {
  await t.app.db.execute(
    sql.raw(`create trigger test_refuse_audit before insert on audit_log for each row
      when (new.action = '${action}') execute function test_refuse_audit()`),
  );
}

async function createUser(email: string) {
  await createIdentityRepository(t.database.db).insertUser({
    email,
    passwordHash: await hashPassword(PASSWORD),
    status: 'confirmed',
  });
}

const post = (url: string, payload?: object, session?: Session) =>
  t.app.inject({
    method: 'POST',
    url: `/api/identity${url}`,
    ...(payload ? { payload } : {}),
    ...(session ? { headers: { authorization: `Bearer ${session.accessToken}` } } : {}),
  });

async function signIn(email: string, password = PASSWORD): Promise<Session> {
  const res = await post('/sign-in', { email, password });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const signInStatus = async (email: string, password: string) =>
  (await post('/sign-in', { email, password })).statusCode;
/** Whether the session still refreshes; its tokens move on to the refreshed ones (each refresh token works once). */
async function refreshes(session: Session): Promise<boolean> {
  const res = await post('/refresh', { refreshToken: session.refreshToken });
  if (res.statusCode !== 200) return false;
  Object.assign(session, res.json().data);
  return true;
}
const entries = (userId: string, action: AuditAction) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, action)));
const userIdOf = async (email: string) =>
  (await createIdentityRepository(t.database.db).findUserByEmail(email))?.id ?? '';

describe('when the audit entry cannot be written, the change is not made', () => {
  it('a password change: the old password still signs in, the new one does not, the other session lives', async () => {
    const email = 'change.atomic@example.com';
    await createUser(email);
    const other = await signIn(email);
    const current = await signIn(email);
    await refuseAudit('identity.password.changed');

    const changed = await post(
      '/change-password',
      { currentPassword: PASSWORD, newPassword: 'Chang3d-Passw0rd' },
      current,
    );
    expect(changed.statusCode).toBe(500);
    expect(await signInStatus(email, PASSWORD)).toBe(200);
    expect(await signInStatus(email, 'Chang3d-Passw0rd')).toBe(401);
    expect(await refreshes(other)).toBe(true);
    expect(await entries(await userIdOf(email), 'identity.password.changed')).toEqual([]);

    // Once the log writes again, the same change goes through with its entry.
    await t.app.db.execute(sql.raw('drop trigger test_refuse_audit on audit_log'));
    const again = await post(
      '/change-password',
      { currentPassword: PASSWORD, newPassword: 'Chang3d-Passw0rd' },
      current,
    );
    expect(again.statusCode).toBe(200);
    expect(await signInStatus(email, 'Chang3d-Passw0rd')).toBe(200);
    expect(await refreshes(other)).toBe(false);
    expect(await entries(await userIdOf(email), 'identity.password.changed')).toHaveLength(1);
  });

  it('an e-mailed reset: the old password still signs in and the signed-in session lives', async () => {
    const email = 'reset.atomic@example.com';
    await createUser(email);
    const session = await signIn(email);
    await post('/forgot-password', { email });
    const mail = t.sent.filter((message) => message.to === email).at(-1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await refuseAudit('identity.password.reset');

    const reset = await post('/confirm-forgot-password', { email, code, password: 'R3set-Passw0rd' });
    expect(reset.statusCode).toBe(500);
    expect(await signInStatus(email, PASSWORD)).toBe(200);
    expect(await signInStatus(email, 'R3set-Passw0rd')).toBe(401);
    expect(await refreshes(session)).toBe(true);
    expect(await entries(await userIdOf(email), 'identity.password.reset')).toEqual([]);

    // The code was not spent by the refused reset: once the log writes again it resets the password, once.
    await t.app.db.execute(sql.raw('drop trigger test_refuse_audit on audit_log'));
    const [first, second] = await Promise.all([
      post('/confirm-forgot-password', { email, code, password: 'R3set-Passw0rd' }),
      post('/confirm-forgot-password', { email, code, password: 'Other-R3set-Passw0rd' }),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 400]);
    const winner = first?.statusCode === 200 ? 'R3set-Passw0rd' : 'Other-R3set-Passw0rd';
    expect(await signInStatus(email, winner)).toBe(200);
    expect(await signInStatus(email, PASSWORD)).toBe(401);
    expect(await refreshes(session)).toBe(false);
    expect(await entries(await userIdOf(email), 'identity.password.reset')).toHaveLength(1);
  });

  it('a first password (after a temporary one): refused, the temporary password and its step stay usable, once', async () => {
    const email = 'first.atomic@example.com';
    await t.identity.service.adminCreateUser({
      email,
      firstName: 'Fay',
      lastName: 'First',
      groups: ['Merchant'],
    });
    const mail = t.sent.filter((message) => message.to === email).at(-1);
    const temporary = /: (\S{16})\n/.exec(mail?.text ?? '')?.[1] ?? '';
    const challenge = (await post('/sign-in', { email, password: temporary })).json().data;
    expect(challenge.challenge).toBe('NEW_PASSWORD_REQUIRED');
    await refuseAudit('identity.password.changed');

    const step = { email, session: challenge.session, newPassword: 'F1rst-Passw0rd' };
    expect((await post('/new-password', step)).statusCode).toBe(500);
    expect(await signInStatus(email, 'F1rst-Passw0rd')).toBe(401);
    expect(await entries(await userIdOf(email), 'identity.password.changed')).toEqual([]);

    await t.app.db.execute(sql.raw('drop trigger test_refuse_audit on audit_log'));
    const done = await post('/new-password', step);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.accessToken).toBeTruthy();
    expect((await post('/new-password', { ...step, newPassword: 'Again-Passw0rd' })).statusCode).toBe(400);
    expect(await signInStatus(email, 'F1rst-Passw0rd')).toBe(200);
    expect(await entries(await userIdOf(email), 'identity.password.changed')).toHaveLength(1);
  });

  it('ending another session: it still refreshes, and no entry says it ended', async () => {
    const email = 'end.atomic@example.com';
    await createUser(email);
    const other = await signIn(email);
    const current = await signIn(email);
    const listed = await t.app.inject({
      url: '/api/identity/sessions',
      headers: { authorization: `Bearer ${current.accessToken}` },
    });
    const otherId = (listed.json().data as { id: string; current: boolean }[]).find((s) => !s.current)?.id;
    await refuseAudit('identity.session.ended');

    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/identity/sessions/${otherId}`,
      headers: { authorization: `Bearer ${current.accessToken}` },
    });
    expect(ended.statusCode).toBe(500);
    expect(await refreshes(other)).toBe(true);
    // This instance's token check was not told of a session that did not end.
    const me = await t.app.inject({
      url: '/api/identity/me',
      headers: { authorization: `Bearer ${other.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(await entries(await userIdOf(email), 'identity.session.ended')).toEqual([]);

    // "End all other sessions" likewise.
    await t.app.db.execute(sql.raw('drop trigger test_refuse_audit on audit_log'));
    await refuseAudit('identity.sessions.others-ended');
    expect((await post('/sessions/end-others', undefined, current)).statusCode).toBe(500);
    expect(await refreshes(other)).toBe(true);
  });

  it('an authenticator app: a refused confirmation leaves it unconfirmed (the same code confirms it later), a refused removal leaves it in place', async () => {
    const email = 'totp.atomic@example.com';
    await createUser(email);
    const session = await signIn(email);
    const setup = await post('/factors/totp', undefined, session);
    expect(setup.statusCode).toBe(200);
    const secret = setup.json().data.secret as string;
    await refuseAudit('identity.totp.added');

    const code = totpCode(secret, t.now());
    expect((await post('/factors/totp/confirm', { code }, session)).statusCode).toBe(500);
    const userId = await userIdOf(email);
    const [factor] = await t.database.db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
    expect(factor?.confirmedAt).toBeNull();
    // The code's time step was not spent either: nothing of the failed confirmation stayed.
    await t.app.db.execute(sql.raw('drop trigger test_refuse_audit on audit_log'));
    const confirmed = await post('/factors/totp/confirm', { code }, session);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.recoveryCodes).toHaveLength(10);
    expect(await entries(userId, 'identity.totp.added')).toHaveLength(1);

    // Removing it, proven with a later code: the factor stays, and no "removed" mail goes out.
    t.advance(60_000);
    await refuseAudit('identity.totp.removed');
    const removed = await post('/factors/totp/remove', { code: totpCode(secret, t.now()) }, session);
    expect(removed.statusCode).toBe(500);
    const [kept] = await t.database.db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
    expect(kept?.confirmedAt).not.toBeNull();
    expect(t.sent.some((mail) => mail.to === email && mail.kind === 'totp_removed')).toBe(false);
    expect(await entries(userId, 'identity.totp.removed')).toEqual([]);
  });

  it('a passkey: a refused registration stores nothing (the next ceremony registers it), a refused removal keeps it', async () => {
    const email = 'passkey.atomic@example.com';
    await createUser(email);
    const session = await signIn(email);
    const userId = await userIdOf(email);
    const authenticator = new SoftwareAuthenticator();
    const stored = () => t.database.db.select().from(passkeys).where(eq(passkeys.userId, userId));
    await refuseAudit('identity.passkey.added');

    const options = await post('/factors/passkeys/options', undefined, session);
    const refused = await post(
      '/factors/passkeys',
      { name: 'Laptop', response: authenticator.register(options.json().data) },
      session,
    );
    expect(refused.statusCode).toBe(500);
    expect(await stored()).toEqual([]);
    expect(t.sent.some((mail) => mail.to === email && mail.kind === 'passkey_added')).toBe(false);
    expect(await entries(userId, 'identity.passkey.added')).toEqual([]);

    await t.app.db.execute(sql.raw('drop trigger test_refuse_audit on audit_log'));
    const again = await post('/factors/passkeys/options', undefined, session);
    const registered = await post(
      '/factors/passkeys',
      { name: 'Laptop', response: authenticator.register(again.json().data) },
      session,
    );
    expect(registered.statusCode).toBe(201);
    expect(await stored()).toHaveLength(1);
    expect(await entries(userId, 'identity.passkey.added')).toHaveLength(1);

    // Removing it (the password, from a session signed in with the passkey) while the log refuses: the passkey
    // stays, no mail goes out, no entry is written.
    const signInOptions = await post('/sign-in/passkey-options');
    const withPasskey = await post('/sign-in/passkey', {
      response: authenticator.assert(signInOptions.json().data),
    });
    expect(withPasskey.statusCode).toBe(200);
    await refuseAudit('identity.passkey.removed');
    const id = registered.json().data.id as string;
    const removed = await post(
      `/factors/passkeys/${id}/remove`,
      { password: PASSWORD },
      withPasskey.json().data,
    );
    expect(removed.statusCode).toBe(500);
    expect(await stored()).toHaveLength(1);
    expect(t.sent.some((mail) => mail.to === email && mail.kind === 'passkey_removed')).toBe(false);
    expect(await entries(userId, 'identity.passkey.removed')).toEqual([]);
  });
});
