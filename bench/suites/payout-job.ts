// Issue 12 §5: the payout job (payouts.build-day: payoutBuildJob → buildPayoutDay, in the merchant's
// row-level-security transaction) for one site's trading day of `--payout-transactions` payments (default
// 100,000), against the bare aggregate query over the same rows (count, amounts and fees at the merchant's
// rates, no writes), in the same run; and the per-day builder it replaced (decision 0092, kept as the tests'
// reference) on the same day in the same RLS transaction, taking turns with it. PostgreSQL only.
import { zonedTimeToInstant } from '@mp/domain/trading-day';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTenantDb } from '../../apps/api/src/access/tenant-db.ts';
import { systemClock } from '../../apps/api/src/clock.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { createRandom } from '../../apps/api/src/db/demo/random.ts';
import { generatePayments } from '../../apps/api/src/db/demo/transactions.ts';
import { refunds, transactions } from '../../apps/api/src/db/schema/index.ts';
import { payoutBuildJob } from '../../apps/api/src/modules/payouts/payout-jobs.ts';
import { CAPTURED_STATUSES } from '../../apps/api/src/modules/transactions/service.ts';
import { referenceBuildPayoutDay } from '../../apps/api/test/helpers/payout-reference.ts';
import { generateMerchant } from '../lib/bench-data.ts';
import type { Benchmark, BenchRow } from '../lib/registry.ts';
import { freshPostgresDatabase, postgresServer } from '../lib/server.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ROUNDS = 3;

export const benchmark: Benchmark = {
  name: 'payouts',
  title: "Payout job for one site's trading day of 100k payments vs the bare aggregate query",
  async run(options): Promise<BenchRow[]> {
    if (!options.postgres) {
      console.log('  skipped: PostgreSQL is not reachable (BENCH_DATABASE_URL)');
      return [];
    }
    const n = options.payoutTransactions;
    const name = `mp_bench_${options.port}_payouts`;
    const url = await freshPostgresDatabase(name);
    // The merchant, its five sites, terminals and rates from the generator (a little traffic of the last day).
    const { merchantId } = await generateMerchant({
      databaseUrl: url,
      transactions: 1000,
      days: 1,
      seed: 21,
    });
    const database = await openDatabase({ url, dataDir: 'memory://' });
    try {
      const { db } = database;
      const [site] = rowsOf<{ id: string; window: string }>(
        await db.execute(sql`select id, settlement_window as window from sites
          where merchant_id = ${merchantId} order by name limit 1`),
      );
      if (!site) throw new Error('no site');
      const deviceIds = rowsOf<{ id: string }>(
        await db.execute(
          sql`select id from devices where merchant_id = ${merchantId} and site_id = ${site.id}`,
        ),
      ).map((row) => row.id);
      // A closed trading day three days back, in the merchant's zone (Europe/London).
      const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const start = zonedTimeToInstant(day, site.window, 'Europe/London');
      const end = zonedTimeToInstant(next, site.window, 'Europe/London');
      const loadStarted = performance.now();
      let batch: (typeof transactions.$inferInsert)[] = [];
      let refundBatch: (typeof refunds.$inferInsert)[] = [];
      const flush = async () => {
        if (batch.length) await db.insert(transactions).values(batch);
        if (refundBatch.length) await db.insert(refunds).values(refundBatch);
        batch = [];
        refundBatch = [];
      };
      for (const payment of generatePayments(createRandom(77), {
        sites: [{ merchantId, siteId: site.id, currency: 'GBP', deviceIds, weight: 1 }],
        count: n,
        from: start,
        to: new Date(end.getTime() - 1000),
      })) {
        batch.push(payment.transaction);
        refundBatch.push(...payment.refunds.filter((r) => r.createdAt < end));
        if (batch.length >= 1000) await flush();
      }
      await flush();
      await db.execute(sql`vacuum analyze transactions, refunds`);
      console.log(
        `  loaded ${n.toLocaleString('en-GB')} payments into ${day} in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`,
      );

      const tenantDb = createTenantDb(database);
      const job = payoutBuildJob({ tenantDb, clock: systemClock, send: async () => null }) as unknown as {
        work(data: { merchantId: string; siteId: string; tradingDay: string }): Promise<void>;
      };
      const captured = sql.join(
        CAPTURED_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      );
      // The bare aggregate: what the payout adds up, read once, nothing written.
      const aggregate = () =>
        db.execute(sql`
          select count(*) as n, sum(t.amount) as amount, sum(t.tip_amount) as tips,
                 sum(floor((t.amount + t.tip_amount) * (case
                   when t.source = 'tap-to-pay' then r.tap_to_pay_percent
                   when t.card_scheme = 'amex' then r.amex_percent
                   when t.card_region = 'domestic' then r.domestic_percent
                   when t.card_region = 'eea' then r.eea_percent
                   when t.card_region = 'global' then r.global_percent
                   else r.other_percent end) / 100 + 0.5) + r.fixed_fee) as fees
            from transactions t join rates r on r.merchant_id = t.merchant_id
           where t.merchant_id = ${merchantId} and t.site_id = ${site.id} and t.currency = 'GBP'
             and t.status in (${captured})
             and t.created_at >= ${start.toISOString()} and t.created_at < ${end.toISOString()}`);
      const undo = async () => {
        await db.execute(sql`delete from ledger_entries where merchant_id = ${merchantId}`);
        await db.execute(sql`delete from payout_days where merchant_id = ${merchantId}`);
        await db.execute(sql`delete from payouts where merchant_id = ${merchantId}`);
      };

      // The per-day builder of decision 0060 on the same day, in the same kind of transaction.
      const reference = () =>
        tenantDb.forMerchant(merchantId, (tx) =>
          referenceBuildPayoutDay(
            tx,
            {
              merchantId,
              siteId: site.id,
              settlementWindow: site.window,
              timeZone: 'Europe/London',
              currency: 'GBP',
            },
            day,
          ),
        );
      const made = async (what: string) => {
        const [counted] = rowsOf<{ n: number; payouts: number; paid: string }>(
          await db.execute(sql`select (select count(*)::int from ledger_entries where merchant_id = ${merchantId}) as n,
            (select count(*)::int from payouts where merchant_id = ${merchantId}) as payouts,
            (select coalesce(sum(amount), 0)::text from payouts where merchant_id = ${merchantId}) as paid`),
        );
        if (!counted?.payouts) throw new Error(`the ${what} made no payout`);
        await undo();
        await db.execute(sql`vacuum analyze ledger_entries, payouts, payout_days`);
        return counted;
      };

      await aggregate();
      const jobSeconds: number[] = [];
      const referenceSeconds: number[] = [];
      const querySeconds: number[] = [];
      let entries = 0;
      for (let round = 0; round < ROUNDS; round++) {
        let started = performance.now();
        await aggregate();
        querySeconds.push((performance.now() - started) / 1000);
        started = performance.now();
        await job.work({ merchantId, siteId: site.id, tradingDay: day });
        jobSeconds.push((performance.now() - started) / 1000);
        const byJob = await made('payout job');
        entries = byJob.n;
        started = performance.now();
        await reference();
        referenceSeconds.push((performance.now() - started) / 1000);
        const byReference = await made('per-day builder');
        if (byReference.n !== byJob.n || byReference.paid !== byJob.paid)
          throw new Error(
            `the job and the per-day builder disagree: ${JSON.stringify({ byJob, byReference })}`,
          );
        console.log(
          `  round ${round + 1}: aggregate ${querySeconds.at(-1)?.toFixed(3)} s; job ${jobSeconds.at(-1)?.toFixed(2)} s; per-day builder ${referenceSeconds.at(-1)?.toFixed(2)} s (${entries.toLocaleString('en-GB')} ledger entries, paid ${byJob.paid} both)`,
        );
      }
      const median = (values: number[]) =>
        [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      const jobS = median(jobSeconds);
      const referenceS = median(referenceSeconds);
      const queryS = median(querySeconds);
      return [
        {
          what: `PostgreSQL: payout job, one site-day of ${n.toLocaleString('en-GB')} payments (${entries.toLocaleString('en-GB')} ledger entries)`,
          value: jobS,
          unit: 's',
          goal: 'recorded (no goal set)',
        },
        {
          what: `PostgreSQL: payout job throughput, same day`,
          value: n / jobS,
          unit: 'payments/s',
          anchor: { what: 'bare aggregate query (count, sums, fees)', value: n / queryS },
          goal: 'recorded (no goal set)',
        },
        {
          what: `PostgreSQL: payout job throughput against the per-day builder it replaced (decision 0092), same day`,
          value: n / jobS,
          unit: 'payments/s',
          anchor: {
            what: 'per-day builder of decision 0060 (insert, then update every entry)',
            value: n / referenceS,
          },
          goal: 'recorded (no goal set)',
        },
      ];
    } finally {
      await database.close();
      const admin = new pg.Client({ connectionString: postgresServer });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  },
};
