import { expect, test } from '@playwright/test';
import { checkScreens, watchConsole } from './screen-checks.ts';
import { demoIds, ownerScreens, SIGNED_OUT_SCREENS, signInAs } from './screens.ts';
import { demo } from './support.ts';

// Issue 9 §3: every screen a signed-out visitor, an owner, a site manager and staff can open, loaded once each:
// axe finds no serious or critical violation in light and in dark, and at 375 px nothing scrolls sideways, no
// element sticks out of the viewport, and the console stays free of errors. One test per user, so each signs in
// once; the colour scheme and the viewport change in place, without reloading. The site manager and staff are in
// screens-layout-a11y-roles.spec.ts, the checks in screen-checks.ts.

test.describe('every screen: axe light and dark, no sideways overflow at 375 px, no console error', () => {
  test('signed out', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = watchConsole(page);
    const findings = await checkScreens(page, SIGNED_OUT_SCREENS, 'signed out');
    expect([...findings, ...errors]).toEqual([]);
  });

  test('owner', async ({ page, request }) => {
    test.setTimeout(240_000);
    const ids = await demoIds(request, demo.gbOwner, { readyReport: true });
    const errors = watchConsole(page);
    await signInAs(page, demo.gbOwner);
    const findings = await checkScreens(page, ownerScreens(ids), 'owner');
    expect([...findings, ...errors]).toEqual([]);
  });
});
