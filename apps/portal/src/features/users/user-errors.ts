/**
 * The users screens' API refusals (issue 8 §1, DESIGN §4 "Accounts and memberships") as text keys, for
 * apiErrorKey: shown in the user's language, never as the API's English message.
 */
export const USER_ERRORS: Record<string, string> = {
  LAST_COMPANY_OWNER: 'access.users.errors.lastOwner',
  ACCOUNT_SHARED: 'access.users.accountShared',
  GRANT_EXCEEDS_OWN: 'access.users.errors.beyondOwn',
  INVITATION_PENDING: 'access.users.errors.pending',
  USER_ALREADY_MEMBER: 'access.users.errors.alreadyMember',
  STAFF_ACCOUNT: 'access.users.errors.staffAccount',
  CONFLICT: 'access.users.errors.changed',
};
