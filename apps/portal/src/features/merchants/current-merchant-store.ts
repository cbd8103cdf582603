import { useSyncExternalStore } from 'react';
import type { Merchant } from '../../lib/api/types.ts';
import {
  readJson,
  readString,
  removeKey,
  STORAGE_KEYS,
  writeJson,
  writeString,
} from '../../lib/storage/local-storage.ts';

/**
 * SPEC §4 "Staff override loads any merchant with empty permissions": the merchant a staff member overrode
 * into (as staff search returned it), with the server's override, kept on this device until it expires.
 */
export interface StaffOverrideState {
  merchant: Merchant;
  overrideId: string;
  reason: string;
  /** ISO instant; the server ends the override then too. */
  expiresAt: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
/** Bumped on every change so subscribers re-read. */
let version = 0;
/**
 * SPEC §2.2: opening /onboarding with a deal query clears the current merchant. The choice is held in
 * memory until the user switches merchant again or reloads, so the app-start check then finds none.
 */
let cleared = false;

function keyFor(userId: string): string {
  return `${STORAGE_KEYS.merchantPrefix}${userId}`;
}

function overrideKeyFor(userId: string): string {
  return `${STORAGE_KEYS.merchantPrefix}override.${userId}`;
}

function emit(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export const currentMerchantStore = {
  /** The merchant id remembered for this user; null when none or after a clear. */
  remembered(userId: string): string | null {
    return readString(keyFor(userId));
  },
  isCleared(): boolean {
    return cleared;
  },
  remember(userId: string, merchantId: string): void {
    cleared = false;
    removeKey(overrideKeyFor(userId));
    writeString(keyFor(userId), merchantId);
    emit();
  },
  clear(userId: string): void {
    cleared = true;
    removeKey(overrideKeyFor(userId));
    removeKey(keyFor(userId));
    emit();
  },
  /** The staff member's live override, or null (an expired one is forgotten). */
  override(userId: string, now: number = Date.now()): StaffOverrideState | null {
    const state = readJson<StaffOverrideState>(overrideKeyFor(userId));
    if (!state) return null;
    if (Date.parse(state.expiresAt) <= now) {
      removeKey(overrideKeyFor(userId));
      return null;
    }
    return state;
  },
  /** The overridden merchant becomes the current one, with the empty permissions the server gave it. */
  startOverride(userId: string, state: StaffOverrideState): void {
    cleared = false;
    writeJson(overrideKeyFor(userId), state);
    emit();
  },
  endOverride(userId: string): void {
    removeKey(overrideKeyFor(userId));
    emit();
  },
  /** Sign-out resets the in-memory state (the per-user choice stays on the device). */
  reset(): void {
    cleared = false;
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Re-renders when the remembered or cleared merchant changes. */
export function useCurrentMerchantVersion(): number {
  return useSyncExternalStore(
    currentMerchantStore.subscribe,
    () => version,
    () => version,
  );
}
