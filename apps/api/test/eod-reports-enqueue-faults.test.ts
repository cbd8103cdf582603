import { eq } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { fixedClock } from '../src/clock.ts';
import { sites } from '../src/db/schema/index.ts';
import {
  EOD_FAILED_REASON,
  EOD_MAKE_JOB,
  eodScheduleJob,
  type MakeEodData,
  makeEodReport,
} from '../src/modules/eod-reports/eod-jobs.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// An end-of-day report asked for is a row made NEW and a make-day job. The job is queued after the row commits: a
// queue that refuses it (a lost connection), or a process killed between the two, must not leave the report NEW
// for ever: the schedule, which makes every closed day that has no report, skipped a day whose row was NEW.
describe('an end-of-day report whose job was never queued', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-03-29T12:00:00Z'));
  const quiet = { warn: () => {}, error: () => {} };
  let queueDown = false;
  const queued: MakeEodData[] = [];

  const ask = (tradingDay: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/merchants/${w.merchantA}/eod-reports`,
      headers: w.headers('ownerA'),
      payload: { siteId: w.siteA1, tradingDay },
    });
  const reportOf = async (tradingDay: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantA}/eod-reports?siteId=${w.siteA1}&from=${tradingDay}&to=${tradingDay}`,
      headers: w.headers('ownerA'),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { state: string; error: string | null }[];
  };

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      jobs: {
        send: async (name, data) => {
          if (queueDown) throw new Error('Connection terminated unexpectedly');
          expect(name).toBe(EOD_MAKE_JOB);
          queued.push(data as MakeEodData);
          return null;
        },
      },
    });
    w = await createAccessWorld(t.app, 'EodQueue');
    await t.app.db
      .update(sites)
      .set({ createdAt: new Date('2026-03-01T00:00:00Z') })
      .where(eq(sites.id, w.siteA1));
  });
  afterAll(() => t.close());

  it('answers 503 and shows the report ERROR (ask again), not NEW for ever; asked again, it is made', async () => {
    queueDown = true;
    const refused = await ask('2026-03-20');
    queueDown = false;
    expect(refused.statusCode, refused.body).toBe(503);
    expect(await reportOf('2026-03-20')).toEqual([
      expect.objectContaining({ state: 'ERROR', error: EOD_FAILED_REASON }),
    ]);

    expect((await ask('2026-03-20')).statusCode).toBe(202);
    const tenantDb = createTenantDb(t.app.database);
    for (const job of queued.splice(0)) await makeEodReport({ tenantDb, clock }, job);
    expect(await reportOf('2026-03-20')).toEqual([expect.objectContaining({ state: 'READY' })]);
  });

  it('the schedule makes a day whose report was left NEW with no job (a process killed in between)', async () => {
    // The request's row committed; its job was never sent (the process died before).
    const tenantDb = createTenantDb(t.app.database);
    const day = '2026-03-27';
    await tenantDb.forMerchant(w.merchantA, async (tx) => {
      const { eodReportsRepository } = await import('../src/modules/eod-reports/repository.ts');
      await eodReportsRepository.upsert(tx, {
        merchantId: w.merchantA,
        siteId: w.siteA1,
        tradingDay: day,
        currency: 'GBP',
        origin: 'requested',
        createdBy: w.users.ownerA.id,
      });
    });
    expect((await reportOf(day))[0]?.state).toBe('NEW');

    const sent: MakeEodData[] = [];
    await eodScheduleJob({
      tenantDb,
      clock,
      log: quiet,
      send: async (_name, data) => {
        sent.push(data as MakeEodData);
        return null;
      },
    }).work({}, {} as Job<object>);
    const mine = sent.filter((job) => job.siteId === w.siteA1 && job.tradingDay === day);
    expect(mine).toHaveLength(1);
    for (const job of mine) await makeEodReport({ tenantDb, clock }, job);
    expect((await reportOf(day))[0]?.state).toBe('READY');
  });
});
