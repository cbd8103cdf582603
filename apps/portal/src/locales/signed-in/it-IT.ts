import { accessItIT } from '../access/it-IT.ts';
import { dashboardItIT } from '../dashboard/it-IT.ts';
import { devicesItIT } from '../devices/it-IT.ts';
import { invitationsItIT } from '../invitations/it-IT.ts';
import { onboardingItIT } from '../onboarding/it-IT.ts';
import { passkeysItIT } from '../passkeys/it-IT.ts';
import { payoutsItIT } from '../payouts/it-IT.ts';
import { reportsItIT } from '../reports/it-IT.ts';
import { sessionsItIT } from '../sessions/it-IT.ts';
import { sitesItIT } from '../sites/it-IT.ts';
import { supportItIT } from '../support/it-IT.ts';
import { transactionsItIT } from '../transactions/it-IT.ts';
import type { SignedInResources } from './en-GB.ts';

export const signedInItIT: SignedInResources = {
  access: accessItIT,
  payouts: payoutsItIT,
  reports: reportsItIT,
  transactions: transactionsItIT,
  dashboard: dashboardItIT,
  sites: sitesItIT,
  devices: devicesItIT,
  invitations: invitationsItIT,
  onboarding: onboardingItIT,
  support: supportItIT,
  sessions: sessionsItIT,
  passkeys: passkeysItIT,
};
