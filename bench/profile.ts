// A CPU profile of the API on PostgreSQL under load, beside the route's pgbench anchor (docs/PERFORMANCE.md,
// "Where the time goes"): `node bench/profile.ts <users|totals|merchant|merchants> [seconds] [profile dir]`.
// Starts the API with `--cpu-prof` (written when it stops), loads the route at 10 connections, runs its
// bench/pgbench script at 10 clients, twice in turns, and prints each figure with the load average beside it.
// Without a profile dir, no profile (a plain side-by-side measurement).
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { load } from './lib/load.ts';
import { pgbench } from './lib/pgbench.ts';
import { READ_ROUTES, type ReadRoute } from './lib/read-routes.ts';
import { startApi } from './lib/server.ts';
import { type BenchWorld, totalsVariables, WORLD_QUERY } from './lib/world.ts';

const ROUTES: Record<string, ReadRoute> = READ_ROUTES;

const [name = 'users', secondsArg = '8', profileDir] = process.argv.slice(2);
const route = ROUTES[name];
if (!route) throw new Error(`unknown route ${name}: ${Object.keys(ROUTES).join(', ')}`);
const seconds = Number(secondsArg);
const uptime = () => execFileSync('uptime').toString().trim();
const port = Number(process.env.BENCH_PORT ?? 3140) + 5;
const api = await startApi({
  kind: 'postgres',
  port,
  nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
});
try {
  const headers = await api.signIn();
  const databaseUrl = api.databaseUrl as string;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const [world] = (await client.query<BenchWorld>(WORLD_QUERY)).rows;
  await client.query('analyze');
  await client.end();
  if (!world) throw new Error('the demo owner has no merchant');
  const url = `${api.url}${route.path(world.merchant)}`;
  await load({ url, connections: 10, seconds: 2, headers });
  for (let round = 0; round < 2; round++) {
    const run = await load({ url, connections: 10, seconds, headers });
    console.log(
      `API ${name}: ${run.requestsPerSecond.toFixed(0)} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, ${run.errors + run.non2xx} errors | ${uptime()}`,
    );
    const anchor = await pgbench({
      databaseUrl,
      script: route.script,
      clients: 10,
      seconds,
      variables: totalsVariables(world),
    });
    console.log(
      `pgbench -M prepared ${route.script}: ${anchor.tps.toFixed(0)} tps → ratio ${(run.requestsPerSecond / anchor.tps).toFixed(2)} | ${uptime()}`,
    );
  }
} finally {
  await api.stop();
}
