// The memory probe of an API process: loaded with `node --import ./bench/lib/memory-probe.ts` (bench/memory-breakdown.ts
// does), it appends one JSON line a second to the file named by MEMORY_PROBE_OUT with what only the process itself
// can read: `process.memoryUsage()`, V8's spaces (committed and in use), its collections so far (from the `gc`
// performance entries, with the old space in use right after each mark-compact: what was live then) and the
// size of every WebAssembly memory (PGlite's). SIGUSR2 starts V8's sampling heap profiler keeping the objects
// that survived the young generation's collections, even when a later mark-compact collected them (what the
// process promotes); a second SIGUSR2 stops it and writes the profile to `<MEMORY_PROBE_OUT>.heapprofile`.
// Nothing else loads this module.
import { appendFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';

/** One line of the probe's file; sizes in MiB. */
export interface MemoryProbeLine {
  at: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** Per V8 space: [committed, in use]. */
  spaces: Record<string, [number, number]>;
  /** WebAssembly memories' sizes (mapped, not resident: smaps says what is resident). */
  wasm: number[];
  /** Collections since start, and the old space in use after each mark-compact since the previous line. */
  gc: { minor: number; major: number; minorMs: number; majorMs: number; liveAfterMajor: number[] };
}

const out = process.env.MEMORY_PROBE_OUT;
const MiB = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
const oldSpaceUsed = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? 0;

if (out) {
  // Each WebAssembly memory made from here on, held weakly (PGlite creates its own when it opens).
  const memories: WeakRef<WebAssembly.Memory>[] = [];
  WebAssembly.Memory = new Proxy(WebAssembly.Memory, {
    construct(target, args: [WebAssembly.MemoryDescriptor]) {
      const memory = Reflect.construct(target, args) as WebAssembly.Memory;
      memories.push(new WeakRef(memory));
      return memory;
    },
  });

  const gc = { minor: 0, major: 0, minorMs: 0, majorMs: 0, liveAfterMajor: [] as number[] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        gc.minor++;
        gc.minorMs += entry.duration;
      } else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gc.major++;
        gc.majorMs += entry.duration;
        gc.liveAfterMajor.push(MiB(oldSpaceUsed()));
      }
    }
  }).observe({ entryTypes: ['gc'] });

  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    const spaces: MemoryProbeLine['spaces'] = {};
    for (const space of getHeapSpaceStatistics())
      spaces[space.space_name] = [MiB(space.space_size), MiB(space.space_used_size)];
    const line: MemoryProbeLine = {
      at: Date.now(),
      rss: MiB(usage.rss),
      heapTotal: MiB(usage.heapTotal),
      heapUsed: MiB(usage.heapUsed),
      external: MiB(usage.external),
      arrayBuffers: MiB(usage.arrayBuffers),
      spaces,
      wasm: memories.flatMap((ref) => {
        const memory = ref.deref();
        return memory ? [MiB(memory.buffer.byteLength)] : [];
      }),
      gc: {
        ...gc,
        minorMs: Math.round(gc.minorMs),
        majorMs: Math.round(gc.majorMs),
        liveAfterMajor: gc.liveAfterMajor.splice(0),
      },
    };
    appendFileSync(out, `${JSON.stringify(line)}\n`);
  }, 1000);
  timer.unref();

  let session: Session | undefined;
  process.on('SIGUSR2', () => {
    if (!session) {
      session = new Session();
      session.connect();
      session.post('HeapProfiler.startSampling', {
        samplingInterval: 8192,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: false,
      });
      return;
    }
    const sampling = session;
    session = undefined;
    sampling.post('HeapProfiler.stopSampling', (error, result) => {
      if (!error) writeFileSync(`${out}.heapprofile`, JSON.stringify(result.profile));
      sampling.disconnect();
    });
  });
}
