// Closed-loop (fixed connections) and open-loop (fixed rate: each second's requests sent in a burst as it starts, so
// R6 keeps it as a reference only and paces its load with `paced-load.ts`, decision 0127) HTTP load with autocannon; with
// `BENCH_LOAD_GENERATOR=wrk`, closed loops of one request on wrk, a C client like the anchors' pgbench (decision
// 0119: on two cores wrk costs 14–18 µs of CPU per request against autocannon's 39–56 and gave 5–20 % more req/s, but
// its p99 at 10 connections was 24–300 ms against autocannon's 6–21 ms on the same API, so autocannon stays the
// default). `load-generator-cost.ts` measures both.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

const run = promisify(execFile);

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** Responses that were not 2xx. */
  non2xx: number;
  total: number;
  /** The generator's own CPU seconds (user + system) for the run, when asked for (`measureCpu`). */
  cpuSeconds?: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Open loop: this many requests per second in all (autocannon overallRate). */
  rate?: number;
  /** Several requests cycled in order on each connection (a mix). */
  requests?: { method?: string; path: string }[];
  /** Measure the generator's own CPU time (wrk under /usr/bin/time; autocannon from this process's usage). */
  measureCpu?: boolean;
}

/** The closed-loop generator: autocannon unless `BENCH_LOAD_GENERATOR=wrk` (then wrk must be installed). */
export const closedLoopGenerator: 'wrk' | 'autocannon' =
  process.env.BENCH_LOAD_GENERATOR === 'wrk' ? 'wrk' : 'autocannon';

export function load(options: LoadOptions): Promise<LoadResult> {
  return loadWith(closedLoopGenerator, options);
}

/** A run with this generator (wrk for closed loops of one request only; autocannon for the others). */
export async function loadWith(generator: 'wrk' | 'autocannon', options: LoadOptions): Promise<LoadResult> {
  if (generator === 'wrk' && !options.rate && !options.requests) return wrk(options);
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    ...(options.rate ? { overallRate: options.rate } : {}),
    ...(options.requests
      ? { requests: options.requests.map((r) => ({ method: (r.method ?? 'GET') as 'GET', path: r.path })) }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
    ...(options.measureCpu ? { cpuSeconds: cpuSecondsSince(cpuBefore) } : {}),
  };
}

function cpuSecondsSince(before: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

const MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** One closed-loop run with wrk: as many threads as pgbench's `-j` in the anchors (two), `--latency` percentiles. */
async function wrk(options: LoadOptions): Promise<LoadResult> {
  const args = [
    `-t${Math.min(2, options.connections)}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--latency',
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    options.url,
  ];
  const { stdout, stderr } = options.measureCpu
    ? await run('/usr/bin/time', ['-f', '%U %S', 'wrk', ...args], { maxBuffer: 1024 * 1024 })
    : await run('wrk', args, { maxBuffer: 1024 * 1024 });
  const latency = (percent: string) => {
    const match = new RegExp(`^\\s+${percent}%\\s+([\\d.]+)(us|ms|s)$`, 'm').exec(stdout);
    if (!match) throw new Error(`wrk printed no ${percent}% latency:\n${stdout}`);
    return Number(match[1]) * (MS[match[2] as string] ?? Number.NaN);
  };
  const total = Number(/(\d+) requests in/.exec(stdout)?.[1]);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]),
    p50Ms: latency('50'),
    p99Ms: latency('99'),
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0),
    total,
    ...(options.measureCpu
      ? {
          cpuSeconds: (stderr.trim().split('\n').at(-1) ?? '')
            .split(' ')
            .reduce((sum, n) => sum + Number(n), 0),
        }
      : {}),
  };
}
