// Latency by concurrency on a generated list database (docs/PERFORMANCE.md, "The transactions list at 1M",
// session 16): `node bench/list-latency.ts <database url> <scripts dir> [seconds] [rounds] [connections,...]
// <first|deep|status|card|six|totals>...`. For each request and each concurrency (default 1,2,5,10), the API at that
// many connections and its statements on pgbench `-M prepared` at that many clients take turns `rounds` times
// (default 3); prints req/s and tps, p50 and p99 of both (medians) with the load average. The scripts are those a
// list suite run recorded for this database (`BENCH_LIST_SCRIPTS=<dir> npm run bench -- --only list
// --list-database <url>`), their values in their second line.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedOwner, type ListCase, listCasePath } from './lib/list-world.ts';
import { load } from './lib/load.ts';
import { pgbench } from './lib/pgbench.ts';
import { startApi } from './lib/server.ts';

/** The suite's script of each case (bench/suites/transactions-list.ts names them so). */
const SCRIPTS: Partial<Record<ListCase, string>> = {
  first: 'list-first.sql',
  deep: 'list-deep.sql',
  status: 'list-status.sql',
  card: 'list-card.sql',
  six: 'list-six-months.sql',
  totals: 'list-totals.sql',
};

const [databaseUrl, scripts, secondsArg = '5', roundsArg = '3', connectionsArg = '1,2,5,10', ...names] =
  process.argv.slice(2);
if (!databaseUrl || !scripts || names.length === 0 || names.some((n) => !SCRIPTS[n as ListCase]))
  throw new Error(
    `usage: list-latency.ts <database url> <scripts dir> [seconds] [rounds] [connections,...] <${Object.keys(SCRIPTS).join('|')}>...`,
  );
const seconds = Number(secondsArg);
const rounds = Number(roundsArg);
const concurrencies = connectionsArg.split(',').map(Number);
const loadAverage = () => /load average: (.*)$/.exec(execFileSync('uptime').toString().trim())?.[1] ?? '?';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A recorded script's `-D name='value'` pairs (its second line). */
function variablesOf(file: string): Record<string, string> {
  const line = readFileSync(file, 'utf8').split('\n')[1] ?? '';
  return Object.fromEntries([...line.matchAll(/-D (\w+)='([^']*)'/g)].map((m) => [m[1], m[2]]));
}

const world = await generatedOwner(databaseUrl);
const api = await startApi({
  kind: 'postgres',
  port: Number(process.env.BENCH_PORT ?? 3140) + 6,
  databaseUrl,
  env: { PSP_SIMULATOR_RATE: '0' },
});
try {
  const headers = await api.signInAs(world.email, world.password);
  for (const name of names as ListCase[]) {
    const script = join(scripts, SCRIPTS[name] as string);
    const variables = variablesOf(script);
    const url = `${api.url}${await listCasePath((p) => api.get(p, headers), world.merchant, name)}`;
    await load({ url, connections: 10, seconds: 2, headers });
    for (const connections of concurrencies) {
      const apiRuns: { rps: number; p50: number; p99: number }[] = [];
      const sqlRuns: { tps: number; p50: number; p99: number }[] = [];
      for (let round = 0; round < rounds; round++) {
        const run = await load({ url, connections, seconds, headers });
        if (run.errors + run.non2xx > 0) throw new Error(`${name}: ${run.errors + run.non2xx} errors`);
        apiRuns.push({ rps: run.requestsPerSecond, p50: run.p50Ms, p99: run.p99Ms });
        const anchor = await pgbench({ databaseUrl, script, clients: connections, seconds, variables });
        sqlRuns.push({ tps: anchor.tps, p50: anchor.p50Ms, p99: anchor.p99Ms });
        console.log(
          `${name} c=${connections} round ${round + 1}: API ${run.requestsPerSecond.toFixed(0)} req/s p50 ${run.p50Ms} p99 ${run.p99Ms} ms; pgbench ${anchor.tps.toFixed(0)} tps p50 ${anchor.p50Ms.toFixed(2)} p99 ${anchor.p99Ms.toFixed(2)} ms | load ${loadAverage()}`,
        );
      }
      const m = (runs: Record<string, number>[], key: string) => median(runs.map((r) => r[key] ?? 0));
      console.log(
        `median ${name} c=${connections}: API ${m(apiRuns, 'rps').toFixed(0)} req/s, p50 ${m(apiRuns, 'p50')} ms, p99 ${m(apiRuns, 'p99')} ms; pgbench ${m(sqlRuns, 'tps').toFixed(0)} tps, p50 ${m(sqlRuns, 'p50').toFixed(2)} ms, p99 ${m(sqlRuns, 'p99').toFixed(2)} ms`,
      );
    }
  }
} finally {
  await api.stop();
}
