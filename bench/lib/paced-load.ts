// Open-loop load at a given rate, each request sent at its own moment (decision 0127): every request has a due time
// fixed before the run (evenly spaced, or the arrivals of independent users: a Poisson process, exponential gaps from
// a seeded generator), whatever happens to the ones before it, and its latency runs from that moment to the last byte
// of its answer, so time spent waiting for a free connection or behind a slow answer counts (no coordinated
// omission). autocannon's `overallRate` does not pace: each connection sends its share of a second back to back when
// the second starts, and records each answer with a 1 ms "expected interval", which adds a synthetic sample for every
// millisecond of it (`load.ts` keeps autocannon for the closed loops).
import http from 'node:http';
import { createRandom } from '../../apps/api/src/db/demo/random.ts';

export interface PacedOptions {
  url: string;
  /** Requests per second: their mean rate (Poisson arrivals) or their exact spacing (even). */
  rate: number;
  seconds: number;
  /** At most this many connections open at once (keep-alive); a due request waits for one. */
  connections: number;
  headers?: Record<string, string>;
  /** Paths cycled in order, one per request. */
  paths: string[];
  /** An answer slower than this counts as an error (default 10 s). */
  timeoutMs?: number;
  /** `even`: one every 1/rate s; `poisson` (default): independent arrivals at that mean rate. */
  arrivals?: 'even' | 'poisson';
  /** Seeds the Poisson arrivals (the same seed, the same schedule). */
  seed?: number;
}

export interface PacedResult {
  requestsPerSecond: number;
  sent: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  non2xx: number;
}

/** The scheduler wakes this often and sends every request that has come due (a late one keeps its due time). */
const SCHEDULER_TICK_MS = 1;

export async function pacedLoad(options: PacedOptions): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const base = new URL(options.url);
  const total = Math.round(options.rate * options.seconds);
  if (total < 1)
    throw new Error(`pacedLoad: ${options.rate} req/s for ${options.seconds} s is not one request`);
  const offsets = schedule(total, options.rate, options.arrivals ?? 'poisson', options.seed ?? 1);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const latencies = new Float64Array(total);
  let done = 0;
  let errors = 0;
  let non2xx = 0;
  let sent = 0;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });

  const settle = (index: number, due: number, failed: 'error' | 'status' | undefined) => {
    latencies[index] = performance.now() - due;
    if (failed === 'error') errors++;
    else if (failed === 'status') non2xx++;
    if (++done === total) finish();
  };

  const send = (index: number, due: number) => {
    const path = options.paths[index % options.paths.length] as string;
    let settled = false;
    const once = (failed: 'error' | 'status' | undefined) => {
      if (settled) return;
      settled = true;
      settle(index, due, failed);
    };
    const request = http.request(
      { host: base.hostname, port: base.port, path, agent, headers: options.headers, timeout: timeoutMs },
      (response) => {
        const status = response.statusCode ?? 0;
        response.on('error', () => once('error'));
        response.on('end', () => once(status >= 200 && status < 300 ? undefined : 'status'));
        response.resume();
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => once('error'));
    request.end();
  };

  const start = performance.now() + 50;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (offsets[sent] as number) <= now) {
        send(sent, start + (offsets[sent] as number));
        sent++;
      }
      if (sent < total) setTimeout(tick, SCHEDULER_TICK_MS);
      else resolve();
    };
    setTimeout(tick, 50);
  });
  await finished;
  const elapsed = Math.max(options.seconds, (performance.now() - start) / 1000);
  agent.destroy();
  const sorted = latencies.sort();
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
  return {
    requestsPerSecond: (total - errors) / elapsed,
    sent: total,
    p50Ms: at(50),
    p99Ms: at(99),
    maxMs: sorted[sorted.length - 1] as number,
    errors,
    non2xx,
  };
}

/** Each request's due time in milliseconds from the start. */
function schedule(total: number, rate: number, arrivals: 'even' | 'poisson', seed: number): Float64Array {
  const offsets = new Float64Array(total);
  const random = createRandom(seed);
  let at = 0;
  for (let i = 0; i < total; i++) {
    offsets[i] = at;
    at += arrivals === 'even' ? 1000 / rate : (-Math.log(1 - random.next()) * 1000) / rate;
  }
  return offsets;
}
