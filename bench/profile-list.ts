// A CPU profile of the API on a generated list database (docs/PERFORMANCE.md, "The transactions list at 1M"):
// `node bench/profile-list.ts <database url> <first|deep|status|card|bin|site|six|totals> [seconds] [profile dir]`. Starts the API on
// the database (with `--cpu-prof` when a profile dir is given), follows the pages to page 200 for `deep`, and
// loads the request at 10 connections twice, printing each figure with the load average beside it.
import { execFileSync } from 'node:child_process';
import { generatedOwner, LIST_CASES, type ListCase, listCasePath } from './lib/list-world.ts';
import { load } from './lib/load.ts';
import { startApi } from './lib/server.ts';

const [databaseUrl, name = 'deep', secondsArg = '8', profileDir] = process.argv.slice(2);
if (!databaseUrl || !LIST_CASES.includes(name as ListCase))
  throw new Error(
    `usage: node bench/profile-list.ts <database url> <${LIST_CASES.join('|')}> [seconds] [dir]`,
  );
const seconds = Number(secondsArg);
const uptime = () => execFileSync('uptime').toString().trim();
const world = await generatedOwner(databaseUrl);
const port = Number(process.env.BENCH_PORT ?? 3140) + 5;
const api = await startApi({
  kind: 'postgres',
  port,
  databaseUrl,
  nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  env: { PSP_SIMULATOR_RATE: '0' },
});
try {
  const headers = await api.signInAs(world.email, world.password);
  const path = await listCasePath((p) => api.get(p, headers), world.merchant, name as ListCase);
  const url = `${api.url}${path}`;
  await load({ url, connections: 10, seconds: 2, headers });
  for (let round = 0; round < 2; round++) {
    const run = await load({ url, connections: 10, seconds, headers });
    console.log(
      `API ${name}: ${run.requestsPerSecond.toFixed(0)} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, ${run.errors + run.non2xx} errors | ${uptime()}`,
    );
  }
} finally {
  await api.stop();
}
