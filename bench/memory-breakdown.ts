// Where the API's memory on PGlite is, idle and under the four read routes together (docs/PERFORMANCE.md,
// "Memory", session 16): `node bench/memory-breakdown.ts [seconds] [label]`. Starts this checkout's API as the
// benchmarks do (`memory://`, the demo seed, its own Node flags; port BENCH_PORT+6) with bench/lib/memory-probe.ts
// preloaded, reads it 3 s after start, then puts it under the mix at CONNECTIONS (10) for `seconds` (60) and
// prints the medians of one reading a second: the resident memory by kind of mapping (/proc/<pid>/smaps: V8's
// pages, PGlite's WebAssembly memory, glibc's main heap and thread arenas, the binary, the rest: glibc's separately
// mapped blocks, i.e. PGlite's files), V8's spaces, the collections, and the old space's growth per request (what
// the process promotes). NODE_ARGS adds node flags, API_ENV_EXTRA (JSON) environment variables; MALLOC_INFO=1 also
// prints glibc's own account of its arenas before and after (gdb attaches for a moment); HEAP_SAMPLE=1 samples
// what is promoted during the mix and prints the allocating functions. Load average printed with every figure.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { load } from './lib/load.ts';
import type { MemoryProbeLine } from './lib/memory-probe.ts';
import { startApi } from './lib/server.ts';

const [secondsArg = '60', label = 'breakdown'] = process.argv.slice(2);
const seconds = Number(secondsArg);
const port = Number(process.env.BENCH_PORT ?? 3140) + 6;
const connections = Number(process.env.CONNECTIONS ?? 10);
const probeOut = `/tmp/memory-breakdown-${label}.jsonl`;
const loadAverage = () => /load average: (.*)$/.exec(execFileSync('uptime').toString().trim())?.[1] ?? '?';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const sleep = (s: number) => new Promise((done) => setTimeout(done, s * 1000));
const MiB = 1 << 20;

/** Resident MiB by kind of mapping. V8 maps its pages 256 KiB-aligned; glibc's arenas are 64 MiB-aligned. */
function residentByKind(pid: number, wasmMiB: number[]): Record<string, number> {
  const kinds: Record<string, number> = { v8: 0, wasm: 0, mallocHeap: 0, arenas: 0, files: 0, other: 0 };
  let kind = 'other';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const start = Number.parseInt(header[1] as string, 16);
      const size = Number.parseInt(header[2] as string, 16) - start;
      const path = header[3] ?? '';
      if (path === '[heap]') kind = 'mallocHeap';
      else if (path.startsWith('/') || path.startsWith('[v')) kind = 'files';
      else if (path === '' && wasmMiB.includes(size / MiB)) kind = 'wasm';
      else if (path === '' && start % (64 * MiB) === 0 && size <= 64 * MiB) kind = 'arenas';
      else if (path === '' && start % (256 << 10) === 0 && size % (256 << 10) === 0) kind = 'v8';
      else kind = 'other';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kinds[kind] = (kinds[kind] ?? 0) + Number(rss[1]) / 1024;
  }
  for (const name of Object.keys(kinds)) kinds[name] = Math.round(kinds[name] ?? 0);
  return kinds;
}

function probeLines(): MemoryProbeLine[] {
  return readFileSync(probeOut, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MemoryProbeLine);
}

/** glibc's malloc_info, written by the process itself through gdb: per arena what it holds and what is free. */
function mallocInfo(pid: number, when: string): void {
  if (!process.env.MALLOC_INFO) return;
  const file = `/tmp/memory-breakdown-${label}-${when}.xml`;
  try {
    execFileSync(
      'gdb',
      ['-p', String(pid), '-batch', '-ex', `set $f = (void *) fopen("${file}", "w")`].concat([
        '-ex',
        'call (int) malloc_info(0, $f)',
        '-ex',
        'call (int) fclose($f)',
      ]),
      { stdio: 'ignore', timeout: 120_000 },
    );
  } catch (error) {
    console.log(`malloc_info ${when}: gdb failed (${String(error)})`);
    return;
  }
  const xml = readFileSync(file, 'utf8');
  const arenas = [...xml.matchAll(/<heap nr="(\d+)">([\s\S]*?)<\/heap>/g)].map(([, nr, body = '']) => {
    const free = [...body.matchAll(/<total type="(?:fast|rest)" count="\d+" size="(\d+)"/g)];
    const held = Number(/<system type="current" size="(\d+)"/.exec(body)?.[1] ?? 0);
    const freeBytes = free.reduce((sum, match) => sum + Number(match[1]), 0);
    return `#${nr} ${(held / MiB).toFixed(1)} held / ${(freeBytes / MiB).toFixed(1)} free`;
  });
  const mapped = /<total type="mmap" count="(\d+)" size="(\d+)"/.exec(xml);
  console.log(
    `malloc_info ${when}: ${arenas.join(', ')} | mapped on their own: ${mapped?.[1]} blocks, ${(Number(mapped?.[2] ?? 0) / MiB).toFixed(1)} MiB`,
  );
}

/** The heap profile's allocating functions by sampled MiB (what survived the young generation). */
function printHeapProfile(): void {
  type Node = {
    callFrame: { functionName: string; url: string; lineNumber: number };
    selfSize: number;
    children: Node[];
  };
  const profile = JSON.parse(readFileSync(`${probeOut}.heapprofile`, 'utf8')) as { head: Node };
  const byFunction = new Map<string, number>();
  let total = 0;
  const walk = (node: Node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
    total += node.selfSize;
    byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  console.log(`promoted during the mix, sampled: ${(total / MiB).toFixed(1)} MiB; by allocating function:`);
  for (const [name, bytes] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${(bytes / MiB).toFixed(1).padStart(6)} ${name}`);
}

writeFileSync(probeOut, '');
const api = await startApi({
  kind: 'pglite',
  port,
  nodeArgs: [
    '--import',
    resolve(import.meta.dirname, 'lib/memory-probe.ts'),
    ...(process.env.NODE_ARGS ?? '').split(' ').filter(Boolean),
  ],
  env: {
    MEMORY_PROBE_OUT: probeOut,
    ...(JSON.parse(process.env.API_ENV_EXTRA ?? '{}') as Record<string, string>),
  },
});
try {
  const headers = await api.signIn();
  const merchants = await api.get<{ data: { merchantId: string }[] }>('/api/merchants', headers);
  const merchant = merchants.data[0]?.merchantId;
  if (!merchant) throw new Error('the demo owner has no merchant');
  const paths = [
    '/api/merchants',
    `/api/v1/merchants/${merchant}`,
    `/api/v1/merchants/${merchant}/users`,
    `/api/v1/merchants/${merchant}/transactions/totals`,
  ];
  await sleep(3);
  const idle = probeLines().at(-1);
  console.log(
    `idle: RSS ${(await api.rssMiB()).toFixed(0)} MiB ${JSON.stringify(residentByKind(api.pid, idle?.wasm ?? []))} | ` +
      `V8 ${JSON.stringify(idle?.spaces)} | arrayBuffers ${idle?.arrayBuffers} | load ${loadAverage()}`,
  );
  mallocInfo(api.pid, 'idle');

  const samples: { rss: number; kinds: Record<string, number> }[] = [];
  const sampler = setInterval(() => {
    const wasm = probeLines().at(-1)?.wasm ?? [];
    api.rssMiB().then(
      (rss) => samples.push({ rss, kinds: residentByKind(api.pid, wasm) }),
      () => undefined,
    );
  }, 1000);
  const startedAt = Date.now();
  if (process.env.HEAP_SAMPLE) {
    // From the mix's fifth second to five seconds before its end: its steady part.
    setTimeout(() => process.kill(api.pid, 'SIGUSR2'), 5000);
    setTimeout(() => process.kill(api.pid, 'SIGUSR2'), (seconds - 5) * 1000);
  }
  const mix = await load({
    url: api.url,
    connections,
    seconds,
    headers,
    requests: paths.map((path) => ({ path })),
  }).finally(() => clearInterval(sampler));
  await sleep(1);
  const lines = probeLines().filter((line) => line.at >= startedAt);
  const kinds: Record<string, number> = {};
  for (const name of Object.keys(samples[0]?.kinds ?? {}))
    kinds[name] = median(samples.map((sample) => sample.kinds[name] ?? 0));
  const space = (name: string, index: 0 | 1) => median(lines.map((line) => line.spaces[name]?.[index] ?? 0));
  let promoted = 0;
  for (let i = 1; i < lines.length; i++)
    promoted += Math.max(
      0,
      (lines[i]?.spaces.old_space?.[1] ?? 0) - (lines[i - 1]?.spaces.old_space?.[1] ?? 0),
    );
  const first = lines[0]?.gc;
  const last = lines.at(-1)?.gc;
  console.log(
    `mix: ${mix.requestsPerSecond.toFixed(0)} req/s, ${mix.errors + mix.non2xx} errors | RSS steady ` +
      `${median(samples.map((sample) => sample.rss)).toFixed(0)} MiB, peak ${Math.max(...samples.map((s) => s.rss)).toFixed(0)} ` +
      `${JSON.stringify(kinds)} | V8 new space ${space('new_space', 0)}, old space ${space('old_space', 0)} ` +
      `(${space('old_space', 1)} in use) | load ${loadAverage()}`,
  );
  console.log(
    `collections during the mix: ${(last?.minor ?? 0) - (first?.minor ?? 0)} minor (${(last?.minorMs ?? 0) - (first?.minorMs ?? 0)} ms), ` +
      `${(last?.major ?? 0) - (first?.major ?? 0)} mark-compacts (${(last?.majorMs ?? 0) - (first?.majorMs ?? 0)} ms), ` +
      `old space live after each: ${lines.flatMap((line) => line.gc.liveAfterMajor).join(' ')} MiB | ` +
      `old space growth ${promoted.toFixed(0)} MiB, ${((promoted * 1024) / Math.max(1, mix.total)).toFixed(1)} KiB a request`,
  );
  mallocInfo(api.pid, 'after');
  if (process.env.HEAP_SAMPLE) printHeapProfile();
} finally {
  await api.stop();
}
