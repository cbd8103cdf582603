import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../storage/local-storage.ts';
import { hasStoredSession, SESSION_KEY, warmIntl } from './warm-intl.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('warmIntl', () => {
  it("reads the session under lib/storage's key", () => {
    expect(SESSION_KEY).toBe(STORAGE_KEYS.session);
    expect(hasStoredSession()).toBe(false);
    localStorage.setItem(STORAGE_KEYS.session, '{}');
    expect(hasStoredSession()).toBe(true);
  });

  it('is false, not an error, when storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(hasStoredSession()).toBe(false);
  });

  it("makes and uses a date and a number formatter in the user's language", () => {
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    warmIntl('fr-FR');
    expect(dates).toHaveBeenCalledWith('fr-FR', expect.objectContaining({ timeZone: 'UTC' }));
    expect(numbers).toHaveBeenCalledWith('fr-FR', expect.objectContaining({ style: 'currency' }));
  });

  it('leaves a locale Intl rejects to the app', () => {
    expect(() => warmIntl('not a locale!')).not.toThrow();
  });
});
