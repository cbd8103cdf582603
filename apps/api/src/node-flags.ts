/**
 * Node flags of the API process, wherever it is started: `npm start` (scripts/start.ts), apps/api's `start` and
 * `dev` scripts (which spell them out; test/process-memory.test.ts holds them to this list), the e2e stacks
 * (e2e/playwright.config.ts) and the benchmarks' server (bench/lib/server.ts).
 *
 * `--max-semi-space-size=16` (MiB): V8 grows the young generation to 128 MiB while the API's modules load (the
 * ORM, the schema, zod) and never gives it back, although the heap in use after loading is ~60 MiB. Capped at
 * 16, the process is ~125 MiB smaller on either database; 8 saves ~25 MiB more but scavenges twice as often on
 * the request path. Measured in docs/PERFORMANCE.md, "Memory"; the worker runs with 2 (no request path).
 *
 * `--import` of compile-cache.js (a file URL, so any working folder and any path): Node's compile cache on before
 * the entry loads (decision 0130), so an unchanged module is neither type-stripped nor compiled again and Node's
 * type stripper is never loaded. apps/api's scripts (the worker's too) spell it as `--import=./src/compile-cache.js`.
 */
export const API_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=16',
  `--import=${new URL('./compile-cache.js', import.meta.url).href}`,
];

/**
 * Environment of the API process, wherever it is started (the same places as API_NODE_FLAGS; apps/api's scripts
 * spell it out before `node`). glibc reads it when the process starts, so it cannot be set from inside.
 *
 * `MALLOC_MMAP_THRESHOLD_=131072`: every native allocation of 128 KiB or more gets its own mapping and goes back
 * to the system when freed. By default glibc raises that threshold (up to 32 MiB) each time such a block is
 * freed, and from then on serves blocks that size from its heap, where freed memory stays resident: PGlite's
 * in-memory files grow by reallocation (a new, larger ArrayBuffer for each growth, the old one freed) and the
 * seed and migrations leave ~110 MiB of freed heap behind that no allocation reuses. Measured in
 * docs/PERFORMANCE.md, "Memory"; ignored where the C library is not glibc.
 */
export const API_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '131072' };
