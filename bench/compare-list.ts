// Two checkouts' APIs on one generated list database, side by side (docs/PERFORMANCE.md, "The transactions list
// at 1M"): `node bench/compare-list.ts <before dir> <after dir> <database url> [seconds] [rounds]
// <first|deep|status|card|bin|site|six|totals>...`. Starts each checkout's API on the same database at once (ports
// BENCH_PORT+1 and +2, default 3141/3142; the later checkout's migrations apply first: start the newer one
// second), signs in the generator's owner on both, then for every request takes turns, before and after, the
// order swapped every round, and prints each run with the load average and the medians. No anchor: the list
// suite (`--only list --list-database`) has the pgbench side.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { generatedOwner } from './lib/list-world.ts';
import type { RunningApi } from './lib/server.ts';

const CASES = ['first', 'deep', 'status', 'card', 'bin', 'site', 'six', 'totals'] as const;
type Case = (typeof CASES)[number];

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
const base = `/api/v1/merchants/${world.merchant}/transactions`;

interface Side {
  name: 'before' | 'after';
  api: RunningApi;
  headers: Record<string, string>;
  load: typeof import('./lib/load.ts').load;
}

async function startSide(name: Side['name'], dir: string, port: number): Promise<Side> {
  const lib = (file: string) => import(resolve(dir, 'bench/lib', file));
  const server = (await lib('server.ts')) as typeof import('./lib/server.ts');
  const { load } = (await lib('load.ts')) as typeof import('./lib/load.ts');
  const api = await server.startApi({
    kind: 'postgres',
    port,
    databaseUrl: databaseUrl as string,
    env: { PSP_SIMULATOR_RATE: '0' }, // no simulated payments written into the measured merchant's neighbours
  });
  return { name, api, headers: await api.signInAs(world.email, password), load };
}

/** The request of each case, found through `side` (page 200: the keys of 199 pages followed). */
async function pathOf(side: Side, name: Case): Promise<string> {
  type Card = { lastFour: string | null; bin: string | null };
  type Page = { lastKey: string | null; data: { siteId: string; card: Card }[] };
  const first = await side.api.get<Page>(`${base}?includeTotals=true`, side.headers);
  if (name === 'first') return `${base}?includeTotals=true`;
  if (name === 'status') return `${base}?status=refunded&includeTotals=true`;
  if (name === 'card') return `${base}?card=${first.data[0]?.card.lastFour}&includeTotals=true`;
  if (name === 'site') return `${base}?siteId=${first.data[0]?.siteId}&includeTotals=true`;
  if (name === 'bin') return `${base}?card=${first.data[0]?.card.bin?.slice(0, 6)}&includeTotals=true`;
  if (name === 'totals') return `${base}/totals`;
  if (name === 'six') {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 182 * 86_400_000).toISOString().slice(0, 10);
    return `${base}?from=${from}&to=${to}&includeTotals=true`;
  }
  let key = first.lastKey;
  for (let page = 1; page < 200 && key; page++)
    key = (await side.api.get<Page>(`${base}?lastKey=${encodeURIComponent(key)}`, side.headers)).lastKey;
  return `${base}?lastKey=${encodeURIComponent(key ?? '')}`;
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
      const path = await pathOf(side, name);
      paths.set(side, path);
      await side.load({ url: `${side.api.url}${path}`, connections: 10, seconds: 2, headers: side.headers });
    }
    const runs = new Map<string, { rps: number[]; p99: number[] }>();
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const url = `${side.api.url}${paths.get(side)}`;
        const run = await side.load({ url, connections: 10, seconds, headers: side.headers });
        const kept = runs.get(side.name) ?? { rps: [], p99: [] };
        runs.set(side.name, kept);
        kept.rps.push(run.requestsPerSecond);
        kept.p99.push(run.p99Ms);
        console.log(
          `${name} ${side.name} round ${round + 1}: ${run.requestsPerSecond.toFixed(0)} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, ${run.errors + run.non2xx} errors | load ${loadAverage()}`,
        );
      }
    }
    for (const [side, kept] of runs)
      console.log(
        `median ${name} ${side}: ${median(kept.rps).toFixed(0)} req/s, p99 ${median(kept.p99)} ms (rounds ${kept.rps.map((r) => r.toFixed(0)).join(' ')})`,
      );
  }
} finally {
  for (const side of sides) await side.api.stop();
}
