import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { chatPlacement, shutdownChat } from '../../../lib/chat/chat-port.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { ChatWidget } from './chat-widget.tsx';

const intercom = vi.hoisted(() => ({ boot: vi.fn(), update: vi.fn(), shutdown: vi.fn() }));
vi.mock('@intercom/messenger-js-sdk', () => ({
  default: intercom.boot,
  update: intercom.update,
  shutdown: intercom.shutdown,
}));

const HASH = 'a'.repeat(64);
const user = aUser();
const merchant = { merchantId: 'm-1', legalEntityName: 'Acme Ltd' };

let fetchMock: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch');
  sessionStore.set({
    user,
    tokens: { idToken: 'id', accessToken: 'access', refreshToken: 'r', expiresAt: Date.now() + 3_600_000 },
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  sessionStore.clear();
  vi.clearAllMocks();
  window.innerWidth = 1024;
});

function serveIdentity(
  provider: 'embedded' | 'intercom',
  support: () => Response = () =>
    jsonResponse(202, { data: { reference: 'S-0A1B2C3D', sentAt: '2026-11-23T10:00:00.000Z' } }),
) {
  const fake = fakeApi({
    'GET /v1/chat/identity': () =>
      jsonResponse(200, {
        data: { provider, appId: provider === 'intercom' ? 'app-42' : null, userId: user.id, userHash: HASH },
      }),
    'POST /v1/support/messages': support,
  });
  fetchMock.mockImplementation(fake.handle);
  return fake;
}

const renderAt = (path: string) =>
  renderRoutes([{ path: '*', element: <ChatWidget user={user} merchant={merchant} /> }], path);

describe('chat placement (SPEC §9)', () => {
  it('hides the chat on /join at 600 px or less and pads it 100 px on /join', () => {
    expect(chatPlacement('/join', 600)).toEqual({ hidden: true, verticalPadding: 100 });
    expect(chatPlacement('/join', 601)).toEqual({ hidden: false, verticalPadding: 100 });
    expect(chatPlacement('/transactions', 375)).toEqual({ hidden: false, verticalPadding: 20 });
  });
});

describe('chat widget (issue 14 §4)', () => {
  it('asks the API for the identity of the web client and opens the built-in help panel', async () => {
    const fake = serveIdentity('embedded');
    renderAt('/transactions');
    await userEvent.click(await screen.findByRole('button', { name: 'Help' }));
    expect(screen.getByRole('dialog', { name: 'Help and support' })).toBeInTheDocument();
    expect(screen.getByText('Hi Olive Owner, how can we help?')).toBeInTheDocument();
    expect(screen.getByTestId('chat-reference')).toHaveTextContent(HASH.slice(0, 12));
    expect(fake.calls.map((c) => c.route)).toEqual(['GET /v1/chat/identity']);
    expect(intercom.boot).not.toHaveBeenCalled();
  });

  it('sends the contact form to support about the open company and shows the reference', async () => {
    const fake = serveIdentity('embedded');
    renderAt('/transactions');
    await userEvent.click(await screen.findByRole('button', { name: 'Help' }));
    // The form loads in a chunk of its own when the panel opens (issue 16 §2).
    await userEvent.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(fake.bodiesOf('POST /v1/support/messages')).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Subject' }), '  Refund question ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Line one{enter}Line two');
    expect(screen.getByRole('checkbox', { name: 'About Acme Ltd' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByTestId('support-sent')).toHaveTextContent(
      `Message sent. Your reference is S-0A1B2C3D; we have e-mailed you a confirmation and will reply to ${user.email}.`,
    );
    expect(fake.bodiesOf('POST /v1/support/messages')).toEqual([
      { subject: 'Refund question', message: 'Line one\nLine two', merchantId: 'm-1' },
    ]);
  });

  it('says so when the messages per hour are spent, and keeps what was written', async () => {
    serveIdentity('embedded', () =>
      jsonResponse(429, { error: { code: 'RATE_LIMITED', message: 'Too many requests.' } }),
    );
    renderAt('/transactions');
    await userEvent.click(await screen.findByRole('button', { name: 'Help' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Subject' }), 'Hello');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Still there?');
    await userEvent.click(screen.getByRole('checkbox', { name: 'About Acme Ltd' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have sent several messages in a short time. Please try again later.',
    );
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Hello');
  });

  it('shows no launcher on /join when the window is 600 px wide', async () => {
    window.innerWidth = 600;
    window.dispatchEvent(new Event('resize'));
    const fake = serveIdentity('embedded');
    renderAt('/join');
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
  });

  it('starts Intercom with the identity hash, name, e-mail and company, and shuts it down on sign-out', async () => {
    serveIdentity('intercom');
    renderAt('/join');
    await waitFor(() => expect(intercom.boot).toHaveBeenCalledTimes(1));
    expect(intercom.boot).toHaveBeenCalledWith(
      expect.objectContaining({
        app_id: 'app-42',
        user_id: user.id,
        user_hash: HASH,
        email: user.email,
        name: 'Olive Owner',
        company: { company_id: 'm-1', name: 'Acme Ltd' },
        vertical_padding: 100,
      }),
    );
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
    shutdownChat();
    expect(intercom.shutdown).toHaveBeenCalledTimes(1);
  });
});
