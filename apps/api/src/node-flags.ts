/**
 * Node flags of the API process, wherever it is started: `npm start` (scripts/start.ts), apps/api's `start` and
 * `dev` scripts (which spell them out; test/node-flags.test.ts holds them to this list) and the benchmarks'
 * server (bench/lib/server.ts).
 *
 * `--max-semi-space-size=16` (MiB): V8 grows the young generation to 128 MiB while the API's modules load (the
 * ORM, the schema, zod) and never gives it back, although the heap in use after loading is ~60 MiB. Capped at
 * 16, the process is ~125 MiB smaller on either database; 8 saves ~25 MiB more but scavenges twice as often on
 * the request path. Measured in docs/PERFORMANCE.md, "Memory"; the worker runs with 2 (no request path).
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16'];
