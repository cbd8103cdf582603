import { expect, test } from '@playwright/test';
import { VISUAL_NOW } from '../visual-now.ts';
import { watchConsole } from './screen-checks.ts';
import {
  demoIds,
  ownerScreens,
  type Screen,
  SIGNED_OUT_SCREENS,
  serverClock,
  signInAs,
  staffOverrideInto,
  staffScreens,
} from './screens.ts';
import { demo } from './support.ts';
import { shootPalette, shootScreens } from './visual-checks.ts';

// Issue 9 §3: every built screen compared with its committed screenshot at 1280 and 375 px, light and dark
// (visual-checks.ts). It runs in project `visual`, on a stack of its own seeded as of VISUAL_NOW with the API's
// clock starting there (decision 0095); the browser's clock stands at the same instant. One test per user, each
// signing in once.

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(VISUAL_NOW);
});

test.describe('every screen looks as its committed screenshot', () => {
  test('signed out', async ({ page }) => {
    test.setTimeout(60_000);
    const errors = watchConsole(page);
    await shootScreens(page, SIGNED_OUT_SCREENS, 'signed-out');
    expect(errors).toEqual([]);
  });

  test('owner', async ({ page, request }) => {
    test.setTimeout(300_000);
    const ids = await demoIds(request, demo.gbOwner, { readyReport: true });
    const errors = watchConsole(page);
    await signInAs(page, demo.gbOwner);
    await page.mouse.move(0, 0);
    // The end-of-day reports of one site: the job makes them when the stack starts, with ids of its own, so two
    // sites' reports of one day come in either order (the list orders a day's reports by id).
    const screens = ownerScreens(ids).map((screen) =>
      screen.name === 'eod-reports' ? { ...screen, path: `/eod-reports?siteId=${ids.siteId}` } : screen,
    );
    await shootScreens(page, screens, 'owner');
    await shootPalette(page, 'owner');
    expect(errors).toEqual([]);
  });

  test('staff', async ({ page, request }) => {
    test.setTimeout(150_000);
    const ids = await demoIds(request, demo.gbOwner);
    const errors = watchConsole(page);
    const companies: Screen = { name: 'companies', path: '/companies', heading: 'Manage companies' };
    // The demo staff's authenticator code follows the API's clock, which started at VISUAL_NOW.
    const now = await serverClock(request, demo.gbOwner);
    await signInAs(page, demo.staff, 'Manage companies', now);
    await page.mouse.move(0, 0);
    await shootScreens(page, [companies], 'staff');
    await staffOverrideInto(page, 'Brightwater Coffee Ltd', { signedIn: true });
    await page.mouse.move(0, 0);
    // Staff's own screens, and home for the override's banner and menu (users and transactions look as the owner's).
    const own = staffScreens(ids).filter((screen) => !['users', 'transactions'].includes(screen.name));
    await shootScreens(page, own, 'staff');
    expect(errors).toEqual([]);
  });
});
