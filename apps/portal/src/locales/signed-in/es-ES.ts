import { accessEsES } from '../access/es-ES.ts';
import { dashboardEsES } from '../dashboard/es-ES.ts';
import { devicesEsES } from '../devices/es-ES.ts';
import { invitationsEsES } from '../invitations/es-ES.ts';
import { onboardingEsES } from '../onboarding/es-ES.ts';
import { passkeysEsES } from '../passkeys/es-ES.ts';
import { payoutsEsES } from '../payouts/es-ES.ts';
import { reportsEsES } from '../reports/es-ES.ts';
import { sessionsEsES } from '../sessions/es-ES.ts';
import { sitesEsES } from '../sites/es-ES.ts';
import { supportEsES } from '../support/es-ES.ts';
import { transactionsEsES } from '../transactions/es-ES.ts';
import type { SignedInResources } from './en-GB.ts';

export const signedInEsES: SignedInResources = {
  access: accessEsES,
  payouts: payoutsEsES,
  reports: reportsEsES,
  transactions: transactionsEsES,
  dashboard: dashboardEsES,
  sites: sitesEsES,
  devices: devicesEsES,
  invitations: invitationsEsES,
  onboarding: onboardingEsES,
  support: supportEsES,
  sessions: sessionsEsES,
  passkeys: passkeysEsES,
};
