/** The version of the dialog's text and categories: raise it to ask everyone again (docs/decisions/0082). */
export const CONSENT_REVISION = 1;
/** The cookie vanilla-cookieconsent keeps the choice in (JSON, URI-encoded). */
export const CONSENT_COOKIE = 'mp_consent';
export const ANALYTICS = 'analytics';

/** True when the browser holds a choice of the current revision (what the library calls a valid consent). */
export function hasStoredChoice(cookies = document.cookie): boolean {
  const raw = cookies
    .split('; ')
    .find((pair) => pair.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  if (!raw) return false;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as { revision?: unknown; categories?: unknown };
    return value.revision === CONSENT_REVISION && Array.isArray(value.categories);
  } catch {
    return false;
  }
}
