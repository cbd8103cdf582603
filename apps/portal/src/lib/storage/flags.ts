import { readJson, readString, STORAGE_KEYS } from './local-storage.ts';

/** Feature flags by route id; a route whose flag exists and is false is switched off (SPEC §2.2). */
export type FeatureFlags = Readonly<Record<string, boolean>>;

function configuredFlags(): FeatureFlags {
  const raw = import.meta.env.VITE_FEATURE_FLAGS;
  if (!raw) return {};
  try {
    return JSON.parse(raw) as FeatureFlags;
  } catch {
    return {};
  }
}

/** Build-time flags (VITE_FEATURE_FLAGS, JSON) overridden by the locally stored ones. */
export function readFeatureFlags(): FeatureFlags {
  return { ...configuredFlags(), ...(readJson<FeatureFlags>(STORAGE_KEYS.featureFlags) ?? {}) };
}

/** SPEC §2.2: the developer flag is a local flag that must be exactly true. */
export function readDeveloperFlag(): boolean {
  return readString(STORAGE_KEYS.developer) === 'true';
}

/** SPEC §2.1: the companion-app redirect pages are disabled when this stored flag is present. */
export function readCompanionRedirectsDisabled(): boolean {
  return readString(STORAGE_KEYS.companionRedirectsDisabled) !== null;
}
