// Texts of two-factor sign-in (issue 15): the sign-in challenge and the set-up in the user menu.
export const twoFactorEnGB = {
  challenge: {
    title: 'Two-factor sign-in',
    intro: 'Enter the 6-digit code from your authenticator app.',
    code: 'Code',
    recoveryHint: 'Lost your phone? Enter one of your recovery codes instead.',
    submit: 'Verify',
    back: 'Back to sign in',
  },
  errors: {
    codeMismatch: 'Invalid code, please try again.',
    sessionExpired: 'Your sign-in has expired. Please sign in again.',
    freshProof: 'Enter your password or a current code to confirm.',
    alreadySetUp: 'An authenticator app is already set up. Remove it first to set up another.',
  },
  required: {
    staff: 'Staff accounts need two-factor sign-in.',
    merchant: 'Your company requires two-factor sign-in.',
  },
  menu: 'Two-factor sign-in',
  settings: {
    title: 'Two-factor sign-in',
    off: 'Two-factor sign-in is off. Add an authenticator app so that your password alone cannot open your account.',
    on: 'Two-factor sign-in is on with an authenticator app.',
    recoveryLeft: '{{count}} recovery codes left.',
    start: 'Set up an authenticator app',
    scan: 'Scan this QR code with your authenticator app, or type the key below into it.',
    qrAlt: 'QR code for your authenticator app',
    secret: 'Key',
    firstCode: 'Code shown by the app',
    confirm: 'Turn on',
    recoveryTitle: 'Your recovery codes',
    recoveryIntro:
      'Each code signs you in once if you lose your phone. Save them somewhere safe now: they are shown only this once.',
    saved: 'I have saved them',
    enabled: 'Two-factor sign-in is on.',
    remove: 'Remove authenticator app',
    removeIntro: 'To remove it, confirm with your password or a current code.',
    password: 'Password',
    removed: 'Authenticator app removed.',
    close: 'Close',
  },
};
