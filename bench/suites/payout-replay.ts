// Issue 12 §2 and §5: the demo world's payouts and ledger (what `npm start` builds on an empty PGlite), replayed
// by `replayPayouts` (each site's days in one set-based `buildPayoutDays` call, then the bank day by day) against
// the per-day builder it replaced (decision 0092; kept as the tests' reference) with the bank between the days,
// on the same seeded world, taking turns; both must pay the same. PGlite in memory, no server.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { replayPayouts } from '../../apps/api/src/db/demo/payouts.ts';
import { seedDemoWorld } from '../../apps/api/src/db/seed.ts';
import { referenceReplay } from '../../apps/api/test/helpers/payout-reference.ts';
import type { Benchmark, BenchRow } from '../lib/registry.ts';

const ROUNDS = 2;
const DAYS = 90;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface Site {
  siteId: string;
  settlementWindow: string;
}
interface Merchant {
  id: string;
  currency: string;
  timeZone: string;
  sites: Site[];
}

export const benchmark: Benchmark = {
  name: 'payout-replay',
  title: "The demo world's payouts and ledger: set-based replay vs the per-day builder it replaced (PGlite)",
  async run(): Promise<BenchRow[]> {
    const now = new Date('2026-11-23T10:00:00Z');
    const from = new Date(now.getTime() - DAYS * 86_400_000);
    const database = await openDatabase({ url: undefined, dataDir: 'memory://' });
    try {
      const { db } = database;
      await database.migrate();
      let started = performance.now();
      const world = await seedDemoWorld(db, { now });
      const seedSeconds = (performance.now() - started) / 1000;
      console.log(
        `  demo world seeded in ${seedSeconds.toFixed(1)} s (${world.counts.payouts} payouts, ${world.counts.ledgerEntries} entries)`,
      );
      const merchants: Merchant[] = [];
      for (const m of rowsOf<{ id: string; currency: string; time_zone: string }>(
        await db.execute(sql`select id, currency, time_zone from merchants order by id`),
      )) {
        const sites = rowsOf<{ id: string; settlement_window: string }>(
          await db.execute(
            sql`select id, settlement_window from sites where merchant_id = ${m.id} order by created_at, id`,
          ),
        ).map((s) => ({ siteId: s.id, settlementWindow: s.settlement_window }));
        merchants.push({ id: m.id, currency: m.currency, timeZone: m.time_zone, sites });
      }
      const seconds = { reference: [] as number[], replay: [] as number[] };
      let siteDays = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const paid: Record<string, string> = {};
        for (const kind of ['reference', 'replay'] as const) {
          let ms = 0;
          let passDays = 0;
          for (const m of merchants) {
            await db.execute(sql`delete from ledger_entries where merchant_id = ${m.id}`);
            await db.execute(sql`delete from payout_days where merchant_id = ${m.id}`);
            await db.execute(sql`delete from payouts where merchant_id = ${m.id}`);
            started = performance.now();
            await db.transaction(async (tx) => {
              if (kind === 'replay')
                await replayPayouts(tx, {
                  merchantId: m.id,
                  currency: m.currency,
                  timeZone: m.timeZone,
                  sites: m.sites,
                  from,
                  now,
                });
              else
                passDays += await referenceReplay(tx, {
                  merchantId: m.id,
                  currency: m.currency,
                  timeZone: m.timeZone,
                  sites: m.sites,
                  from,
                  now,
                });
            });
            ms += performance.now() - started;
          }
          const [made] = rowsOf<{ made: string }>(
            await db.execute(sql`select (select count(*) from ledger_entries) || ' entries, '
              || (select count(*) from payouts) || ' payouts, ' || (select coalesce(sum(amount), 0) from payouts)
              || ' paid' as made`),
          );
          paid[kind] = made?.made ?? '';
          if (kind === 'reference') siteDays = passDays;
          seconds[kind].push(ms / 1000);
        }
        if (paid.reference !== paid.replay) throw new Error(`the replays disagree: ${JSON.stringify(paid)}`);
        console.log(
          `  round ${round + 1}: per-day builder ${seconds.reference.at(-1)?.toFixed(2)} s; set-based ${seconds.replay.at(-1)?.toFixed(2)} s (${paid.replay} both)`,
        );
      }
      const median = (values: number[]) =>
        [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      return [
        {
          what: `PGlite: demo world seed (seedDemoWorld, ${world.counts.transactions.toLocaleString('en-GB')} payments, replay included)`,
          value: seedSeconds,
          unit: 's',
          goal: 'recorded (no goal set)',
        },
        {
          what: `PGlite: demo world payout replay (${siteDays} site-days, bank included)`,
          value: siteDays / median(seconds.replay),
          unit: 'site-days/s',
          anchor: {
            what: 'per-day builder of decision 0060, bank between the days',
            value: siteDays / median(seconds.reference),
          },
          goal: 'recorded (no goal set)',
        },
      ];
    } finally {
      await database.close();
    }
  },
};
