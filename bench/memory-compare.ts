// The API's memory on PGlite, two checkouts side by side (docs/PERFORMANCE.md, "Memory"): `node
// bench/memory-compare.ts <before dir> <after dir> [seconds] [rounds]`. Starts each checkout's API on PGlite
// (`memory://`, its own Node flags and settings, ports BENCH_PORT+3 and +4) at once, then `rounds` times puts
// both under the four read routes together at 10 connections each for `seconds`, at the same time (so the
// machine's load falls on both alike), reading each process's resident memory every second: idle after start,
// steady (median of a round's samples) and peak, with each side's req/s and the load average. NODE_ARGS_BEFORE /
// NODE_ARGS_AFTER add node flags to either API (e.g. the same checkout twice, with and without a flag).
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { RunningApi } from './lib/server.ts';

const [beforeArg, afterArg, secondsArg = '30', roundsArg = '2'] = process.argv.slice(2);
if (!beforeArg || !afterArg) throw new Error('usage: memory-compare.ts <before> <after> [seconds] [rounds]');
const seconds = Number(secondsArg);
const rounds = Number(roundsArg);
const basePort = Number(process.env.BENCH_PORT ?? 3140);
const loadAverage = () => /load average: (.*)$/.exec(execFileSync('uptime').toString().trim())?.[1] ?? '?';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

interface Side {
  name: 'before' | 'after';
  api: RunningApi;
  headers: Record<string, string>;
  paths: string[];
  load: typeof import('./lib/load.ts').load;
}

async function startSide(name: Side['name'], dir: string, port: number): Promise<Side> {
  // Each checkout's own harness: its API with its own flags, environment and PGlite settings.
  const lib = (file: string) => import(resolve(dir, 'bench/lib', file));
  const server = (await lib('server.ts')) as typeof import('./lib/server.ts');
  const { load } = (await lib('load.ts')) as typeof import('./lib/load.ts');
  const nodeArgs = (process.env[`NODE_ARGS_${name.toUpperCase()}`] ?? '').split(' ').filter(Boolean);
  const api = await server.startApi({ kind: 'pglite', port, nodeArgs });
  let merchant: string | undefined;
  let headers: Record<string, string>;
  try {
    headers = await api.signIn();
    const merchants = await api.get<{ data: { merchantId: string }[] }>('/api/merchants', headers);
    merchant = merchants.data[0]?.merchantId;
    if (!merchant) throw new Error(`${name}: the demo owner has no merchant`);
  } catch (error) {
    await api.stop();
    throw error;
  }
  const paths = [
    '/api/merchants',
    `/api/v1/merchants/${merchant}`,
    `/api/v1/merchants/${merchant}/users`,
    `/api/v1/merchants/${merchant}/transactions/totals`,
  ];
  return { name, api, headers, paths, load };
}

const sides: Side[] = [];
try {
  // Both at once, so that neither idles longer than the other before the load (see IDLE_SECONDS below).
  const started = await Promise.allSettled([
    startSide('before', resolve(beforeArg), basePort + 3),
    startSide('after', resolve(afterArg), basePort + 4),
  ]);
  for (const side of started) if (side.status === 'fulfilled') sides.push(side.value);
  for (const side of started) if (side.status === 'rejected') throw side.reason;
  // Idle before the load (IDLE_SECONDS, default 3): past ~8 s V8's memory reducer runs a compacting collection
  // in an idle process, which changes how far its old generation then grows under load (docs/PERFORMANCE.md).
  await new Promise((done) => setTimeout(done, Number(process.env.IDLE_SECONDS ?? 3) * 1000));
  for (const side of sides)
    console.log(`${side.name} idle: ${(await side.api.rssMiB()).toFixed(0)} MiB | load ${loadAverage()}`);
  const all = new Map<string, { steady: number[]; peak: number[] }>();
  for (let round = 0; round < rounds; round++) {
    const samples = new Map<string, number[]>(sides.map((side) => [side.name, []]));
    const sampler = setInterval(() => {
      for (const side of sides)
        side.api.rssMiB().then(
          (value) => samples.get(side.name)?.push(value),
          () => undefined,
        );
    }, 1000);
    const runs = await Promise.all(
      sides.map((side) =>
        side.load({
          url: side.api.url,
          connections: 10,
          seconds,
          headers: side.headers,
          requests: side.paths.map((path) => ({ path })),
        }),
      ),
    ).finally(() => clearInterval(sampler));
    sides.forEach((side, i) => {
      const taken = samples.get(side.name) ?? [];
      const run = runs[i];
      const kept = all.get(side.name) ?? { steady: [], peak: [] };
      all.set(side.name, kept);
      kept.steady.push(median(taken));
      kept.peak.push(Math.max(...taken));
      console.log(
        `round ${round + 1} ${side.name}: ${run?.requestsPerSecond.toFixed(0)} req/s, ${(run?.errors ?? 0) + (run?.non2xx ?? 0)} errors | RSS steady ${median(taken).toFixed(0)} MiB, peak ${Math.max(...taken).toFixed(0)} MiB (${taken.length} samples) | load ${loadAverage()}`,
      );
    });
  }
  for (const [name, kept] of all)
    console.log(`${name}: steady ${kept.steady.join(' / ')} MiB, peak ${kept.peak.join(' / ')} MiB`);
} finally {
  for (const side of sides) await side.api.stop();
}
