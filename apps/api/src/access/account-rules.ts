import { AppError } from '../plugins/errors.ts';

/**
 * DESIGN §4 "Accounts and memberships": staff accounts are never managed by a merchant — never invited into
 * one, made its owner, renamed, reset or removed through it. One answer wherever a merchant route meets one.
 */
export const STAFF_ACCOUNT_MESSAGE =
  'Staff accounts of the provider cannot be invited into a company or managed by one.';

export const staffAccountConflict = () => new AppError(409, 'STAFF_ACCOUNT', STAFF_ACCOUNT_MESSAGE);
