import { CONSENT_REVISION } from '@mp/domain/consent';

/** The version of the dialog's text and categories (one constant with the API's check, docs/decisions/0082). */
export { CONSENT_REVISION };
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
