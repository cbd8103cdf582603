import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, sites, transactions } from '../src/db/schema/index.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

type Actor = 'staff' | 'ownerA' | 'managerA1' | 'managerA2' | 'ownerB';

const ADDRESS = { line1: '1 Market Street', city: 'Leeds', postalCode: 'ls1 6dt', country: 'gb' };

describe('sites API (issue 10, SPEC §5 Sites, §7)', () => {
  let t: TestApp;
  let w: AccessWorld;
  const call = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/merchants/${w.merchantA}${path}`,
      headers: w.headers(actor),
      ...(payload ? { payload } : {}),
    });
  const create = (name: string, extra: object = {}, actor: Actor = 'ownerA') =>
    call(actor, 'POST', '/sites', { name, address: ADDRESS, ...extra });

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAccessWorld(t.app, 'Sitesapi');
  });
  afterAll(() => t.close());

  it('creates a site: postal code and country uppercased, empty optional fields dropped, PINs drawn', async () => {
    const res = await create('Leeds Kirkgate', {
      displayName: '',
      shortCode: 'LDS',
      payByLinkTermsUrl: '  ',
      settlementWindow: '03:00',
      address: { ...ADDRESS, line2: '', stateOrProvince: '' },
    });
    expect(res.statusCode).toBe(201);
    const site = res.json().site;
    expect(site).toMatchObject({
      name: 'Leeds Kirkgate',
      displayName: null,
      shortCode: 'LDS',
      payByLinkTermsUrl: null,
      settlementWindow: '03:00',
      address: { line1: '1 Market Street', line2: null, postalCode: 'LS1 6DT', country: 'GB' },
    });
    const [row] = await t.app.db.select().from(sites).where(eq(sites.id, site.siteId));
    const settings = row?.settings as { deviceSettings: { adminPin: string; refundPin: string } };
    const pins = settings.deviceSettings;
    expect(pins.adminPin).toMatch(/^\d{4}$/);
    expect(pins.refundPin).toMatch(/^\d{4}$/);
  });

  it('refuses a bad name with the exact SPEC §5 message, naming the field', async () => {
    const res = await create('Bad/Name!');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      {
        field: 'name',
        rule: 'validation.siteNameInvalid',
        message: 'Site name can only contain letters, number, spaces hyphens and underscores.',
      },
    ]);
  });

  it('refuses a bad display name, short code and a non-https terms URL with their messages', async () => {
    const res = await create('Valid name', {
      displayName: 'Café <script>',
      shortCode: 'TOOLONG',
      payByLinkTermsUrl: 'http://example.com/terms',
    });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(
      res.json().error.details.map((d: { field: string; message: string }) => [d.field, d.message]),
    );
    expect(byField).toEqual({
      displayName:
        'Site display name can only contain letters, number, spaces, hyphens, underscores, commas, exclamation marks, ampersand and @',
      shortCode: 'Please enter a shortcode consisting of 2 to 4 alphanumeric characters',
      payByLinkTermsUrl: 'Please enter a valid web address starting with https://',
    });
    const rows = await t.app.db.select().from(sites).where(eq(sites.name, 'Valid name'));
    expect(rows).toEqual([]);
  });

  it('accepts accented display names with the allowed punctuation', async () => {
    const res = await create('Accents', { displayName: "Crêperie d'Élodie, Café & Co! @home" });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a duplicate name (case-insensitively) with the exact message', async () => {
    expect((await create('Harbour')).statusCode).toBe(201);
    const res = await create('harbour');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'harbour is already in use, please select another name to continue.',
    );
    expect(res.json().error.details[0]).toMatchObject({ field: 'name', rule: 'validation.siteNameInUse' });
  });

  it('gives the same message when two creates of one name race: one wins, the other meets the unique index', async () => {
    const results = await Promise.all([create('Race Day'), create('Race Day'), create('RACE DAY')]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    for (const res of results.filter((r) => r.statusCode === 409))
      expect(res.json().error.message).toMatch(
        /^(Race Day|RACE DAY) is already in use, please select another name/,
      );
    const rows = await t.app.db.select().from(sites).where(eq(sites.merchantId, w.merchantA));
    expect(rows.filter((r) => r.name.toLowerCase() === 'race day')).toHaveLength(1);
  });

  it('lets the same name exist at another merchant', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${w.merchantB}/sites`,
      headers: w.headers('ownerB'),
      payload: { name: 'Harbour', address: ADDRESS },
    });
    expect(res.statusCode).toBe(201);
  });

  it('reads and edits a site under `site`; the name may be sent back but never changed', async () => {
    const id = (await create('Editable')).json().site.siteId;
    const got = await call('ownerA', 'GET', `/sites/${id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().site.name).toBe('Editable');
    const put = await call('ownerA', 'PUT', `/sites/${id}`, {
      site: { name: 'Editable', displayName: 'The Editable', shortCode: 'ED1', address: ADDRESS },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().site).toMatchObject({
      name: 'Editable',
      displayName: 'The Editable',
      shortCode: 'ED1',
    });
    const renamed = await call('ownerA', 'PUT', `/sites/${id}`, {
      site: { name: 'Renamed', address: ADDRESS },
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.details[0]).toMatchObject({
      field: 'site.name',
      message: 'The site name cannot be changed after the site is created',
    });
    expect((await call('ownerA', 'GET', `/sites/${id}`)).json().site.name).toBe('Editable');
    const bad = await call('ownerA', 'PUT', `/sites/${id}`, { site: { shortCode: 'x', address: ADDRESS } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('site.shortCode');
  });

  it('lets a site manager read and edit their own site, and answers 404 for another site', async () => {
    expect((await call('managerA1', 'GET', `/sites/${w.siteA1}`)).statusCode).toBe(200);
    const other = await call('managerA1', 'GET', `/sites/${w.siteA2}`);
    expect(other.statusCode).toBe(404);
    const put = await call('managerA1', 'PUT', `/sites/${w.siteA2}`, { site: { address: ADDRESS } });
    expect(put.statusCode).toBe(404);
    expect((await call('managerA1', 'POST', `/sites/${w.siteA2}/passcodes/reveal`)).statusCode).toBe(404);
    expect((await create('Manager made', {}, 'managerA1')).statusCode).toBe(404);
    const list = await call('managerA1', 'GET', '/sites');
    expect(list.json().data.map((s: { siteId: string }) => s.siteId)).toEqual([w.siteA1]);
  });

  it("answers 404 for another merchant's site through this merchant's path", async () => {
    expect((await call('ownerA', 'GET', `/sites/${w.siteB1}`)).statusCode).toBe(404);
    expect((await call('ownerA', 'DELETE', `/sites/${w.siteB1}`)).statusCode).toBe(404);
    expect((await call('ownerA', 'GET', '/sites/not-a-uuid')).statusCode).toBe(404);
  });

  it('lists sites with settlement window, address and the count of assigned devices', async () => {
    const id = (await create('Counted')).json().site.siteId;
    await t.app.db.insert(devices).values({
      merchantId: w.merchantA,
      siteId: id,
      serial: `P400-${randomUUID().slice(0, 8)}`,
      model: 'with-printer',
    });
    const list = (await call('ownerA', 'GET', '/sites')).json().data;
    expect(list.find((s: { siteId: string }) => s.siteId === id)).toMatchObject({
      name: 'Counted',
      settlementWindow: '00:00',
      address: { city: 'Leeds', postalCode: 'LS1 6DT' },
      deviceCount: 1,
    });
  });

  it('refuses to delete a site with devices assigned, or with payments in the last 13 months; else archives it', async () => {
    const withDevice = (await create('Has device')).json().site.siteId;
    await t.app.db.insert(devices).values({
      merchantId: w.merchantA,
      siteId: withDevice,
      serial: `V240-${randomUUID().slice(0, 8)}`,
      model: 'without-printer',
    });
    const refused = await call('ownerA', 'DELETE', `/sites/${withDevice}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'SITE_HAS_DEVICES',
      message:
        'This site cannot be deleted while devices are assigned to it. Move or return its devices first.',
    });

    const withPayments = (await create('Has payments')).json().site.siteId;
    await t.app.db.insert(transactions).values({
      merchantId: w.merchantA,
      siteId: withPayments,
      pspReference: `PSP${randomUUID().slice(0, 12)}`,
      amount: 1000,
      currency: 'GBP',
      status: 'captured',
      source: 'pay-by-link',
      createdAt: new Date(Date.now() - 300 * 86_400_000),
    });
    const refused2 = await call('ownerA', 'DELETE', `/sites/${withPayments}`);
    expect(refused2.statusCode).toBe(409);
    expect(refused2.json().error.code).toBe('SITE_HAS_RECENT_TRANSACTIONS');

    const old = (await create('Old payments')).json().site.siteId;
    await t.app.db.insert(transactions).values({
      merchantId: w.merchantA,
      siteId: old,
      pspReference: `PSP${randomUUID().slice(0, 12)}`,
      amount: 1000,
      currency: 'GBP',
      status: 'captured',
      source: 'pay-by-link',
      createdAt: new Date(Date.now() - 420 * 86_400_000),
    });
    expect((await call('ownerA', 'DELETE', `/sites/${old}`)).statusCode).toBe(204);
    expect((await call('ownerA', 'GET', `/sites/${old}`)).statusCode).toBe(404);
    const [row] = await t.app.db
      .select()
      .from(sites)
      .where(and(eq(sites.id, old)));
    expect(row?.deletedAt).not.toBeNull();
    const list = (await call('ownerA', 'GET', '/sites')).json().data;
    expect(list.some((s: { siteId: string }) => s.siteId === old)).toBe(false);
  });

  it('reveals passcodes to Site:UpdateSite holders and staff, and writes each reveal to the audit log', async () => {
    const res = await call('managerA1', 'POST', `/sites/${w.siteA1}/passcodes/reveal`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.adminPin).toMatch(/^\d{4}$/);
    const again = await call('staff', 'POST', `/sites/${w.siteA1}/passcodes/reveal`);
    expect(again.json().data).toEqual(res.json().data);
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantA}/audit-log`,
      headers: w.headers('ownerA'),
    });
    const reveals = log
      .json()
      .data.filter((e: { action: string }) => e.action === 'site.passcodes.reveal')
      .map((e: { actor: { email: string }; entityId: string }) => [e.actor.email, e.entityId]);
    expect(reveals).toEqual(
      expect.arrayContaining([
        [w.users.managerA1.email, w.siteA1],
        [w.users.staff.email, w.siteA1],
      ]),
    );
  });

  describe('internal settings (staff only)', () => {
    const validBody = (over: Record<string, unknown> = {}) => ({
      payByLinkTermsUrl: 'https://example.com/terms',
      settings: {
        payouts: { settlementType: 'gross', payoutHold: true },
        paymentMethods: { moto: true, payByLink: true, tapToPay: false },
        tips: { enabled: true, provider: 'tipjar' },
        integrations: {
          connectPush: { enabled: true, url: 'https://hooks.example.com/x' },
          connectPull: { enabled: false },
        },
        deviceSettings: {
          manualLimitPerTransaction: 25_000,
          manualLimitDaily: 100_000,
          preAuth: { enabled: true, adjustThreshold: 1.25 },
          unreferencedRefunds: true,
          refundsOverdraft: false,
          ...over,
        },
      },
    });

    it('is hidden (404) from owners and managers, readable by staff without PINs', async () => {
      expect((await call('ownerA', 'GET', `/sites/${w.siteA1}/internal`)).statusCode).toBe(404);
      expect((await call('managerA1', 'PUT', `/sites/${w.siteA1}/internal`, validBody())).statusCode).toBe(
        404,
      );
      const res = await call('staff', 'GET', `/sites/${w.siteA1}/internal`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.deviceSettings).not.toHaveProperty('adminPin');
      expect(JSON.stringify(res.json())).not.toMatch(/Pin"/);
    });

    it('validates PINs, manual limits and the adjust threshold with the SPEC §5 messages', async () => {
      const res = await call(
        'staff',
        'PUT',
        `/sites/${w.siteA1}/internal`,
        validBody({
          adminPin: '12a4',
          manualLimitPerTransaction: 10.5,
          manualLimitDaily: 0,
          preAuth: { enabled: true, adjustThreshold: 1.234 },
        }),
      );
      expect(res.statusCode).toBe(400);
      const byField = Object.fromEntries(
        res.json().error.details.map((d: { field: string; message: string }) => [d.field, d.message]),
      );
      expect(byField).toEqual({
        'settings.deviceSettings.adminPin': 'PIN must be 4 digits',
        'settings.deviceSettings.manualLimitPerTransaction': 'Limit cannot include a fraction of a penny',
        'settings.deviceSettings.manualLimitDaily': 'Limit must be greater than 0',
        'settings.deviceSettings.preAuth.adjustThreshold': 'Threshold can have at most 2 decimal places',
      });
      const low = await call(
        'staff',
        'PUT',
        `/sites/${w.siteA1}/internal`,
        validBody({ preAuth: { enabled: true, adjustThreshold: 0.5 } }),
      );
      expect(low.json().error.details[0].message).toBe('Threshold must be at least 1');
    });

    it('needs a terms URL for pay by link and a URL for connect push', async () => {
      const body = validBody();
      const res = await call('staff', 'PUT', `/sites/${w.siteA2}/internal`, {
        ...body,
        payByLinkTermsUrl: null,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0]).toMatchObject({ field: 'payByLinkTermsUrl' });
      body.settings.integrations.connectPush = { enabled: true, url: null } as never;
      const push = await call('staff', 'PUT', `/sites/${w.siteA2}/internal`, body);
      expect(push.json().error.details[0].field).toBe('settings.integrations.connectPush.url');
    });

    it('saves the document, keeps PINs when absent, and audits before → after with PINs redacted', async () => {
      const pinsBefore = (await call('staff', 'POST', `/sites/${w.siteA1}/passcodes/reveal`)).json().data;
      const res = await call('staff', 'PUT', `/sites/${w.siteA1}/internal`, validBody({ refundPin: '4321' }));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        payByLinkTermsUrl: 'https://example.com/terms',
        payouts: { settlementType: 'gross', payoutHold: true },
        deviceSettings: { manualLimitPerTransaction: 25_000, preAuth: { adjustThreshold: 1.25 } },
      });
      const pins = (await call('ownerA', 'POST', `/sites/${w.siteA1}/passcodes/reveal`)).json().data;
      expect(pins).toEqual({ adminPin: pinsBefore.adminPin, refundPin: '4321' });
      const log = await t.app.inject({
        method: 'GET',
        url: `/api/v1/merchants/${w.merchantA}/audit-log`,
        headers: w.headers('ownerA'),
      });
      const entry = log.json().data.find((e: { action: string }) => e.action === 'site.settings.update');
      expect(entry.actor.email).toBe(w.users.staff.email);
      expect(entry.before.payouts.settlementType).toBe('net');
      expect(entry.after.payouts.settlementType).toBe('gross');
      expect(entry.after.deviceSettings.refundPin).toBe('•••• (changed)');
      expect(entry.after.deviceSettings.adminPin).toBe('•••• (unchanged)');
      // The PIN appears nowhere in the entry. Its ids (the request id is a random UUID) and times are taken out
      // first: a UUID's hex holds "4321" about once in 500 entries (seen in a whole run).
      const withoutIdsAndTimes = JSON.stringify(entry)
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
        .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '<time>');
      expect(withoutIdsAndTimes).toContain('<id>');
      expect(withoutIdsAndTimes).not.toContain('4321');
    });

    it("keeps pay by link's terms: a site edit without them is refused while pay by link is on (400), with them saved", async () => {
      // Site A1 has pay by link on with its terms since the test above.
      const omitted = await call('managerA1', 'PUT', `/sites/${w.siteA1}`, { site: { address: ADDRESS } });
      expect(omitted.statusCode).toBe(400);
      expect(omitted.json().error.details).toEqual([
        {
          field: 'site.payByLinkTermsUrl',
          rule: 'validation.payByLinkTermsRequired',
          message: 'Pay by link needs a terms and conditions web address',
        },
      ]);
      const internal = (await call('staff', 'GET', `/sites/${w.siteA1}/internal`)).json().data;
      expect(internal.payByLinkTermsUrl).toBe('https://example.com/terms');
      expect(internal.paymentMethods.payByLink).toBe(true);
      const kept = await call('managerA1', 'PUT', `/sites/${w.siteA1}`, {
        site: { address: ADDRESS, payByLinkTermsUrl: 'https://example.com/terms-2' },
      });
      expect(kept.statusCode).toBe(200);
      expect(kept.json().site.payByLinkTermsUrl).toBe('https://example.com/terms-2');
    });

    it('rotates an integration secret: shown once, only its last four kept in view', async () => {
      const res = await call('staff', 'POST', `/sites/${w.siteA1}/internal/integrations/pull/rotate`);
      expect(res.statusCode).toBe(200);
      const { secret, lastFour } = res.json().data;
      expect(secret).toMatch(/^sk_/);
      const view = (await call('staff', 'GET', `/sites/${w.siteA1}/internal`)).json();
      expect(view.data.integrations.connectPull.secretLastFour).toBe(lastFour);
      expect(JSON.stringify(view)).not.toContain(secret);
      expect(
        (await call('ownerA', 'POST', `/sites/${w.siteA1}/internal/integrations/pull/rotate`)).statusCode,
      ).toBe(404);
    });
  });
});
