// Texts of the passkey settings (issue 15), signed-in only.
export const passkeysEnGB = {
  title: 'Passkeys',
  intro:
    'A passkey signs you in with your fingerprint, face or device PIN: as the second step after your password, or without your password.',
  none: 'No passkeys yet.',
  name: 'Passkey name',
  namePlaceholder: 'e.g. MacBook',
  add: 'Add a passkey',
  added: 'Passkey added.',
  created: 'Added {{date}}',
  lastUsed: 'last used {{date}}',
  neverUsed: 'not used yet',
  remove: 'Remove',
  removeTitle: 'Remove “{{name}}”',
  removeIntro: 'To remove it, confirm with your password or a current code.',
  confirmRemove: 'Remove passkey',
  removed: 'Passkey removed.',
  cancel: 'Cancel',
  failed: 'The passkey could not be saved. Try again.',
  alreadyRegistered: 'This passkey is already registered.',
  verifyFirst: 'Sign in again with your second factor before adding a passkey.',
  alsoApp: 'You can also add an authenticator app.',
};
