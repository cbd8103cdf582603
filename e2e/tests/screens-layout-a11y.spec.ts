import { expect, test } from '@playwright/test';
import { axeFindings, checkScreens, DESKTOP, watchConsole } from './screen-checks.ts';
import { demoIds, ownerScreens, SIGNED_OUT_SCREENS, signInAs } from './screens.ts';
import { demo } from './support.ts';

// Issue 9 §3: every screen a signed-out visitor, an owner, a site manager and staff can open, loaded once each:
// axe finds no serious or critical violation in light and in dark, and at 375 px nothing scrolls sideways, no
// element sticks out of the viewport, and the console stays free of errors. One test per user, so each signs in
// once; the colour scheme and the viewport change in place, without reloading. The site manager and staff are in
// screens-layout-a11y-roles.spec.ts, the checks in screen-checks.ts. A screen waiting for its data is checked too
// (its spinner was refused by axe whenever a check caught it loading).

test.describe('every screen: axe light and dark, no sideways overflow at 375 px, no console error', () => {
  test('signed out', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = watchConsole(page);
    const findings = await checkScreens(page, SIGNED_OUT_SCREENS, 'signed out');
    expect([...findings, ...errors]).toEqual([]);
  });

  test('signed out: the sign-in, join and forgot-password cards stand in the middle, under one same header, one line at 375 px in every language', async ({
    page,
  }) => {
    // /join's card stood at the left of the page's column while /signin's and /forgot's were centred; and /signin
    // (no Mantine) wrote in Mantine's default fonts, the others in the theme's, so its header's logo had another width.
    await page.setViewportSize(DESKTOP);
    const logoWidths: number[] = [];
    for (const path of ['/signin', '/join', '/forgot']) {
      await page.goto(path);
      const form = page.locator('main form').first();
      await expect(form, `${path} shows its form`).toBeVisible();
      const { centre, middle } = await form.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return { centre: (box.left + box.right) / 2, middle: document.documentElement.clientWidth / 2 };
      });
      expect(Math.abs(centre - middle), `${path}: the form's centre against the page's`).toBeLessThanOrEqual(
        2,
      );
      const logo = page.getByRole('banner').getByRole('link').first();
      logoWidths.push(Math.round(((await logo.boundingBox()) as { width: number }).width));
    }
    expect(logoWidths, "the header's logo is as wide on each screen").toEqual([
      logoWidths[0],
      logoWidths[0],
      logoWidths[0],
    ]);

    // At 375 px the header is one line in every language: the language menu dropped under the logo (the Spanish
    // wordmark is the longest), so its top must lie within the logo's height, and the wordmark is never cut.
    await page.setViewportSize({ width: 375, height: 800 });
    for (const [locale, label] of [
      ['en-GB', 'Language'],
      ['es-ES', 'Idioma'],
      ['fr-FR', 'Langue'],
      ['it-IT', 'Lingua'],
    ] as const) {
      for (const path of ['/signin', '/join', '/forgot']) {
        await page.goto(path);
        await expect(page.locator('main form').first(), `${path} shows its form`).toBeVisible();
        const banner = page.getByRole('banner');
        const select = banner.locator('select');
        if ((await select.inputValue()) !== locale) await select.selectOption(locale);
        await expect(banner.getByRole('combobox', { name: label })).toHaveValue(locale);
        const logo = (await banner.getByRole('link').first().boundingBox()) as { y: number; height: number };
        const menu = (await select.boundingBox()) as { y: number };
        expect(
          menu.y,
          `${locale} ${path}: the language menu beside the logo, on its line`,
        ).toBeGreaterThanOrEqual(logo.y);
        expect(menu.y, `${locale} ${path}: the language menu beside the logo, on its line`).toBeLessThan(
          logo.y + logo.height,
        );
        const cut = await banner
          .getByRole('link')
          .first()
          .evaluate((link) =>
            [...link.querySelectorAll('span')].some((span) => span.scrollWidth > span.clientWidth),
          );
        expect(cut, `${locale} ${path}: the wordmark is whole`).toBe(false);
      }
    }
  });

  test('owner', async ({ page, request }) => {
    test.setTimeout(240_000);
    const ids = await demoIds(request, demo.gbOwner, { readyReport: true });
    const errors = watchConsole(page);
    await signInAs(page, demo.gbOwner);
    const findings = await checkScreens(page, ownerScreens(ids), 'owner');
    expect([...findings, ...errors]).toEqual([]);
  });

  test('owner, a screen still loading: its spinner is a named status', async ({ page, request }) => {
    const ids = await demoIds(request, demo.gbOwner);
    await signInAs(page, demo.gbOwner);
    // The payout's answer is held until axe has looked at the screen waiting for it.
    let release: () => void = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route(`**/api/v1/merchants/*/payouts/${ids.payoutId}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/payouts/${ids.payoutId}`);
    await expect(page.getByRole('status', { name: 'Loading…' })).toBeVisible();
    expect(await axeFindings(page, `owner /payouts/${ids.payoutId} loading`, true)).toEqual([]);
    release();
    await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: /Payout/ })).toBeVisible();
  });
});
