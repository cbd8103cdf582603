/** The version of the dialog's text and categories: raise it to ask everyone again (docs/decisions/0082). */
export const CONSENT_REVISION = 1;
/** The cookie vanilla-cookieconsent keeps the choice in (JSON, URI-encoded). */
export const CONSENT_COOKIE = 'mp_consent';
export const ANALYTICS = 'analytics';
