import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  asCompanionApp,
  COMPANION_SCREENS,
  demoIds,
  managerScreens,
  openScreen,
  ownerScreens,
  type Screen,
  SIGNED_OUT_SCREENS,
  signInAs,
  staffOverrideInto,
  staffScreens,
} from './screens.ts';
import { demo } from './support.ts';

// Issue 9 §3: every screen a signed-out visitor, an owner, a site manager and staff can open, loaded once each:
// axe finds no serious or critical violation in light and in dark, and at 375 px nothing scrolls sideways, no
// element sticks out of the viewport, and the console stays free of errors. One test per user, so each signs in
// once; the colour scheme and the viewport change in place, without reloading.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

/**
 * Serious and critical axe violations on the page as it is, one line each. `full`: every rule axe runs by default,
 * plus the experimental label-content-name-mismatch (a button showing one thing and named another); otherwise only
 * the rules that depend on colour, which is all a change of scheme can break. Legacy mode runs axe in the page
 * itself instead of opening a second page per run to merge frame results (the portal has no iframes here),
 * which halves the time of each run.
 */
async function axeFindings(page: Page, where: string, full: boolean): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (full) builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  else builder.withRules(['color-contrast', 'link-in-text-block']);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${where}: axe ${violation.id} (${violation.impact}) on ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
}

/**
 * What sticks out at the current viewport: the page scrolling sideways, and every visible element wider than the
 * viewport or reaching past its right edge, unless a scrolling or clipping ancestor (a table's own scroll area, a
 * collapsed navbar) holds it.
 */
async function overflowFindings(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const out: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) out.push(`the page scrolls sideways (scrollWidth ${scrollWidth} > ${width})`);
    const clipped = (element: Element): boolean => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible') return true;
        if (style.position === 'fixed' && parent.getBoundingClientRect().right <= 0) return true;
      }
      return false;
    };
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const cls = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
      const text = (element.textContent ?? '').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id}${cls ? `.${cls}` : ''}> "${text}"`;
    };
    const wide: Element[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.width <= width + 0.5 && rect.right <= width + 0.5) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (clipped(element)) continue;
      // Report the outermost offender only.
      if (wide.some((outer) => outer.contains(element))) continue;
      wide.push(element);
      out.push(
        `${describe(element)} is ${Math.round(rect.width)} px wide, right edge at ${Math.round(rect.right)}`,
      );
    }
    return out;
  });
  return found.map((line) => `${where}: ${line}`);
}

/** Console errors and uncaught page errors, each with the path it happened on. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error')
      errors.push(`${new URL(page.url()).pathname}: console error: ${message.text()}`);
  });
  page.on('pageerror', (error) =>
    errors.push(`${new URL(page.url()).pathname}: page error: ${error.message}`),
  );
  return errors;
}

/** Each screen: axe in light and in dark at 1280 px, then the phone layout; back to light desktop for the next. */
async function checkScreens(page: Page, screens: Screen[], who: string): Promise<string[]> {
  const findings: string[] = [];
  for (const screen of screens) {
    const where = `${who} ${screen.path}`;
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: 'light' });
    await openScreen(page, screen);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    findings.push(...(await axeFindings(page, `${where} light`, true)));
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    findings.push(...(await axeFindings(page, `${where} dark`, false)));
    await page.setViewportSize(PHONE);
    // Let the layout answer the narrower viewport (Mantine's breakpoints are media queries and resize listeners).
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    let overflow = await overflowFindings(page, `${where} 375px`);
    // A resize is not over in two frames everywhere (the shell's navbar and tabs animate for 200 ms, fonts and
    // grids settle): what overflows is measured again once it has, and only a lasting overflow is a finding.
    if (overflow.length > 0) {
      await page.waitForTimeout(1_000);
      overflow = await overflowFindings(page, `${where} 375px`);
    }
    findings.push(...overflow);
  }
  return findings;
}

test.describe('every screen: axe light and dark, no sideways overflow at 375 px, no console error', () => {
  test('signed out', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = watchConsole(page);
    const findings = await checkScreens(page, SIGNED_OUT_SCREENS, 'signed out');
    expect([...findings, ...errors]).toEqual([]);
  });

  test('owner', async ({ page, request }) => {
    test.setTimeout(240_000);
    const ids = await demoIds(request, demo.gbOwner);
    const errors = watchConsole(page);
    await signInAs(page, demo.gbOwner);
    const findings = await checkScreens(page, ownerScreens(ids), 'owner');
    expect([...findings, ...errors]).toEqual([]);
  });

  test('site manager', async ({ page, request }) => {
    test.setTimeout(180_000);
    const ids = await demoIds(request, demo.gbOwner);
    const errors = watchConsole(page);
    await signInAs(page, demo.gbManager);
    const findings = await checkScreens(page, managerScreens(ids), 'site manager');
    expect([...findings, ...errors]).toEqual([]);
  });

  test('companion app pages', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    await asCompanionApp(page, demo.gbOwner);
    const findings = await checkScreens(page, COMPANION_SCREENS, 'companion');
    expect([...findings, ...errors]).toEqual([]);
  });

  test('staff', async ({ page, request }) => {
    test.setTimeout(180_000);
    const ids = await demoIds(request, demo.gbOwner);
    const errors = watchConsole(page);
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: 'light' });
    const companies: Screen = { name: 'companies', path: '/companies', heading: 'Manage companies' };
    await staffOverrideInto(page, 'Brightwater Coffee Ltd');
    const findings = await checkScreens(page, [companies, ...staffScreens(ids)], 'staff');
    expect([...findings, ...errors]).toEqual([]);
  });
});
