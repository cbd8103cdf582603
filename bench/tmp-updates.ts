// TEMPORARY: non-transition React updates on a first visit (probe build), grouped.
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { type BuildApi, startBuildApis } from './lib/build-apis.ts';
import { CHROMIUM } from './lib/lighthouse.ts';
const { values } = parseArgs({ options: { dist: { type: 'string' }, path: { type: 'string', default: '/transactions' }, port: { type: 'string', default: '3160' } } });
const apis: BuildApi[] = [];
const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'] });
try {
  await startBuildApis([{ name: 'x', dist: values.dist! }], Number(values.port), apis);
  const { base, session } = apis[0]!;
  for (const path of values.path!.split(',')) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
    await page.goto(`${base}/favicon.svg`);
    if (path !== '/signin') await page.evaluate((v) => localStorage.setItem('mp.session', v), JSON.stringify(session));
    await page.goto(`${base}${path}`, { waitUntil: 'load' });
    await new Promise((r) => setTimeout(r, 4000));
    const upd = (await page.evaluate(() => (window as any).__upd ?? [])) as Array<{ lane: number; ctx: number; name: string; stack: string; t: number }>;
    await context.close();
    console.log(`\n${path}: ${upd.length} non-transition updates`);
    const groups = new Map<string, number>();
    for (const u of upd) { const k = `lane ${u.lane} ctx ${u.ctx} ${u.name} :: ${u.stack}`; groups.set(k, (groups.get(k) ?? 0) + 1); }
    for (const [k, n] of [...groups].sort((a, b) => b[1] - a[1])) console.log(`  ${n}× ${k}`);
  }
} finally { await browser.close(); for (const { api } of apis) await api.stop(); }
