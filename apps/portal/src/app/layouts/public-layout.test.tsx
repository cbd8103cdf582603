import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aMerchant, aUser } from '../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../lib/session/session-store.ts';
import { queryClient } from '../query-client.ts';
import PublicLayout from './public-layout.tsx';

// Counts the imports of the chat's module (the public layout's lazy JoinChat).
const joinChat = vi.hoisted(() => ({ loaded: 0 }));
vi.mock('./join-chat.tsx', async (importOriginal) => {
  joinChat.loaded += 1;
  return importOriginal();
});

const user = aUser();
let fetchMock: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  fetchMock.mockRestore();
  sessionStore.clear();
  // The public layout's queries live in the app's one client: each test starts without the last one's answers.
  queryClient.clear();
  window.innerWidth = 1024;
});

function signIn() {
  sessionStore.set({
    user,
    tokens: { idToken: 'id', accessToken: 'access', refreshToken: 'r', expiresAt: Date.now() + 3_600_000 },
  });
}

function serveApi() {
  const api = fakeApi({
    'GET /v1/chat/identity': () =>
      jsonResponse(200, {
        data: { provider: 'embedded', appId: null, userId: user.id, userHash: 'a'.repeat(64) },
      }),
    'GET /merchants': () => jsonResponse(200, { data: [aMerchant()] }),
  });
  fetchMock.mockImplementation(api.handle);
  return api;
}

function renderJoin(width: number) {
  window.innerWidth = width;
  window.dispatchEvent(new Event('resize'));
  return renderRoutes(
    [{ Component: PublicLayout, children: [{ path: '/join', element: <h1>Join</h1> }] }],
    '/join',
  );
}

// SPEC §1: the chat is started for the signed-in merchant; SPEC §9: on /join it is hidden at 600 px wide or less and
// sits 100 px from the bottom.
describe('the chat on /join', { timeout: 20_000 }, () => {
  // First in the file: once a test has imported the chat's module, it stays imported.
  it('a signed-out visitor downloads nothing of the chat and asks nothing of the API for it', async () => {
    const api = serveApi();
    renderJoin(1024);
    expect(await screen.findByRole('heading', { name: 'Join' }, { timeout: 5000 })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
    expect(api.calls).toEqual([]);
    expect(joinChat.loaded).toBe(0);
  });

  it('a signed-in user at 1024 px gets the launcher, 100 px from the bottom', async () => {
    signIn();
    serveApi();
    renderJoin(1024);
    const launcher = await screen.findByRole('button', { name: 'Help' }, { timeout: 5000 });
    const affix = launcher.closest('.mantine-Affix-root') as HTMLElement;
    // Mantine writes 100 px as rem (÷16) times the theme's scale.
    expect(affix.style.getPropertyValue('--affix-bottom')).toBe('calc(6.25rem * var(--mantine-scale))');
  });

  it('a signed-in user at 600 px gets no launcher', async () => {
    signIn();
    serveApi();
    renderJoin(600);
    // The chat has its identity (it was started), and still shows no launcher.
    await waitFor(() => expect(queryClient.getQueryData(['chat-identity', user.id])).toBeDefined(), {
      timeout: 5000,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
  });
});
