import { useSyncExternalStore } from 'react';
import { readString, removeKey, STORAGE_KEYS, writeString } from '../../lib/storage/local-storage.ts';

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
    writeString(keyFor(userId), merchantId);
    emit();
  },
  clear(userId: string): void {
    cleared = true;
    removeKey(keyFor(userId));
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
