import { accessFrFR } from '../access/fr-FR.ts';
import { dashboardFrFR } from '../dashboard/fr-FR.ts';
import { devicesFrFR } from '../devices/fr-FR.ts';
import { invitationsFrFR } from '../invitations/fr-FR.ts';
import { onboardingFrFR } from '../onboarding/fr-FR.ts';
import { passkeysFrFR } from '../passkeys/fr-FR.ts';
import { payoutsFrFR } from '../payouts/fr-FR.ts';
import { reportsFrFR } from '../reports/fr-FR.ts';
import { sessionsFrFR } from '../sessions/fr-FR.ts';
import { sitesFrFR } from '../sites/fr-FR.ts';
import { supportFrFR } from '../support/fr-FR.ts';
import { transactionsFrFR } from '../transactions/fr-FR.ts';
import type { SignedInResources } from './en-GB.ts';

export const signedInFrFR: SignedInResources = {
  access: accessFrFR,
  payouts: payoutsFrFR,
  reports: reportsFrFR,
  transactions: transactionsFrFR,
  dashboard: dashboardFrFR,
  sites: sitesFrFR,
  devices: devicesFrFR,
  invitations: invitationsFrFR,
  onboarding: onboardingFrFR,
  support: supportFrFR,
  sessions: sessionsFrFR,
  passkeys: passkeysFrFR,
};
