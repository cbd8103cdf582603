import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { fileStorageFromConfig } from '../src/adapters/storage/storage-from-config.ts';
import type { FileStorage } from '../src/adapters/storage/storage-port.ts';
import { fixedClock } from '../src/clock.ts';
import { transactions } from '../src/db/schema/index.ts';
import { type GenerateReportData, generateReport } from '../src/modules/reports/report-jobs.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { startS3rver } from './helpers/s3rver.ts';

// Issue 12 §3: with S3_* set, the app and its report job keep report files in the bucket and the download call
// hands out a presigned URL of it, which the browser fetches from the bucket (CORS and CSP allowing it).
describe('reports with S3-compatible storage', () => {
  const PORTAL = 'https://portal.example.test';
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let t: TestApp;
  let w: AccessWorld;
  let storage: FileStorage;
  let reportId: string;
  const clock = fixedClock(new Date('2026-04-02T12:00:00Z'));
  const m = (path: string) => `/api/v1/merchants/${w.merchantA}${path}`;

  beforeAll(async () => {
    s3 = await startS3rver({ portalOrigin: PORTAL });
    t = await createTestApp({ clock, env: { ...s3.env, PORTAL_ORIGIN: PORTAL } });
    w = await createAccessWorld(t.app, 'ReportsS3');
    // The worker's store, made from the same configuration as the app's.
    storage = await fileStorageFromConfig(t.config.files);
    expect(storage.kind).toBe('s3');
    const rows = Array.from({ length: 321 }, (_, i) => {
      const id = randomUUID();
      return {
        merchantId: w.merchantA,
        id,
        siteId: w.siteA1,
        pspReference: `S3${id.replaceAll('-', '').slice(0, 14).toUpperCase()}`,
        amount: 100 + i,
        tipAmount: 0,
        currency: 'GBP',
        status: 'captured',
        source: 'adyen-terminal',
        cardScheme: 'visa',
        cardRegion: 'domestic',
        createdAt: new Date(clock.now().getTime() - (i + 1) * 60_000),
        updatedAt: new Date(clock.now().getTime() - (i + 1) * 60_000),
      } satisfies typeof transactions.$inferInsert;
    });
    await t.app.db.insert(transactions).values(rows);
    const created = await t.app.inject({
      method: 'POST',
      url: m('/reports'),
      headers: w.headers('ownerA'),
      payload: { dataType: 'transactions', siteId: w.siteA1, from: '2026-03-30', to: '2026-04-02' },
    });
    expect(created.statusCode, created.body).toBe(202);
    reportId = created.json().data.reportId;
    const tenantDb = createTenantDb(t.app.database);
    for (const job of t.sentJobs.splice(0))
      await generateReport(
        { tenantDb, clock, storage, log: { warn: () => {}, error: () => {} } },
        job.data as GenerateReportData,
      );
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('downloads the CSV from the bucket through the presigned URL, as many rows as the list shows', async () => {
    const list = await t.app.inject({ method: 'GET', url: m('/reports'), headers: w.headers('ownerA') });
    const report = (list.json().data as { id: string; state: string; rowCount: number }[]).find(
      (row) => row.id === reportId,
    );
    expect(report).toMatchObject({ state: 'READY', rowCount: 321 });
    const download = await t.app.inject({
      method: 'GET',
      url: m(`/reports/${reportId}/download`),
      headers: w.headers('ownerA'),
    });
    expect(download.statusCode, download.body).toBe(200);
    const { url, filename } = download.json().data as { url: string; filename: string };
    expect(url.startsWith(`${s3.config.endpoint}/${s3.config.bucket}/reports/${w.merchantA}/`)).toBe(true);
    expect(url).toContain('X-Amz-Signature=');
    // The portal fetches it cross-origin: the bucket's CORS rule answers the portal's origin.
    const file = await fetch(url, { headers: { origin: PORTAL } });
    expect(file.status).toBe(200);
    expect(file.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(file.headers.get('content-type')).toContain('text/csv');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${filename}"`);
    const text = Buffer.from(await file.arrayBuffer()).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [, ...rows] = parse(text.slice(1)) as string[][];
    expect(rows).toHaveLength(321);
  });

  it('lets the portal connect to the bucket (CSP) and serves no local file route', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(page.headers['content-security-policy']).toContain(`connect-src 'self' ${s3.config.endpoint}`);
    const local = await t.app.inject({ method: 'GET', url: '/api/files?key=x' });
    expect(local.statusCode).toBe(404);
  });

  it('still answers "Report not found" for a foreign report', async () => {
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantB}/reports/${reportId}/download`,
      headers: w.headers('ownerB'),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Report not found');
  });
});
