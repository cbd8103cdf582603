// A diagnosis tool: what the load generator itself costs on this host. Starts the API on a fresh PostgreSQL database
// (as the routes suite does), then loads each route at 10 connections with autocannon (in this process, as the
// suites do) and with wrk (C, two threads as pgbench's -j 2), in turns, and prints per run: req/s, p99, and the CPU time per request
// of the generator, of the API process and of the whole machine (from /proc/stat), with the load average.
//
//   node bench/load-generator-cost.ts [seconds] [rounds] <users|totals|merchant|merchants|healthz>...
//
// On a two-core host the generator shares the cores with the API and PostgreSQL, while the routes' anchor,
// pgbench, is a C client: the figures say how much of the gap between them is the generator's.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { loadWith } from './lib/load.ts';
import { startApi } from './lib/server.ts';
import { type BenchWorld, WORLD_QUERY } from './lib/world.ts';

const [secondsArg, roundsArg, ...names] = process.argv.slice(2);
const seconds = Number(secondsArg ?? 10);
const rounds = Number(roundsArg ?? 2);
const PATHS: Record<string, (merchant: string) => string> = {
  healthz: () => '/api/healthz',
  merchants: () => '/api/merchants',
  merchant: (m) => `/api/v1/merchants/${m}`,
  users: (m) => `/api/v1/merchants/${m}/users`,
  totals: (m) => `/api/v1/merchants/${m}/transactions/totals`,
};
const routes = names.length ? names : ['users'];
for (const name of routes) if (!PATHS[name]) throw new Error(`unknown route ${name}`);

const ticks = Number(process.env.CLK_TCK ?? 100);
/** CPU seconds (user + system) of a process, from /proc. */
function processCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / ticks;
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
  const us = (cpuSeconds: number, requests: number) => ((cpuSeconds / requests) * 1e6).toFixed(0);
  console.log('route | generator | req/s | p99 ms | µs CPU/request: generator, API, machine (all) | load');
  for (const name of routes) {
    const url = `${api.url}${PATHS[name]?.(world.merchant)}`;
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (['autocannon', 'wrk'] as const) : (['wrk', 'autocannon'] as const);
      for (const generator of order) {
        const apiBefore = processCpu(api.pid);
        const machineBefore = machineBusy();
        const result = await loadWith(generator, {
          url,
          connections: 10,
          seconds,
          headers,
          measureCpu: true,
        });
        if (result.errors + result.non2xx > 0)
          throw new Error(`${name} with ${generator}: errors or non-2xx`);
        const apiCpu = processCpu(api.pid) - apiBefore;
        const machine = machineBusy() - machineBefore;
        console.log(
          `${name} | ${generator} | ${result.requestsPerSecond.toFixed(0)} | ${result.p99Ms.toFixed(1)} | ` +
            `${us(result.cpuSeconds ?? Number.NaN, result.total)}, ${us(apiCpu, result.total)}, ${us(machine, result.total)} | ` +
            loadavg()[0]?.toFixed(2),
        );
      }
    }
  }
} finally {
  await api.stop();
}
