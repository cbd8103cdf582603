// Closed-loop (fixed connections) and open-loop (fixed rate) HTTP load with autocannon.
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** Responses that were not 2xx. */
  non2xx: number;
  total: number;
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
}

export async function load(options: LoadOptions): Promise<LoadResult> {
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
  };
}
