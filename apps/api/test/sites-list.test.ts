import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

describe('GET /api/merchants/:id/sites (the sites users are granted roles on)', () => {
  let t: TestApp;
  let w: AccessWorld;
  const sitesOf = async (
    actor: 'staff' | 'ownerA' | 'managerA1' | 'managerA2' | 'ownerB',
    merchant?: string,
  ) =>
    t.app.inject({
      method: 'GET',
      url: `/api/merchants/${merchant ?? w.merchantA}/sites`,
      headers: w.headers(actor),
    });

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAccessWorld(t.app, 'Sites');
  });
  afterAll(() => t.close());

  it('lists every site of the merchant, by name, to the company owner', async () => {
    const res = await sitesOf('ownerA');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject([
      { siteId: w.siteA1, name: 'Sites-a1', displayName: null, settlementWindow: '00:00', deviceCount: 0 },
      { siteId: w.siteA2, name: 'Sites-a2', displayName: null, settlementWindow: '00:00', deviceCount: 0 },
    ]);
  });

  it('lists every site to staff, who are not members', async () => {
    const res = await sitesOf('staff');
    expect(res.json().data.map((s: { siteId: string }) => s.siteId)).toEqual([w.siteA1, w.siteA2]);
  });

  it('lists only their own site to a site manager', async () => {
    expect((await sitesOf('managerA1')).json().data.map((s: { siteId: string }) => s.siteId)).toEqual([
      w.siteA1,
    ]);
    expect((await sitesOf('managerA2')).json().data.map((s: { siteId: string }) => s.siteId)).toEqual([
      w.siteA2,
    ]);
  });

  it("never shows another merchant's sites: 404 to a non-member, and the owner of B sees only B's", async () => {
    const res = await sitesOf('ownerB');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    const own = await sitesOf('ownerB', w.merchantB);
    expect(own.json().data.map((s: { siteId: string }) => s.siteId)).toEqual([w.siteB1]);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/merchants/${w.merchantA}/sites` });
    expect(res.statusCode).toBe(401);
  });
});
