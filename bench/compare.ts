// Two checkouts of the repository side by side (docs/PERFORMANCE.md): `node bench/compare.ts <before dir>
// <after dir> [seconds] [rounds] <users|totals|merchant|merchants|healthz>...`. Starts each checkout's API on
// PostgreSQL at once (ports BENCH_PORT+1 and +2, default 3141/3142, databases `<BENCH_DB_PREFIX>_before` and
// `_after`, default prefix `compare`), then for every route takes turns: before, after, each followed by its
// own checkout's bench/pgbench script at the same concurrency (10), the order swapped every round; prints every
// run with the load average and the medians. NODE_ARGS_BEFORE / NODE_ARGS_AFTER add node flags to either API
// (e.g. the same checkout twice, with and without a flag). Beside each run, the API process's own CPU time per
// request (user + system from /proc/<pid>/stat over the run): it moves far less with the machine's load than
// the throughput does, so a lever that saves a few per cent of the API's work shows there first. Copy a checkout's sources elsewhere first when you
// keep editing it while this runs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import type { LoadResult } from './lib/load.ts';
import { LOADED_ROUTES } from './lib/read-routes.ts';
import type { RunningApi } from './lib/server.ts';
import type { BenchWorld } from './lib/world.ts';

const ROUTES = LOADED_ROUTES;

const [beforeArg, afterArg, secondsArg = '3', roundsArg = '5', ...routes] = process.argv.slice(2);
if (!beforeArg || !afterArg || routes.length === 0 || routes.some((r) => !ROUTES[r]))
  throw new Error(
    `usage: compare.ts <before> <after> [seconds] [rounds] <${Object.keys(ROUTES).join('|')}>...`,
  );
const seconds = Number(secondsArg);
const rounds = Number(roundsArg);
const basePort = Number(process.env.BENCH_PORT ?? 3140);
const prefix = process.env.BENCH_DB_PREFIX ?? 'compare';
const anchorText = (tps: number, rps: number) =>
  Number.isNaN(tps) ? 'no anchor' : `anchor ${tps.toFixed(0)} tps | ratio ${(rps / tps).toFixed(2)}`;
const loadAverage = () => /load average: (.*)$/.exec(execFileSync('uptime').toString().trim())?.[1] ?? '?';

interface Side {
  name: 'before' | 'after';
  api: RunningApi;
  headers: Record<string, string>;
  world: BenchWorld;
  variables: Record<string, string>;
  databaseUrl: string;
  load(options: {
    url: string;
    connections: number;
    seconds: number;
    headers: Record<string, string>;
  }): Promise<LoadResult>;
  pgbench(options: {
    databaseUrl: string;
    script: string;
    clients: number;
    seconds: number;
    variables: Record<string, string>;
  }): Promise<{ tps: number }>;
}

async function startSide(name: Side['name'], dir: string, port: number): Promise<Side> {
  // Each checkout's own harness: its API, its pgbench scripts.
  const lib = (file: string) => import(resolve(dir, 'bench/lib', file));
  const server = (await lib('server.ts')) as typeof import('./lib/server.ts');
  const { load } = (await lib('load.ts')) as typeof import('./lib/load.ts');
  const { pgbench } = (await lib('pgbench.ts')) as typeof import('./lib/pgbench.ts');
  const { WORLD_QUERY, totalsVariables } = (await lib('world.ts')) as typeof import('./lib/world.ts');
  const databaseUrl = await server.freshPostgresDatabase(`${prefix}_${name}`);
  const nodeArgs = (process.env[`NODE_ARGS_${name.toUpperCase()}`] ?? '').split(' ').filter(Boolean);
  const api = await server.startApi({ kind: 'postgres', port, databaseUrl, nodeArgs });
  const headers = await api.signIn();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const [world] = (await client.query<BenchWorld>(WORLD_QUERY)).rows;
  await client.query('analyze');
  await client.end();
  if (!world) throw new Error(`${name}: the demo owner has no merchant`);
  return { name, api, headers, world, variables: totalsVariables(world), databaseUrl, load, pgbench };
}

/** CPU seconds (user + system) the process has used so far (/proc/<pid>/stat, clock ticks of 1/100 s). */
const cpuSeconds = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};

const sides: Side[] = [];
try {
  sides.push(await startSide('before', resolve(beforeArg), basePort + 1));
  sides.push(await startSide('after', resolve(afterArg), basePort + 2));
  for (const name of routes) {
    const route = ROUTES[name] as (typeof ROUTES)[string];
    const url = (side: Side) => `${side.api.url}${route.path(side.world.merchant)}`;
    for (const side of sides)
      await side.load({ url: url(side), connections: 10, seconds: 2, headers: side.headers });
    const runs = new Map<string, { rps: number[]; p99: number[]; tps: number[]; cpu: number[] }>();
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const cpuBefore = cpuSeconds(side.api.pid);
        const run = await side.load({ url: url(side), connections: 10, seconds, headers: side.headers });
        const cpuPerRequest = ((cpuSeconds(side.api.pid) - cpuBefore) / run.total) * 1e6;
        const tps = route.script
          ? (
              await side.pgbench({
                databaseUrl: side.databaseUrl,
                script: route.script,
                clients: 10,
                seconds,
                variables: side.variables,
              })
            ).tps
          : NaN;
        const kept = runs.get(side.name) ?? { rps: [], p99: [], tps: [], cpu: [] };
        runs.set(side.name, kept);
        kept.rps.push(run.requestsPerSecond);
        kept.p99.push(run.p99Ms);
        kept.tps.push(tps);
        kept.cpu.push(cpuPerRequest);
        console.log(
          `${name} ${side.name} round ${round + 1}: ${run.requestsPerSecond.toFixed(0)} req/s, p99 ${run.p99Ms} ms, ${run.errors + run.non2xx} errors, API CPU ${cpuPerRequest.toFixed(0)} µs/request | ${anchorText(tps, run.requestsPerSecond)} | load ${loadAverage()}`,
        );
      }
    }
    for (const [side, kept] of runs) {
      const ratios = kept.rps.map((rps, i) => rps / (kept.tps[i] ?? NaN));
      console.log(
        `median ${name} ${side}: ${median(kept.rps).toFixed(0)} req/s, p99 ${median(kept.p99)} ms, API CPU ${median(kept.cpu).toFixed(0)} µs/request, ${anchorText(median(kept.tps), median(kept.rps))} (rounds ${ratios.map((r) => r.toFixed(2)).join(' ')})`,
      );
    }
  }
} finally {
  for (const side of sides) await side.api.stop();
}
