// Issue 11 §5 / issue 16 §1: GET /api/v1/merchants/{id}/transactions for one merchant with `--list-transactions`
// (default 1,000,000) transactions on PostgreSQL, through the whole API process (HTTP, token, access check,
// service, database) at 10 connections, against the exact statements that request sends, run with pgbench
// -M prepared at 10 clients on the same database in the same run: the first page as the portal asks for it (its
// default date range, the last 30 days, with the per-currency totals of the filtered set), a deep page (the
// `lastKey` of page 200 followed, then that page loaded), filtered first pages (a status, a card's last four, a
// 6-month range) and the 30-day totals route. The API and its anchor take turns three times; medians, p99.
//
// The statements are taken from the API itself: it runs with `bench/lib/statement-log.ts` preloaded, each
// request is sent once with the log open, and what it sent (texts and bound values) becomes its pgbench script
// (`$n` and the merchant and user ids turned into variables). bench/pgbench/list-*.sql hold the scripts of the
// last recorded run, for running by hand; the run says when the API's statements no longer match them.
//
// One database is generated per run (apps/api/scripts/generate-data.ts, COPY; `mp_bench_<port>_list`, dropped
// after) and every measurement reuses it; `--list-database URL` measures an already generated one instead
// (e.g. 10M transactions, docs/PERFORMANCE.md) and leaves it as it is.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { addMonths } from '../../packages/domain/src/schemas/date-range.ts';
import { generateMerchant } from '../lib/bench-data.ts';
import { load } from '../lib/load.ts';
import { pgbench, pgbenchAvailable } from '../lib/pgbench.ts';
import type { Benchmark, BenchRow } from '../lib/registry.ts';
import { freshPostgresDatabase, postgresServer, repoRoot, startApi } from '../lib/server.ts';
import type { LoggedStatement } from '../lib/statement-log.ts';

const CONNECTIONS = 10;
const ROUNDS = 3;
/** How far the deep page is: this many pages followed through `lastKey` (50 rows each). */
const DEEP_PAGE = 200;
const DAYS = 90;
const SEED = 13;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const uptime = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

interface Page {
  data: { cardLastFour?: string; card: { lastFour: string | null } }[];
  lastKey: string | null;
}

/** A generated merchant on `databaseUrl`: its id, its owner's id and sign-in (the generator's seed decides them). */
async function generatedMerchant(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ merchant: string; user: string; email: string; count: string }>(`
      select m.id as merchant, u.id as "user", u.email,
             (select sum(d.count) from transaction_daily_totals d where d.merchant_id = m.id)::text as count
        from merchants m
        join merchant_memberships mm on mm.merchant_id = m.id
        join users u on u.id = mm.user_id and u.email like 'bench.owner.%@example.com'
       order by 4 desc nulls last limit 1`);
    const found = rows[0];
    const seed = found ? /^bench\.owner\.(\d+)@/.exec(found.email)?.[1] : undefined;
    if (!found || !seed) throw new Error(`no generated merchant in ${databaseUrl}`);
    // pgbench's first runs see fresh statistics, as the API's do.
    await client.query('analyze');
    return {
      merchant: found.merchant,
      user: found.user,
      transactions: Number(found.count),
      owner: { email: found.email, password: `Bench-owner-${seed}A` },
    };
  } finally {
    await client.end();
  }
}

/**
 * A pgbench script from the statements one request sent: each statement on its own, `$n` replaced by variables
 * (one per distinct value), the merchant and user ids (bound or written into the text) by :merchant and :user.
 */
export function scriptOf(
  title: string,
  statements: readonly LoggedStatement[],
  ids: { merchant: string; user: string },
): { script: string; variables: Record<string, string> } {
  const variables: Record<string, string> = { merchant: ids.merchant, user: ids.user };
  const names = new Map<string, string>([
    [ids.merchant, 'merchant'],
    [ids.user, 'user'],
  ]);
  const lines = [`-- ${title}: the statements the API sent for it (bench/suites/transactions-list.ts).`];
  for (const statement of statements) {
    let text = statement.text
      .replaceAll(`'${ids.merchant}'`, ':merchant')
      .replaceAll(`'${ids.user}'`, ':user')
      .replace(/\$(\d+)\b/g, (_all, n: string) => {
        const value = statement.values[Number(n) - 1];
        if (value === null || value === undefined)
          throw new Error(`${title}: a NULL parameter in ${statement.text}`);
        const key = String(value);
        let name = names.get(key);
        if (!name) {
          name = `v${names.size - 1}`;
          names.set(key, name);
          variables[name] = key;
        }
        return `:${name}`;
      })
      .trim();
    if (!text.endsWith(';')) text += ';';
    // Several statements in one text outside a transaction (the access check's context, role and call) run as
    // one implicit transaction on the simple protocol; pgbench sends them one by one, so they get a block.
    const several = /;\s*\S/.test(text.slice(0, -1));
    lines.push(several && !/^begin\b/i.test(text) ? `BEGIN;\n${text}\nCOMMIT;` : text);
  }
  const values = Object.entries(variables)
    .map(([name, value]) => `-D ${name}='${value}'`)
    .join(' ');
  lines.splice(
    1,
    0,
    `-- Its values in the recorded run (merchant and user: the generated owner's): ${values}`,
  );
  return { script: `${lines.join('\n')}\n`, variables };
}

/** The script with its values as names only (and the instants written into texts out), for comparing. */
const shape = (script: string) =>
  script
    .split('\n')
    .filter((line) => !line.startsWith('--'))
    .join('\n')
    .replace(/:v\d+/g, ':v')
    .replace(/'\d{4}-\d\d-\d\dT[\d:.]+Z'/g, "'…'");

export const benchmark: Benchmark = {
  name: 'list',
  title:
    'the transactions list (first, deep and filtered 50-row pages) and the 30-day totals, one merchant with 1M transactions',
  async run(options): Promise<BenchRow[]> {
    if (!options.postgres || !(await pgbenchAvailable())) {
      console.log('  skipped: PostgreSQL or pgbench is not available');
      return [];
    }
    const n = options.listTransactions;
    const own = options.listDatabase === undefined;
    const databaseUrl =
      options.listDatabase ?? (await freshPostgresDatabase(`mp_bench_${options.port}_list`));
    const work = await mkdtemp(join(tmpdir(), 'mp-bench-list-'));
    const log = join(work, 'statements.jsonl');
    let api: Awaited<ReturnType<typeof startApi>> | undefined;
    try {
      if (own) {
        const loaded = await generateMerchant({ databaseUrl, transactions: n, days: DAYS, seed: SEED });
        console.log(
          `  generated ${n.toLocaleString('en-GB')} transactions in ${loaded.seconds.toFixed(0)} s (load ${uptime()})`,
        );
      }
      const world = await generatedMerchant(databaseUrl);
      const size = `${(world.transactions / 1e6).toLocaleString('en-GB')}M`;
      api = await startApi({
        kind: 'postgres',
        port: options.port + 3,
        databaseUrl,
        nodeArgs: ['--import', resolve(repoRoot, 'bench/lib/statement-log.ts')],
        // No simulated payments: one written while a request's statements are logged became part of its script.
        env: { BENCH_STATEMENT_LOG: log, PSP_SIMULATOR_RATE: '0' },
      });
      const running = api;
      const headers = await api.signInAs(world.owner.email, world.owner.password);
      const base = `/api/v1/merchants/${world.merchant}`;

      /** What one request sends to the database. */
      async function statementsOf(path: string): Promise<LoggedStatement[]> {
        // Once before, so what is remembered for a while (the session check, 30 s) is not in the script.
        await running.get(path, headers);
        await writeFile(log, '');
        await running.get(path, headers);
        const text = await readFile(log, 'utf8');
        await rm(log);
        // The jobs running in the process (pg-boss's polls) are not the request's.
        return text
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as LoggedStatement)
          .filter((statement) => !/\bpgboss\./.test(statement.text));
      }

      // The cases: the deep page's key is found by following the pages as the portal does.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
      const sixMonthsBack = addMonths(new Date(`${today}T00:00:00Z`), -6)
        .toISOString()
        .slice(0, 10);
      const first = await running.get<Page>(`${base}/transactions?includeTotals=true`, headers);
      let key = first.lastKey;
      for (let page = 1; page < DEEP_PAGE && key; page++)
        key = (await running.get<Page>(`${base}/transactions?lastKey=${encodeURIComponent(key)}`, headers))
          .lastKey;
      if (!key) throw new Error(`fewer than ${DEEP_PAGE} pages in the last 30 days`);
      const lastFour = first.data[0]?.card.lastFour;
      if (!lastFour) throw new Error('the newest transaction has no card');
      const cases = [
        {
          name: 'first',
          label: 'first page (last 30 days, with totals)',
          path: `${base}/transactions?includeTotals=true`,
        },
        {
          name: 'deep',
          label: `page ${DEEP_PAGE} (lastKey)`,
          path: `${base}/transactions?lastKey=${encodeURIComponent(key)}`,
        },
        {
          name: 'status',
          label: 'first page, status refunded (with totals)',
          path: `${base}/transactions?status=refunded&includeTotals=true`,
        },
        {
          name: 'card',
          label: 'first page, card last four (with totals)',
          path: `${base}/transactions?card=${lastFour}&includeTotals=true`,
        },
        {
          name: 'six-months',
          label: 'first page, 6 months (with totals)',
          path: `${base}/transactions?from=${sixMonthsBack}&to=${today}&includeTotals=true`,
        },
        { name: 'totals', label: 'GET …/transactions/totals (30 days)', path: `${base}/transactions/totals` },
      ];

      const rows: BenchRow[] = [];
      for (const c of cases) {
        const { script, variables } = scriptOf(
          `GET ${c.path.replace(world.merchant, '{id}')}`,
          await statementsOf(c.path),
          world,
        );
        const committed = resolve(repoRoot, 'bench/pgbench', `list-${c.name}.sql`);
        const known = await readFile(committed, 'utf8').catch(() => '');
        if (shape(known) !== shape(script))
          console.log(
            `  note: bench/pgbench/list-${c.name}.sql differs from what the API sent; this run used what it sent`,
          );
        const file = join(work, `list-${c.name}.sql`);
        await writeFile(file, script);
        if (process.env.BENCH_LIST_SCRIPTS)
          await writeFile(join(process.env.BENCH_LIST_SCRIPTS, `list-${c.name}.sql`), script);
        const apiRuns: { requestsPerSecond: number; p99Ms: number }[] = [];
        const anchorRuns: { tps: number; p99Ms: number }[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const run = await load({
            url: `${running.url}${c.path}`,
            connections: CONNECTIONS,
            seconds: options.seconds,
            headers,
          });
          if (run.errors + run.non2xx > 0)
            throw new Error(`${c.label}: ${run.errors} errors, ${run.non2xx} non-2xx`);
          apiRuns.push(run);
          const anchor = await pgbench({
            databaseUrl,
            script: file,
            clients: CONNECTIONS,
            seconds: options.seconds,
            variables,
          });
          anchorRuns.push(anchor);
          console.log(
            `  ${c.name} round ${round + 1} (load ${uptime()}): API ${run.requestsPerSecond.toFixed(0)} req/s, p99 ${run.p99Ms} ms; pgbench ${anchor.tps.toFixed(0)} tps, p99 ${anchor.p99Ms.toFixed(1)} ms`,
          );
        }
        const rate = median(apiRuns.map((r) => r.requestsPerSecond));
        const p99 = median(apiRuns.map((r) => r.p99Ms));
        const tps = median(anchorRuns.map((r) => r.tps));
        rows.push({
          what: `postgres, ${size} transactions: ${c.label}`,
          value: rate,
          unit: 'req/s',
          anchor: {
            what: `pgbench -M prepared, 10 clients (its statements, bench/pgbench/list-${c.name}.sql)`,
            value: tps,
          },
          goal: '≥ 0.5× anchor',
          met: rate >= 0.5 * tps,
        });
        rows.push({
          what: `postgres, ${size} transactions: ${c.label} p99 at 10 connections`,
          value: p99,
          unit: 'ms',
          goal: '≤ 10 ms',
          met: p99 <= 10,
        });
        // What the statements alone take at the same concurrency on this machine: the p99 goal's floor.
        rows.push({
          what: `postgres, ${size} transactions: ${c.label}, its statements alone (pgbench, 10 clients): p99`,
          value: median(anchorRuns.map((r) => r.p99Ms)),
          unit: 'ms',
          goal: 'reference',
        });
      }
      return rows;
    } finally {
      await api?.stop();
      await rm(work, { recursive: true, force: true });
      if (own) {
        const admin = new pg.Client({ connectionString: postgresServer });
        await admin.connect();
        await admin.query(`drop database if exists mp_bench_${options.port}_list with (force)`);
        await admin.end();
      }
    }
  },
};
