import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { openScreen, type Screen } from './screens.ts';

// The checks of issue 9 §3, shared by the screens-layout-a11y specs (one file per pair of users, so that the two
// end-to-end stacks can run them side by side: decision 0089).

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

/**
 * Serious and critical axe violations on the page as it is, one line each. `full`: every rule axe runs by default,
 * plus the experimental label-content-name-mismatch (a button showing one thing and named another); otherwise only
 * the rules that depend on colour, which is all a change of scheme can break. Legacy mode runs axe in the page
 * itself instead of opening a second page per run to merge frame results (the portal has no iframes here),
 * which halves the time of each run.
 */
export async function axeFindings(page: Page, where: string, full: boolean): Promise<string[]> {
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
 * What sticks out at the current viewport: the page scrolling sideways, a badge whose label is cut short, and every
 * visible element wider than the viewport or reaching past its right edge, unless a scrolling or clipping ancestor
 * (a table's own scroll area, a collapsed navbar) holds it.
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
    // A badge is a word or two: cut to "Ac…" or "DE…" it says nothing (Mantine ends a squeezed label in an ellipsis).
    for (const label of document.querySelectorAll<HTMLElement>('.mantine-Badge-label')) {
      if (label.getBoundingClientRect().width > 0 && label.scrollWidth > label.clientWidth + 1)
        out.push(
          `the badge "${label.textContent}" is cut to ${label.clientWidth} of its ${label.scrollWidth} px`,
        );
    }
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
export function watchConsole(page: Page): string[] {
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
export async function checkScreens(page: Page, screens: Screen[], who: string): Promise<string[]> {
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
