// TEMPORARY diagnosis (not committed): CPU profile per long task after FCP, by module region of an unminified build.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { type BuildApi, startBuildApis } from './lib/build-apis.ts';
import { CHROMIUM } from './lib/lighthouse.ts';

const { values } = parseArgs({ options: { dist: { type: 'string' }, path: { type: 'string', default: '/transactions' }, min: { type: 'string', default: '10' }, port: { type: 'string', default: '3150' }, rounds: { type: 'string', default: '1' }, top: { type: 'string', default: '12' }, under: { type: 'string' } } });
const dist = values.dist!;
const regionCache = new Map<string, Array<[number, string]>>();
function regionOf(url: string, line: number): string {
  const file = basename(url);
  if (!file.endsWith('.js')) return file || '(native)';
  let regions = regionCache.get(file);
  if (!regions) {
    regions = [];
    try {
      const text = readFileSync(join(dist, 'assets', file), 'utf8').split('\n');
      text.forEach((l, i) => { const m = /^\/\/ (\.\.\/\S+|src\/\S+)$/.exec(l); if (m) regions!.push([i, m[1]!.replace(/.*node_modules\//, '')]); });
    } catch {}
    regionCache.set(file, regions);
  }
  let name = file;
  for (const [start, r] of regions) { if (start <= line) name = r; else break; }
  return name;
}
const apis: BuildApi[] = [];
const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'] });
try {
  await startBuildApis([{ name: 'x', dist }], Number(values.port), apis);
  const { base, session } = apis[0]!;
  for (let round = 0; round < Number(values.rounds); round++) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  await page.goto(`${base}/favicon.svg`);
  if (values.path !== '/signin') await page.evaluate((v) => localStorage.setItem('mp.session', v), JSON.stringify(session));
  await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', '__metadata', 'disabled-by-default-v8.cpu_profiler'] });
  await page.goto(`${base}${values.path}`, { waitUntil: 'load' });
  await new Promise((r) => setTimeout(r, 4000));
  const buffer = await page.tracing.stop();
  await context.close();
  const events = (JSON.parse(new TextDecoder().decode(buffer)) as { traceEvents: any[] }).traceEvents;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const mainT = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcp.pid);
  const onMain = events.filter((e) => e.pid === mainT.pid && e.tid === mainT.tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ts >= fcp.ts && (e.tdur ?? 0) / 1000 >= Number(values.min));
  // samples
  const nodes = new Map<number, { fn: string; url: string; line: number; parent?: number }>();
  const samples: Array<{ ts: number; id: number }> = [];
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === mainT.pid);
  const profileIds = new Set(profiles.map((p) => p.id));
  let ts = 0;
  const startById = new Map(profiles.map((p) => [p.id, p.args.data.startTime]));
  let last = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !profileIds.has(e.id)) continue;
    const cp = e.args.data.cpuProfile ?? {};
    for (const n of cp.nodes ?? []) nodes.set(n.id, { fn: n.callFrame.functionName || '(anon)', url: n.callFrame.url ?? '', line: n.callFrame.lineNumber ?? 0, parent: n.parent });
    ts = last.get(e.id) ?? startById.get(e.id);
    const deltas = e.args.data.timeDeltas ?? [];
    (cp.samples ?? []).forEach((id: number, i: number) => { ts += deltas[i]; samples.push({ ts, id }); });
    last.set(e.id, ts);
  }
  for (const task of tasks) {
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur).filter((s) => {
      if (!values.under) return true;
      for (let c: any = nodes.get(s.id); c; c = c.parent ? nodes.get(c.parent) : undefined) if (c.fn === values.under) return true;
      return false;
    });
    const self = new Map<string, number>();
    const incl = new Map<string, number>();
    const inclFn = new Map<string, number>();
    for (const s of inTask) {
      const n = nodes.get(s.id); if (!n) continue;
      const key = n.url ? `${regionOf(n.url, n.line)} ${n.fn}` : n.fn;
      self.set(key, (self.get(key) ?? 0) + 1);
      const seen = new Set<string>(); const seenFn = new Set<string>();
      for (let c: any = n; c; c = c.parent ? nodes.get(c.parent) : undefined) {
        const r = c.url ? regionOf(c.url, c.line) : c.fn;
        if (!seen.has(r)) { seen.add(r); incl.set(r, (incl.get(r) ?? 0) + 1); }
        const fk = `${r} ${c.fn}`;
        if (!seenFn.has(fk)) { seenFn.add(fk); inclFn.set(fk, (inclFn.get(fk) ?? 0) + 1); }
      }
    }
    const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([a, b]) => `${b} ${a}`).join('\n      ');
    console.log(`\n== task @${((task.ts - fcp.ts) / 1000).toFixed(0)} ms after FCP, ${(task.tdur / 1000).toFixed(1)} ms CPU, ${inTask.length} samples`);
    console.log(`  self:\n      ${top(self, Number(values.top))}`);
    console.log(`  inclusive by module:\n      ${top(incl, Number(values.top))}`);
    console.log(`  inclusive by function:\n      ${top(inclFn, Number(values.top) * 2)}`);
  }
  }
} finally { await browser.close(); for (const { api } of apis) await api.stop(); }
