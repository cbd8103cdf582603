// Every read route through the whole API process (HTTP, token, access check, service, database), at 10
// connections, against its own SQL (tenant wrapper included) run directly on the same database at the same
// concurrency in the same run: pgbench -M prepared on PostgreSQL, an in-process loop on PGlite. Also the API
// process's memory after the load, and under a longer load of the four routes together (sampled every second:
// the peak and the median, i.e. steady). The API and its anchor take turns, three rounds each; medians.
import pg from 'pg';
import { fromPglite, openPglite } from '../../apps/api/src/db/pglite-database.ts';
import { maintainPglite } from '../../apps/api/src/db/pglite-maintenance.ts';
import { seedDemoWorld } from '../../apps/api/src/db/seed.ts';
import { closedLoopGenerator, load } from '../lib/load.ts';
import { pgbench, pgbenchAvailable } from '../lib/pgbench.ts';
import { READ_ROUTES } from '../lib/read-routes.ts';
import type { Benchmark, BenchRow } from '../lib/registry.ts';
import { type DatabaseKind, startApi } from '../lib/server.ts';
import { scriptThroughput } from '../lib/sql-script.ts';
import { type BenchWorld, totalsVariables, WORLD_QUERY } from '../lib/world.ts';

const CONNECTIONS = 10;
/** The API and its anchor take turns this many times; the medians are reported (a shared machine drifts). */
const ROUNDS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const ROUTES = Object.values(READ_ROUTES);

/** The anchor of one database kind: the script's transactions per second on that database. */
type Anchor = (script: string, variables: Record<string, string>) => Promise<number>;

async function pgliteAnchor(
  seconds: number,
): Promise<{ anchor: Anchor; world: BenchWorld; close(): Promise<void> }> {
  // The API's own PGlite settings (shared buffers), so the anchor runs the same embedded server.
  const client = await openPglite('memory://');
  const database = fromPglite(client);
  await database.migrate();
  await seedDemoWorld(database.db);
  // The maintenance pass the API's process runs as it starts (decision 0128): both sides plan with statistics.
  await maintainPglite(client);
  const [world] = (await client.query<BenchWorld>(WORLD_QUERY)).rows;
  if (!world) throw new Error('the demo owner has no merchant');
  return {
    world,
    anchor: (script, variables) =>
      scriptThroughput(client, script, variables, { concurrency: CONNECTIONS, seconds }),
    close: () => client.close(),
  };
}

async function postgresWorld(databaseUrl: string): Promise<BenchWorld> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [world] = (await client.query<BenchWorld>(WORLD_QUERY)).rows;
    if (!world) throw new Error('the demo owner has no merchant');
    // pgbench's first runs see fresh statistics, as the API's do.
    await client.query('analyze');
    return world;
  } finally {
    await client.end();
  }
}

async function routesOn(
  kind: DatabaseKind,
  port: number,
  seconds: number,
  mixSeconds: number,
): Promise<BenchRow[]> {
  const api = await startApi({ kind, port });
  const rows: BenchRow[] = [];
  let anchorSide: { anchor: Anchor; world: BenchWorld; close(): Promise<void> } | undefined;
  try {
    const headers = await api.signIn();
    if (kind === 'postgres') {
      const databaseUrl = api.databaseUrl as string;
      anchorSide = {
        world: await postgresWorld(databaseUrl),
        anchor: async (script, variables) =>
          (await pgbench({ databaseUrl, script, clients: CONNECTIONS, seconds, variables })).tps,
        close: async () => {},
      };
    } else anchorSide = await pgliteAnchor(seconds);
    const { world, anchor } = anchorSide;
    const anchorName = kind === 'postgres' ? 'pgbench -M prepared, 10 clients' : 'in-process PGlite loop';

    const health = await load({ url: `${api.url}/api/healthz`, connections: CONNECTIONS, seconds });
    rows.push({
      what: `${kind}: GET /api/healthz (no database; HTTP load by ${closedLoopGenerator})`,
      value: health.requestsPerSecond,
      unit: 'req/s',
      goal: 'reference',
    });
    for (const route of ROUTES) {
      const apiRuns: { requestsPerSecond: number; p99Ms: number }[] = [];
      const anchorRuns: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const run = await load({
          url: `${api.url}${route.path(world.merchant)}`,
          connections: CONNECTIONS,
          seconds,
          headers,
        });
        if (run.errors + run.non2xx > 0)
          throw new Error(`${route.label} on ${kind}: ${run.errors} errors, ${run.non2xx} non-2xx`);
        apiRuns.push(run);
        anchorRuns.push(await anchor(route.script, totalsVariables(world)));
      }
      const result = {
        requestsPerSecond: median(apiRuns.map((r) => r.requestsPerSecond)),
        p99Ms: median(apiRuns.map((r) => r.p99Ms)),
      };
      const tps = median(anchorRuns);
      rows.push({
        what: `${kind}: ${route.label}`,
        value: result.requestsPerSecond,
        unit: 'req/s',
        anchor: { what: `${anchorName} (bench/pgbench/${route.script})`, value: tps },
        goal: '≥ 0.5× anchor',
        met: result.requestsPerSecond >= 0.5 * tps,
      });
      rows.push({
        what: `${kind}: ${route.label} p99 at 10 connections`,
        value: result.p99Ms,
        unit: 'ms',
        goal: kind === 'postgres' ? '≤ 10 ms' : 'reference',
        ...(kind === 'postgres' ? { met: result.p99Ms <= 10 } : {}),
      });
    }
    const rss = await api.rssMiB();
    rows.push({
      what: `${kind}: API process resident memory after the load`,
      value: rss,
      unit: 'MiB',
      goal: 'reference',
    });
    // Issue 16 §2: the four routes together for mixSeconds, the process's RSS read every second.
    const samples: number[] = [];
    const sampler = setInterval(() => {
      api.rssMiB().then(
        (value) => samples.push(value),
        () => undefined,
      );
    }, 1000);
    let mix: Awaited<ReturnType<typeof load>>;
    try {
      mix = await load({
        url: api.url,
        connections: CONNECTIONS,
        seconds: mixSeconds,
        headers,
        requests: ROUTES.map((route) => ({ path: route.path(world.merchant) })),
      });
    } finally {
      clearInterval(sampler);
    }
    if (mix.errors + mix.non2xx > 0)
      throw new Error(`the routes together on ${kind}: ${mix.errors} errors, ${mix.non2xx} non-2xx`);
    const steady = median(samples);
    rows.push({
      what: `${kind}: API process resident memory under ${mixSeconds} s of the four routes together, steady (median of ${samples.length} samples, ${mix.requestsPerSecond.toFixed(0)} req/s)`,
      value: steady,
      unit: 'MiB',
      goal: kind === 'pglite' ? '< 400 MiB' : 'reference',
      ...(kind === 'pglite' ? { met: steady < 400 } : {}),
    });
    rows.push({
      what: `${kind}: the same, peak`,
      value: Math.max(...samples),
      unit: 'MiB',
      goal: 'reference',
    });
  } finally {
    await anchorSide?.close();
    await api.stop();
  }
  return rows;
}

export const benchmark: Benchmark = {
  name: 'routes',
  title: 'read routes through the API process against their own SQL on the same database',
  async run(options) {
    const rows = await routesOn('pglite', options.port, options.seconds, options.loadSeconds);
    if (options.postgres && (await pgbenchAvailable()))
      rows.push(...(await routesOn('postgres', options.port + 1, options.seconds, options.loadSeconds)));
    else console.log('routes: PostgreSQL or pgbench not available; PGlite only');
    return rows;
  },
};
