/** Every key the portal keeps in localStorage, in one place so sign-out can clear them. */
export const STORAGE_KEYS = {
  session: 'mp.session',
  locale: 'mp.locale',
  featureFlags: 'mp.featureFlags',
  developer: 'mp.developer',
  companionTokens: 'mp.companionTokens',
  companionRedirectsDisabled: 'mp.companionRedirectsDisabled',
  /** Suffixed with the user id: the merchant each user chose last (SPEC §4). */
  merchantPrefix: 'mp.merchant.',
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
}

export function readString(key: string): string | null {
  return localStorage.getItem(key);
}

export function writeString(key: string, value: string): void {
  localStorage.setItem(key, value);
}

export function removeKey(key: string): void {
  localStorage.removeItem(key);
}
