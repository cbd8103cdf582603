import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { aUser } from '../../../test/fixtures.ts';
import { applyLocale, currentLocale } from '../../lib/i18n/i18n.ts';
import { refreshSession } from '../../lib/session/refresh-session.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { STORAGE_KEYS } from '../../lib/storage/local-storage.ts';
import { restoreCompanionSession } from './restore-companion-session.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('companion-session restore (SPEC §2.2, §4)', () => {
  let fetchSpy: MockInstance<typeof fetch>;
  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(async () => {
    fetchSpy.mockRestore();
    sessionStore.clear();
    localStorage.clear();
    await applyLocale('en-GB');
  });

  it("restores the app's stored tokens into a session in the user's saved language", async () => {
    localStorage.setItem(
      STORAGE_KEYS.companionTokens,
      JSON.stringify({ idToken: 'id', accessToken: 'access', expiresAt: Date.now() + 600_000 }),
    );
    const french = aUser({ preferences: { locale: 'fr-FR' } });
    fetchSpy.mockImplementation(async (input) => {
      const request = input as Request;
      expect(request.url).toMatch(/\/api\/identity\/me$/);
      expect(request.headers.get('authorization')).toBe('Bearer access');
      return json({ data: french });
    });
    expect(await restoreCompanionSession()).toBe(true);
    expect(sessionStore.get()?.user).toEqual(french);
    expect(currentLocale()).toBe('fr-FR');
  });

  it('forgets tokens the API refuses and answers false, so the guard sends to /not-found', async () => {
    localStorage.setItem(
      STORAGE_KEYS.companionTokens,
      JSON.stringify({ idToken: 'id', accessToken: 'stale', expiresAt: Date.now() + 600_000 }),
    );
    fetchSpy.mockResolvedValue(json({ error: { code: 'UNAUTHORIZED', message: 'no' } }, 401));
    expect(await restoreCompanionSession()).toBe(false);
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.companionTokens)).toBeNull();
  });

  it('never refreshes a session the app handed over without a refresh token itself (the app does)', async () => {
    sessionStore.set({
      user: aUser(),
      tokens: { idToken: 'id', accessToken: 'access', refreshToken: '', expiresAt: Date.now() + 60_000 },
    });
    expect(await refreshSession()).toBe(false);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(sessionStore.get()?.tokens.accessToken).toBe('access');
  });
});
