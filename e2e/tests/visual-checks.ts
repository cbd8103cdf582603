import { expect, type Locator, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from './screen-checks.ts';
import { openScreen, type Screen } from './screens.ts';

// Issue 9 §3: what screens-visual.spec.ts does on each screen. The baselines are its -snapshots folder; see
// e2e/README.md for updating them on purpose.

const STYLE_PATH = new URL('./screens-visual.css', import.meta.url).pathname;

/**
 * What is live by nature and so painted over (a box of the element's size): the transactions' live badge, the
 * override banner's sentence (its "until" is the staff member's clock), a download's file name (it carries the
 * report's id) and when the suite's own report was requested (the database's time, not the fixed clock).
 */
function liveParts(page: Page): Locator[] {
  return [
    page.getByRole('status', { name: /^Live updates/ }),
    page.getByRole('status').filter({ hasText: 'Staff override' }).locator('p'),
    page.getByRole('status').filter({ hasText: /\.csv/ }),
    page.getByRole('table', { name: 'Reports', exact: true }).locator('time'),
  ];
}

/**
 * Each screen at 1280 × 800 and 375 × 812, light and dark: opened once (in the app, no reload), then the scheme
 * and the viewport change in place. Screenshots are of the whole page, named `<who>-<screen>-<width>-<scheme>`.
 * Soft assertions: one run reports every screen that changed, not only the first.
 */
export async function shootScreens(page: Page, screens: Screen[], who: string): Promise<void> {
  for (const screen of screens) {
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: 'light' });
    await openScreen(page, screen);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const scheme of viewport === DESKTOP
        ? (['light', 'dark'] as const)
        : (['dark', 'light'] as const)) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        await expect
          .soft(page, `${who} ${screen.path} at ${viewport.width} px, ${scheme}`)
          .toHaveScreenshot(`${who}-${screen.name}-${viewport.width}-${scheme}.png`, {
            fullPage: true,
            animations: 'disabled',
            caret: 'hide',
            mask: liveParts(page),
            stylePath: STYLE_PATH,
          });
      }
    }
  }
}

/**
 * The command palette opened with Ctrl+K over home, a query typed and its first action selected: the panel alone
 * at both widths and in both schemes, named `<who>-palette-<width>-<scheme>`. Its styles must come after
 * @mantine/core's (app-shell-styles.ts): the other way round, its actions lost their padding and highlight.
 */
export async function shootPalette(page: Page, who: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: 'light' });
  await openScreen(page, { name: 'home', path: '/', heading: 'Home' });
  await page.keyboard.press('Control+k');
  await page.getByPlaceholder('Jump to a screen or a company…').fill('trans');
  const panel = page.locator('.mantine-Spotlight-content');
  await expect(panel.getByRole('button', { name: 'Reporting › Transactions' })).toBeVisible();
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect
        .soft(panel, `${who} command palette at ${viewport.width} px, ${scheme}`)
        .toHaveScreenshot(`${who}-palette-${viewport.width}-${scheme}.png`, {
          animations: 'disabled',
          caret: 'hide',
        });
    }
  }
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
}
