/**
 * The version of the cookie dialog's text and categories (docs/decisions/0082): raise it to ask everyone again. The
 * portal's dialog compares it with the stored choice; the API stores analytics events only under a choice made on
 * this version or a later one.
 */
export const CONSENT_REVISION = 1;
