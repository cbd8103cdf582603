// The texts of the signed-in screens only: fetched with the first signed-in screen (lib/i18n/i18n.ts,
// loadSignedInTexts), so /signin and the other public pages, on a size budget, never download them.
import { accessEnGB } from '../access/en-GB.ts';
import { dashboardEnGB } from '../dashboard/en-GB.ts';
import { devicesEnGB } from '../devices/en-GB.ts';
import type { Widen } from '../en-GB.ts';
import { invitationsEnGB } from '../invitations/en-GB.ts';
import { onboardingEnGB } from '../onboarding/en-GB.ts';
import { passkeysEnGB } from '../passkeys/en-GB.ts';
import { payoutsEnGB } from '../payouts/en-GB.ts';
import { reportsEnGB } from '../reports/en-GB.ts';
import { sessionsEnGB } from '../sessions/en-GB.ts';
import { sitesEnGB } from '../sites/en-GB.ts';
import { supportEnGB } from '../support/en-GB.ts';
import { transactionsEnGB } from '../transactions/en-GB.ts';

export const signedInEnGB = {
  access: accessEnGB,
  payouts: payoutsEnGB,
  reports: reportsEnGB,
  transactions: transactionsEnGB,
  dashboard: dashboardEnGB,
  sites: sitesEnGB,
  devices: devicesEnGB,
  invitations: invitationsEnGB,
  onboarding: onboardingEnGB,
  support: supportEnGB,
  sessions: sessionsEnGB,
  passkeys: passkeysEnGB,
};

export type SignedInResources = Widen<typeof signedInEnGB>;
