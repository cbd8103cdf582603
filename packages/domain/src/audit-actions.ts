/**
 * Every action the audit log records (audit_log.action), a dotted verb. The API's writers are typed to this list
 * and the portal names each one in every language (the company settings' audit log), so an entry is never shown
 * by its code. A new action goes here first.
 */
export const AUDIT_ACTIONS = [
  // A merchant's own log (company settings → audit log)
  'user.invite',
  'user.update',
  'user.reset-password',
  'user.remove',
  'invitation.create',
  'invitation.revoke',
  'invitation.accept',
  'invitation.decline',
  'transaction.refund',
  'transaction.receipt',
  'invoice.raise_one_off',
  'capital.request',
  'capital.approve',
  'capital.decline',
  'site.create',
  'site.update',
  'site.archive',
  'site.passcodes.reveal',
  'site.settings.update',
  'site.integration.push.rotate',
  'site.integration.pull.rotate',
  'device.rename',
  'device.order',
  'device.assign',
  'rates.update',
  'rates.associate-deal',
  'company.update-details',
  'company.two-factor-requirement',
  'company.deactivate',
  'override.start',
  'override.end',
  'staff.request',
  'merchant.transfer',
  'merchant.churn',
  'merchant.churned',
  'merchant.block',
  'merchant.unblock',
  // On no merchant: staff's own searches, deals before their merchant exists, a person's own sign-in factors
  'staff.search',
  'deal.create',
  'deal.withdraw',
  'deal.extend',
  'identity.passkey.added',
  'identity.passkey.removed',
  'identity.totp.added',
  'identity.totp.removed',
  'identity.session.ended',
  'identity.sessions.others-ended',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
