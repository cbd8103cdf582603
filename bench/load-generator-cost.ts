// A diagnosis tool: where the machine's CPU goes per request. Starts the API on a fresh PostgreSQL database (as the
// routes suite does), then loads each route at 10 connections with autocannon (in this process, as the suites do),
// with wrk (C, two threads as pgbench's -j 2) and, as a third client of the same statements, with pgbench on the
// route's anchor script, in turns; prints per run: req/s (tps), p99, and the CPU time per request of the
// generator, of the API process, of PostgreSQL's processes (read every 100 ms, as pgbench's backends end with its
// run) and of the whole machine (from /proc/stat), with the load average.
//
//   node bench/load-generator-cost.ts [seconds] [rounds] <users|totals|merchant|merchants|healthz>...
//
// On a two-core host the generator shares the cores with the API and PostgreSQL, while the routes' anchor,
// pgbench, is a C client: the figures say how much of the gap between them is the generator's, the API's and
// the server's (docs/PERFORMANCE.md, "The load generator's share").
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { loadWith } from './lib/load.ts';
import { pgbench } from './lib/pgbench.ts';
import { LOADED_ROUTES } from './lib/read-routes.ts';
import { startApi } from './lib/server.ts';
import { type BenchWorld, totalsVariables, WORLD_QUERY } from './lib/world.ts';

const [secondsArg, roundsArg, ...names] = process.argv.slice(2);
const seconds = Number(secondsArg ?? 10);
const rounds = Number(roundsArg ?? 2);
const routes = names.length ? names : ['users'];
for (const name of routes) if (!LOADED_ROUTES[name]) throw new Error(`unknown route ${name}`);

const ticks = Number(process.env.CLK_TCK ?? 100);
/** CPU seconds (user + system) of a process, from /proc; 0 for one that has gone. */
function processCpu(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  } catch {
    return 0;
  }
}
/** CPU seconds of every PostgreSQL server process (its backends and background workers), by name. */
function postgresCpu(): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') cpu.set(pid, processCpu(pid));
    } catch {
      // gone meanwhile
    }
  }
  return cpu;
}
/**
 * The server's CPU seconds while `work` runs: its processes read before, every 100 ms during (pgbench's
 * backends end with its run, so their last reading is kept) and after; a backend that started meanwhile counts
 * from 0.
 */
async function postgresSpentDuring<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const before = postgresCpu();
  const last = new Map(before);
  const read = () => {
    for (const [pid, seconds] of postgresCpu()) last.set(pid, seconds);
  };
  const sampler = setInterval(read, 100);
  try {
    const result = await work();
    read();
    let seconds = 0;
    for (const [pid, spent] of last) seconds += spent - (before.get(pid) ?? 0);
    return { result, seconds };
  } finally {
    clearInterval(sampler);
  }
}
/** Busy CPU seconds of the whole machine (all cores), from /proc/stat. */
function machineBusy(): number {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
  const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / ticks;
}

const api = await startApi({ kind: 'postgres', port: Number(process.env.BENCH_PORT ?? 3140) + 7 });
try {
  const headers = await api.signIn();
  const client = new pg.Client({ connectionString: api.databaseUrl });
  await client.connect();
  const [world] = (await client.query<BenchWorld>(WORLD_QUERY)).rows;
  await client.query('analyze');
  await client.end();
  if (!world) throw new Error('the demo owner has no merchant');
  const databaseUrl = api.databaseUrl ?? '';
  const us = (cpuSeconds: number, requests: number) => ((cpuSeconds / requests) * 1e6).toFixed(0);
  console.log(
    'route | client | req/s (tps) | p99 ms | µs CPU per request: generator, API, PostgreSQL, machine (all) | load',
  );
  for (const name of routes) {
    const route = LOADED_ROUTES[name];
    if (!route) continue;
    const url = `${api.url}${route.path(world.merchant)}`;
    const { script } = route;
    const clients: ('autocannon' | 'wrk' | 'pgbench')[] = [
      'autocannon',
      'wrk',
      ...(script ? ['pgbench' as const] : []),
    ];
    for (let round = 0; round < rounds; round++) {
      // Each round starts with the next client, so none always runs first.
      const order = clients.map((_, i) => clients[(i + round) % clients.length] ?? 'autocannon');
      for (const client of order) {
        const apiBefore = processCpu(api.pid);
        const machineBefore = machineBusy();
        const { result: run, seconds: server } = await postgresSpentDuring(async () => {
          if (client === 'pgbench') {
            // As the routes suite: every script takes its variables from the totals' (merchant, user, period).
            const anchor = await pgbench({
              databaseUrl,
              script: script ?? '',
              clients: 10,
              seconds,
              variables: totalsVariables(world),
            });
            return {
              rate: anchor.tps,
              p99: anchor.p99Ms,
              total: anchor.tps * seconds,
              generatorCpu: Number.NaN,
            };
          }
          const load = await loadWith(client, { url, connections: 10, seconds, headers, measureCpu: true });
          if (load.errors + load.non2xx > 0) throw new Error(`${name} with ${client}: errors or non-2xx`);
          return {
            rate: load.requestsPerSecond,
            p99: load.p99Ms,
            total: load.total,
            generatorCpu: load.cpuSeconds ?? Number.NaN,
          };
        });
        const apiCpu = client === 'pgbench' ? Number.NaN : processCpu(api.pid) - apiBefore;
        const machine = machineBusy() - machineBefore;
        console.log(
          `${name} | ${client} | ${run.rate.toFixed(0)} | ${run.p99.toFixed(1)} | ` +
            [run.generatorCpu, apiCpu, server, machine]
              .map((cpu) => (Number.isNaN(cpu) ? '—' : us(cpu, run.total)))
              .join(', ') +
            ` | ${loadavg()[0]?.toFixed(2)}`,
        );
      }
    }
  }
} finally {
  await api.stop();
}
