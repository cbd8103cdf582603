// A diagnosis tool (not a suite): a first signed-in visit of portal screens (/signin signed out) in Chromium, traced, for two or more
// builds taking turns; prints every main-thread task of at least --min ms of CPU after the first contentful paint
// with what ran in it (scripts by file, React's scheduler, style and layout), the CPU time in those tasks, and
// "CPU TBT": Lighthouse's rule applied to CPU time (Σ (CPU ms × slowdown, halved when the task lays out, − 50)),
// without Lighthouse's clipping at its simulated FCP: a lead to confirm with screens-compare.ts, not a score.
//
//   node bench/screens-trace.ts --dist main=/tmp/a --dist branch=/tmp/b [--paths /,/transactions] [--rounds 3]
//     [--port 3120] [--slowdown 8] [--min 6] [--quiet]
import { loadavg } from 'node:os';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { type BuildApi, startBuildApis } from './lib/build-apis.ts';
import { CHROMIUM } from './lib/lighthouse.ts';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', multiple: true },
    paths: { type: 'string', default: '/,/transactions,/company-settings' },
    rounds: { type: 'string', default: '3' },
    port: { type: 'string', default: '3120' },
    slowdown: { type: 'string', default: '8' },
    min: { type: 'string', default: '6' },
    quiet: { type: 'boolean', default: false },
  },
});
const builds = (values.dist ?? []).map((entry) => {
  const [name, dist] = entry.split('=');
  if (!name || !dist) throw new Error(`--dist name=/path, not ${entry}`);
  return { name, dist };
});
const slowdown = Number(values.slowdown);
const min = Number(values.min);
const load = () => (loadavg()[0] ?? 0).toFixed(1);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string } };
}

function analyse(events: TraceEvent[]) {
  const mainThreads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.url?.startsWith('http'));
  if (!fcp) return undefined;
  const thread = mainThreads.find((t) => t.pid === fcp.pid) ?? mainThreads[0];
  if (!thread) return undefined;
  const onMain = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ts >= fcp.ts && (e.tdur ?? 0) / 1000 >= min);
  const t0 = nav?.ts ?? fcp.ts;
  let cpu = 0;
  let tbt = 0;
  const lines: string[] = [];
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    const laysOut = inside.some((e) => e.name === 'Layout');
    const ms = (task.tdur ?? 0) / 1000;
    cpu += ms;
    tbt += Math.max(0, ms * slowdown * (laysOut ? 0.5 : 1) - 50);
    const parts = new Map<string, number>();
    for (const e of inside) {
      if (
        ![
          'EvaluateScript',
          'v8.evaluateModule',
          'FunctionCall',
          'Layout',
          'UpdateLayoutTree',
          'ParseAuthorStyleSheet',
          'TimerFire',
          'FireAnimationFrame',
          'EventDispatch',
          'XHRReadyStateChange',
          'v8.compileModule',
          'RunMicrotasks',
          'ParseHTML',
          'Paint',
        ].includes(e.name)
      )
        continue;
      const url = e.args?.data?.url ? basename(e.args.data.url) : '';
      const fn = e.args?.data?.functionName ? `:${e.args.data.functionName}` : '';
      const key = `${e.name}${url ? ` ${url}` : ''}${fn}`;
      parts.set(key, (parts.get(key) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
    }
    const top = [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join('; ');
    lines.push(
      `    @${((task.ts - t0) / 1000).toFixed(0)} ms: ${ms.toFixed(1)} ms CPU${laysOut ? ' (layout)' : ''} — ${top}`,
    );
  }
  return { fcp: (fcp.ts - t0) / 1000, cpu, tbt, lines };
}

const apis: BuildApi[] = [];
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
});
try {
  await startBuildApis(builds, Number(values.port), apis);
  const results = new Map<string, Array<{ cpu: number; tbt: number }>>();
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const path of values.paths.split(',')) {
      const order = round % 2 === 0 ? apis : [...apis].reverse();
      for (const { name, base, session } of order) {
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        await page.setViewport({
          width: 412,
          height: 823,
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: 1.75,
        });
        await page.goto(`${base}/favicon.svg`);
        // /signin is measured signed out, as the screens suite does.
        if (path !== '/signin')
          await page.evaluate((value) => localStorage.setItem('mp.session', value), JSON.stringify(session));
        const before = load();
        await page.tracing.start({
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'v8.execute',
            'loading',
            'blink.user_timing',
            '__metadata',
          ],
        });
        await page.goto(`${base}${path}`, { waitUntil: 'load' });
        await new Promise((resolve) => setTimeout(resolve, 4000));
        const buffer = await page.tracing.stop();
        await context.close();
        const trace = JSON.parse(new TextDecoder().decode(buffer)) as { traceEvents: TraceEvent[] };
        const result = analyse(trace.traceEvents);
        if (!result) {
          console.log(`round ${round + 1} ${path} ${name}: no FCP in the trace`);
          continue;
        }
        const key = `${path}\t${name}`;
        results.set(key, [...(results.get(key) ?? []), { cpu: result.cpu, tbt: result.tbt }]);
        console.log(
          `round ${round + 1} ${path} ${name}: CPU in tasks ≥ ${min} ms after FCP ${result.cpu.toFixed(0)} ms, CPU TBT at ${slowdown}× ${result.tbt.toFixed(0)} ms (FCP ${result.fcp.toFixed(0)} ms; load ${before} → ${load()})`,
        );
        if (!values.quiet) for (const line of result.lines) console.log(line);
      }
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  console.log('\nmedians (CPU ms, CPU TBT ms):');
  for (const [key, list] of results)
    console.log(
      `${key}\t${median(list.map((r) => r.cpu)).toFixed(0)}\t${median(list.map((r) => r.tbt)).toFixed(0)}\t(${list.map((r) => `${r.cpu.toFixed(0)}/${r.tbt.toFixed(0)}`).join(', ')})`,
    );
} finally {
  await browser.close();
  for (const { api } of apis) await api.stop();
}
