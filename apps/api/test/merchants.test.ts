import { COMPANY_PERMISSIONS, SITE_MANAGER_PERMISSIONS } from '@mp/domain/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_SIGN_INS } from '../src/db/demo/sign-ins.ts';
import { merchantMemberships, merchants, siteRoleGrants, users } from '../src/db/schema/index.ts';
import { type DemoWorld, seedDemoWorld } from '../src/db/seed.ts';
import { merchantSchema } from '../src/modules/merchants/schemas.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { bearer, signIn, signInWithSecondFactor } from './helpers/auth.ts';

describe('merchants', () => {
  let t: TestApp;
  let world: DemoWorld;
  const tokens: Record<'staff' | 'gbOwner' | 'gbManager' | 'frOwner', string> = {
    staff: '',
    gbOwner: '',
    gbManager: '',
    frOwner: '',
  };
  const merchant = (key: 'gb' | 'fr') => {
    const found = world.merchants.find((m) => m.key === key);
    if (!found) throw new Error(`no ${key} merchant`);
    return found;
  };

  beforeAll(async () => {
    t = await createTestApp();
    world = await seedDemoWorld(t.database.db, { transactions: 60 });
    for (const key of Object.keys(tokens) as (keyof typeof tokens)[]) {
      const { email, password } = DEMO_SIGN_INS[key];
      // Issue 15: staff powers need a session that passed a second factor.
      tokens[key] =
        key === 'staff'
          ? (await signInWithSecondFactor(t.app, email, password)).accessToken
          : await signIn(t.app, email, password);
    }
  });
  afterAll(() => t.close());

  it("lists an owner's merchant with every company-scoped permission", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/merchants', headers: bearer(tokens.gbOwner) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        merchantId: merchant('gb').merchantId,
        legalEntityName: 'Brightwater Coffee Ltd',
        entityType: 'company',
        status: 'active',
        kycOnboardingStatus: 'verified',
        country: 'GB',
        currency: 'GBP',
        timeZone: 'Europe/London',
        stripeCustomerId: expect.stringMatching(/^cus_/),
        // Issue 15: the owner has not required two-factor sign-in of the merchant's users.
        requireTwoFactor: false,
        permissions: { companyScoped: [...COMPANY_PERMISSIONS], siteScoped: [] },
      },
    ]);
  });

  it("lists a site manager's merchant with permissions on their site only", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/merchants',
      headers: bearer(tokens.gbManager),
    });
    expect(res.statusCode).toBe(200);
    const [only, ...rest] = res.json().data;
    expect(rest).toEqual([]);
    expect(only.merchantId).toBe(merchant('gb').merchantId);
    expect(only.permissions).toEqual({
      companyScoped: [],
      siteScoped: [{ siteId: merchant('gb').managedSiteId, permissions: [...SITE_MANAGER_PERMISSIONS] }],
    });
  });

  it('lists no merchants for staff without memberships', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/merchants', headers: bearer(tokens.staff) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('sorts several merchants by legal entity name', async () => {
    // The GB owner also joins the FR merchant as a site manager on every site.
    const [owner] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_SIGN_INS.gbOwner.email));
    if (!owner) throw new Error('owner missing');
    const fr = merchant('fr').merchantId;
    await t.database.db
      .insert(merchantMemberships)
      .values({ merchantId: fr, userId: owner.id, companyRoles: [] });
    await t.database.db
      .insert(siteRoleGrants)
      .values({ merchantId: fr, userId: owner.id, siteId: '*', role: 'SiteManager' });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/merchants',
        headers: bearer(tokens.gbOwner),
      });
      const data = res.json().data as { legalEntityName: string; permissions: unknown }[];
      expect(data.map((m) => m.legalEntityName)).toEqual([
        'Boulangerie Lumière SARL',
        'Brightwater Coffee Ltd',
      ]);
      expect(data[0]?.permissions).toEqual({
        companyScoped: [],
        siteScoped: [{ siteId: '*', permissions: [...SITE_MANAGER_PERMISSIONS] }],
      });
    } finally {
      await t.database.db.delete(merchantMemberships).where(eq(merchantMemberships.userId, owner.id));
      await t.database.db
        .insert(merchantMemberships)
        .values({ merchantId: merchant('gb').merchantId, userId: owner.id, companyRoles: ['CompanyOwner'] });
    }
  });

  it('shows a member their merchant by id with their permissions', async () => {
    const id = merchant('gb').merchantId;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${id}`,
      headers: bearer(tokens.gbManager),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      merchantId: id,
      legalEntityName: 'Brightwater Coffee Ltd',
      permissions: { companyScoped: [], siteScoped: [{ siteId: merchant('gb').managedSiteId }] },
    });
  });

  it('answers 404 for a merchant the user does not belong to', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${merchant('gb').merchantId}`,
      headers: bearer(tokens.frOwner),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Merchant not found' } });
  });

  it('answers 404 for an unknown or malformed merchant id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/merchants/${id}`,
        headers: bearer(tokens.staff),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('lets staff open any merchant, with empty permissions (SPEC §4 staff override)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${merchant('fr').merchantId}`,
      headers: bearer(tokens.staff),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      legalEntityName: 'Boulangerie Lumière SARL',
      currency: 'EUR',
      permissions: { companyScoped: [], siteScoped: [] },
    });
  });

  it('answers every 200 in its documented shape, no field missing, extra or of another type', async () => {
    // The views' 200 is written by JSON.stringify, not zod's serializer (routes.ts): this is its contract check.
    const id = merchant('gb').merchantId;
    const frId = merchant('fr').merchantId;
    const cases: [keyof typeof tokens, string][] = [
      ['gbOwner', '/api/merchants'],
      ['gbManager', '/api/merchants'],
      ['frOwner', '/api/merchants'],
      ['staff', '/api/merchants'],
      ['gbOwner', `/api/v1/merchants/${id}`],
      ['gbManager', `/api/v1/merchants/${id}`],
      ['frOwner', `/api/v1/merchants/${frId}`],
      ['staff', `/api/v1/merchants/${frId}`],
    ];
    for (const [who, url] of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
      expect(res.statusCode, `${who} ${url}`).toBe(200);
      expect(res.headers['content-type'], `${who} ${url}`).toMatch(/^application\/json/);
      const body = res.json();
      const schema =
        url === '/api/merchants'
          ? z.object({ data: z.array(merchantSchema) })
          : z.object({ data: merchantSchema });
      // zod drops undocumented keys, so equality also rules out extra fields.
      expect(body, `${who} ${url}`).toEqual(schema.parse(body));
    }
  });

  it('reports a blocked merchant as blocked', async () => {
    const id = merchant('fr').merchantId;
    await t.database.db.update(merchants).set({ blocked: true }).where(eq(merchants.id, id));
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/merchants',
        headers: bearer(tokens.frOwner),
      });
      expect(res.json().data[0].status).toBe('blocked');
    } finally {
      await t.database.db.update(merchants).set({ blocked: false }).where(eq(merchants.id, id));
    }
  });

  it.each([
    ['no token', undefined, 'UNAUTHENTICATED'],
    ['a tampered token', 'Bearer eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.AAAA', 'INVALID_TOKEN'],
  ])('answers 401 with %s', async (_name, authorization, code) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/merchants',
      headers: authorization ? { authorization } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe(code);
  });
});
