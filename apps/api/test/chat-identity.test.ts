import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SIGN_INS } from '../src/db/demo/sign-ins.ts';
import { users } from '../src/db/schema/index.ts';
import { seedDemoWorld } from '../src/db/seed.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { bearer, signIn } from './helpers/auth.ts';

const SECRET = 'chat-identity-secret-for-tests';

describe('chat identity (issue 14 §4)', () => {
  let t: TestApp;
  let owner: string;
  let manager: string;
  const userIdOf = async (email: string) => {
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { CHAT_IDENTITY_SECRET: SECRET, INTERCOM_APP_ID: 'abc123' } });
    await seedDemoWorld(t.database.db, { transactions: 0 });
    owner = await signIn(t.app, DEMO_SIGN_INS.gbOwner.email, DEMO_SIGN_INS.gbOwner.password);
    manager = await signIn(t.app, DEMO_SIGN_INS.gbManager.email, DEMO_SIGN_INS.gbManager.password);
  });
  afterAll(() => t.close());

  it("returns HMAC-SHA256 of the signed-in user's id with the server secret, as Intercom verifies it", async () => {
    const res = await t.app.inject({ url: '/api/v1/chat/identity?client=web', headers: bearer(owner) });
    expect(res.statusCode).toBe(200);
    const id = await userIdOf(DEMO_SIGN_INS.gbOwner.email);
    expect(res.json()).toEqual({
      data: {
        provider: 'intercom',
        appId: 'abc123',
        userId: id,
        userHash: createHmac('sha256', SECRET).update(id).digest('hex'),
      },
    });
  });

  it('gives each user their own hash, the same on every call', async () => {
    const a1 = (await t.app.inject({ url: '/api/v1/chat/identity', headers: bearer(owner) })).json().data;
    const a2 = (await t.app.inject({ url: '/api/v1/chat/identity', headers: bearer(owner) })).json().data;
    const b = (await t.app.inject({ url: '/api/v1/chat/identity', headers: bearer(manager) })).json().data;
    expect(a1.userHash).toBe(a2.userHash);
    expect(b.userHash).not.toBe(a1.userHash);
    expect(b.userId).toBe(await userIdOf(DEMO_SIGN_INS.gbManager.email));
  });

  it('refuses anonymous callers (401) and an unknown client type (400 naming the field)', async () => {
    expect((await t.app.inject({ url: '/api/v1/chat/identity' })).statusCode).toBe(401);
    const bad = await t.app.inject({ url: '/api/v1/chat/identity?client=ios', headers: bearer(owner) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('client');
  });

  it('without Intercom configured answers with the embedded help panel and still a real HMAC', async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      const token = await signIn(plain.app, DEMO_SIGN_INS.gbOwner.email, DEMO_SIGN_INS.gbOwner.password);
      const res = await plain.app.inject({ url: '/api/v1/chat/identity', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.provider).toBe('embedded');
      expect(data.appId).toBeNull();
      expect(data.userHash).toMatch(/^[0-9a-f]{64}$/);
      expect(data.userHash).not.toBe(createHmac('sha256', SECRET).update(data.userId).digest('hex'));
    } finally {
      await plain.app.close();
    }
  });
});

describe('chat configuration', () => {
  it('refuses an Intercom app id without the identity secret Intercom verifies with', async () => {
    const { testConfig } = await import('./helpers/app.ts');
    expect(() => testConfig({ INTERCOM_APP_ID: 'abc123' })).toThrow(/CHAT_IDENTITY_SECRET/);
  });
});
