import puppeteer from 'puppeteer-core';
import { type BuildApi, startBuildApis } from './lib/build-apis.ts';
import { CHROMIUM } from './lib/lighthouse.ts';
const apis: BuildApi[] = [];
const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
try {
  await startBuildApis([{ name: 'x', dist: '/work/main/apps/portal/dist' }], 3170, apis);
  const { base, session } = apis[0]!;
  for (const [w, h, scheme] of [[1280, 800, 'light'], [375, 812, 'dark']] as const) {
    const page = await browser.newPage();
    await page.setViewport({ width: w, height: h });
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
    await page.goto(`${base}/favicon.svg`);
    await page.evaluate((v) => { localStorage.setItem('mp.session', v); localStorage.setItem('mp.cookie-consent', JSON.stringify({ v: 1 })); }, JSON.stringify(session));
    await page.goto(`${base}/transactions`, { waitUntil: 'load' }); await new Promise((r) => setTimeout(r, 2500));
    const dialog = await page.$('[role=dialog] button');
    if (dialog) { const buttons = await page.$$('[role=dialog] button'); await buttons[buttons.length - 1]!.click(); }
    await new Promise((r) => setTimeout(r, 500));
    const input = await page.$('main input[aria-haspopup=listbox]');
    await input?.click();
    await new Promise((r) => setTimeout(r, 500));
    await page.screenshot({ path: `/tmp/diag/select-${w}.png` });
    await page.keyboard.press('Escape');
    const menu = await page.$('header button[aria-haspopup=menu]');
    await menu?.click();
    await new Promise((r) => setTimeout(r, 500));
    await page.screenshot({ path: `/tmp/diag/menu-${w}.png` });
    await page.close();
  }
} finally { await browser.close(); for (const { api } of apis) await api.stop(); }
