import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: {
  type: 'major';
  execution: 'sync';
  /** `last-resort`: V8's collection of all available garbage (several compacting passes, new space shrunk). */
  flavor: 'last-resort';
}) => void;

/**
 * One compacting collection at the end of start-up, before the server listens (main.ts). Migrations, the demo
 * seed and PGlite's start leave the heap full of garbage and V8's limits sized for it; V8's memory reducer
 * collects it only once the process has been idle for ~8 s, and an API that serves at once keeps the larger
 * heap under load: on PGlite 405–411 MiB steady against 319–322 for the same API that had idled 15 s first
 * (docs/PERFORMANCE.md, "Memory", session 14). Takes ~0.1–0.3 s, once, before any request.
 *
 * V8's `gc` is exposed for this one call, in a context of its own (`vm`), so no code of the process ever sees a
 * global `gc`; the flag is turned off again at once.
 */
export function collectStartUpGarbage(): void {
  setFlagsFromString('--expose-gc');
  try {
    const collect = runInNewContext('gc') as Collect;
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
