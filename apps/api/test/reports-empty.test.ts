import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { createLocalFileStorage } from '../src/adapters/storage/local-file-storage.ts';
import { fixedClock } from '../src/clock.ts';
import { type GenerateReportData, generateReport } from '../src/modules/reports/report-jobs.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// A range with no payments is a report too: its file holds the header only. On PostgreSQL the transactions report
// is written by COPY, whose amount columns are built from the currencies of the rows.
describe('a transactions report of a range without payments', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-04-02T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'EmptyReport');
  });
  afterAll(() => t.close());

  it('is READY with no rows, its file the header only', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/merchants/${w.merchantA}/reports`,
      headers: w.headers('ownerA'),
      payload: { dataType: 'transactions', siteId: w.siteA1, from: '2026-03-01', to: '2026-03-31' },
    });
    expect(created.statusCode, created.body).toBe(202);
    const root = await mkdtemp(join(tmpdir(), 'reports-empty-'));
    const storage = createLocalFileStorage({ root, now: () => clock.now() });
    const errors: unknown[] = [];
    for (const job of t.sentJobs.splice(0))
      await generateReport(
        {
          tenantDb: createTenantDb(t.app.database),
          clock,
          storage,
          log: { warn: () => {}, error: (entry: unknown) => errors.push(entry) },
        },
        job.data as GenerateReportData,
      );
    expect(errors).toEqual([]);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantA}/reports`,
      headers: w.headers('ownerA'),
    });
    const [report] = list.json().data;
    expect(report).toMatchObject({ state: 'READY', rowCount: 0, error: null });
    const file = await readFile(join(root, 'reports', w.merchantA, `${report.id}.csv`), 'utf8');
    const lines = file
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PSP reference');
  });
});
