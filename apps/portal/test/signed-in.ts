import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';
import { type SessionUser, sessionStore } from '../src/lib/session/session-store.ts';
import { aUser } from './fixtures.ts';

/**
 * For a test file of screens that call the API: before each test, signs `user` in (tokens valid for an hour) and
 * spies on fetch; after it, restores fetch and signs out. Returns the current spy, to give it a fakeApi handler.
 */
export function signedInWithFetchSpy(
  user: () => SessionUser = () => aUser(),
): () => MockInstance<typeof fetch> {
  let spy: MockInstance<typeof fetch> | undefined;
  beforeEach(() => {
    spy = vi.spyOn(globalThis, 'fetch');
    sessionStore.set({
      user: user(),
      tokens: {
        idToken: 'id',
        accessToken: 'access',
        refreshToken: 'refresh',
        expiresAt: Date.now() + 3_600_000,
      },
    });
  });
  afterEach(() => {
    spy?.mockRestore();
    sessionStore.clear();
  });
  return () => {
    if (!spy) throw new Error('signedInWithFetchSpy: only inside a test');
    return spy;
  };
}
