// The cookie-consent dialog's texts (issue 14 §2). Not part of the portal's locale bundle: the preferences' texts load
// with the dialog, after the first render, so /signin's first download does not carry them (docs/decisions/0040); the
// first dialog's (banner.ts) come with the early entry that paints it (docs/decisions/0104). Raise
// CONSENT_REVISION (lib/consent/consent-config.ts) when their substance changes: everyone is asked again.
import { consentBannerTexts } from './banner.ts';

export const consentEnGB = {
  consentModal: consentBannerTexts['en-GB'],
  preferencesModal: {
    title: 'Cookie settings',
    acceptAllBtn: 'Accept all',
    acceptNecessaryBtn: 'Necessary only',
    savePreferencesBtn: 'Save my choice',
    closeIconLabel: 'Close',
    intro: {
      title: 'Your choice',
      description:
        'You can change your choice at any time from "Cookie settings" at the bottom of the page or in your account menu.',
    },
    necessary: {
      title: 'Necessary',
      description:
        'Sign-in, security, your language and colour scheme, and this choice. The portal does not work without them, so they cannot be switched off.',
    },
    analytics: {
      title: 'Analytics',
      description:
        'Which pages are viewed and left, with the page address and, when you are signed in, your user id. Nothing else about you. Off until you accept.',
    },
  },
};
export type ConsentTexts = typeof consentEnGB;
