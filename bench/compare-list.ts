// Two checkouts' APIs on one generated list database, side by side (docs/PERFORMANCE.md, "The transactions list
// at 1M"): `node bench/compare-list.ts <before dir> <after dir> <database url> [seconds] [rounds]
// <first|deep|status|card|bin|site|six|totals>...`. Starts each checkout's API on the same database at once (ports
// BENCH_PORT+1 and +2, default 3141/3142; the later checkout's migrations apply first: start the newer one
// second), signs in the generator's owner on both, then for every request takes turns, before and after, the
// order swapped every round, and prints each run with the load average and the medians. No anchor: the list
// suite (`--only list --list-database`) has the pgbench side. Beside each run, the API process's own CPU time per
// request (user + system from /proc), which moves far less with the machine's load than req/s.
// `ENV_BEFORE`/`ENV_AFTER` ("NAME=value NAME=value") add environment to one side's API: the same checkout twice
// compares a setting (e.g. `ENV_AFTER='DATABASE_POOL_SIZE=3'`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  LIST_CASES as CASES,
  type ListCase as Case,
  generatedOwner,
  listCasePath,
} from './lib/list-world.ts';
import type { RunningApi } from './lib/server.ts';

const [beforeArg, afterArg, databaseUrl, secondsArg = '3', roundsArg = '5', ...names] = process.argv.slice(2);
if (
  !beforeArg ||
  !afterArg ||
  !databaseUrl ||
  names.length === 0 ||
  names.some((n) => !CASES.includes(n as Case))
)
  throw new Error(
    `usage: compare-list.ts <before> <after> <database url> [seconds] [rounds] <${CASES.join('|')}>...`,
  );
const seconds = Number(secondsArg);
const rounds = Number(roundsArg);
const basePort = Number(process.env.BENCH_PORT ?? 3140);
const loadAverage = () => /load average: (.*)$/.exec(execFileSync('uptime').toString().trim())?.[1] ?? '?';

const world = await generatedOwner(databaseUrl);
const password = world.password;

/** CPU seconds (user + system) the process has used so far (/proc/<pid>/stat, clock ticks of 1/100 s). */
const cpuSeconds = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

interface Side {
  name: 'before' | 'after';
  api: RunningApi;
  headers: Record<string, string>;
  load: typeof import('./lib/load.ts').load;
}

/** `ENV_BEFORE`/`ENV_AFTER`: space-separated `NAME=value` pairs. */
const sideEnv = (name: Side['name']) =>
  Object.fromEntries(
    (process.env[`ENV_${name.toUpperCase()}`] ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );

async function startSide(name: Side['name'], dir: string, port: number): Promise<Side> {
  const lib = (file: string) => import(resolve(dir, 'bench/lib', file));
  const server = (await lib('server.ts')) as typeof import('./lib/server.ts');
  const { load } = (await lib('load.ts')) as typeof import('./lib/load.ts');
  const api = await server.startApi({
    kind: 'postgres',
    port,
    databaseUrl: databaseUrl as string,
    // No simulated payments written into the measured merchant's neighbours.
    env: { PSP_SIMULATOR_RATE: '0', ...sideEnv(name) },
  });
  return { name, api, headers: await api.signInAs(world.email, password), load };
}

/** The middle run of an odd number of rounds. */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const sides: Side[] = [];
try {
  sides.push(await startSide('before', resolve(beforeArg), basePort + 1));
  sides.push(await startSide('after', resolve(afterArg), basePort + 2));
  for (const name of names as Case[]) {
    const paths = new Map<Side, string>();
    for (const side of sides) {
      const path = await listCasePath((p) => side.api.get(p, side.headers), world.merchant, name);
      paths.set(side, path);
      await side.load({ url: `${side.api.url}${path}`, connections: 10, seconds: 2, headers: side.headers });
    }
    const runs = new Map<string, { rps: number[]; p99: number[]; cpu: number[] }>();
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const url = `${side.api.url}${paths.get(side)}`;
        const cpuBefore = cpuSeconds(side.api.pid);
        const run = await side.load({ url, connections: 10, seconds, headers: side.headers });
        // The API's own CPU per request moves far less with the machine's load than req/s does.
        const cpuMs = ((cpuSeconds(side.api.pid) - cpuBefore) * 1000) / Math.max(1, run.total);
        const kept = runs.get(side.name) ?? { rps: [], p99: [], cpu: [] };
        runs.set(side.name, kept);
        kept.rps.push(run.requestsPerSecond);
        kept.p99.push(run.p99Ms);
        kept.cpu.push(cpuMs);
        console.log(
          `${name} ${side.name} round ${round + 1}: ${run.requestsPerSecond.toFixed(0)} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, API CPU ${cpuMs.toFixed(3)} ms/request, ${run.errors + run.non2xx} errors | load ${loadAverage()}`,
        );
      }
    }
    for (const [side, kept] of runs)
      console.log(
        `median ${name} ${side}: ${median(kept.rps).toFixed(0)} req/s, p99 ${median(kept.p99)} ms, API CPU ${median(kept.cpu).toFixed(3)} ms/request (rounds ${kept.rps.map((r) => r.toFixed(0)).join(' ')})`,
      );
  }
} finally {
  for (const side of sides) await side.api.stop();
}
