import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import InvitationsScreen from './invitations.tsx';

const ACME = '11111111-1111-4111-8111-111111111111';
const GLOBEX = '22222222-2222-4222-8222-222222222222';

const acme = {
  invitationId: ACME,
  merchantId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  merchantName: 'Acme Ltd',
  companyRoles: ['CompanyOwner'],
  siteRoles: [],
  invitedBy: 'olive@acme.example',
  createdAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2026-11-27T09:00:00.000Z',
};
const globex = {
  ...acme,
  invitationId: GLOBEX,
  merchantId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  merchantName: 'Globex Ltd',
  companyRoles: [],
  siteRoles: [
    { siteId: 's-1', roles: ['SiteManager'] },
    { siteId: 's-2', roles: ['SiteManager'] },
  ],
  invitedBy: null,
};

const fetchMock = signedInWithFetchSpy();

const renderScreen = () =>
  renderRoutes([{ path: '/invitations', Component: InvitationsScreen }], '/invitations');

describe('/invitations (issue 8 §1)', () => {
  it('shows each pending invitation with company, inviter, role and expiry; accepting joins and drops it', async () => {
    const user = userEvent.setup();
    let open = [acme, globex];
    const fake = fakeApi({
      'GET /v1/invitations': () => jsonResponse(200, { data: open }),
      [`POST /v1/invitations/${ACME}/accept`]: () => {
        open = open.filter((i) => i.invitationId !== ACME);
        return jsonResponse(200, { data: { ok: true } });
      },
      'GET /v1/merchants': () => jsonResponse(200, { data: [] }),
    });
    fetchMock().mockImplementation(fake.handle);
    renderScreen();
    const card = await screen.findByRole('region', { name: 'Acme Ltd' });
    expect(within(card).getByText('Invited by olive@acme.example')).toBeInTheDocument();
    expect(within(card).getByText('Role: Company owner')).toBeInTheDocument();
    expect(within(card).getByText(/Expires/)).toBeInTheDocument();
    const other = screen.getByRole('region', { name: 'Globex Ltd' });
    expect(within(other).getByText('Role: Site manager of 2 sites')).toBeInTheDocument();
    expect(within(other).queryByText(/Invited by/)).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByText('You joined Acme Ltd. Switch to it from the company switcher.'),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Acme Ltd' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Globex Ltd' })).toBeInTheDocument();
    expect(fake.calls.map((c) => c.route)).toContain(`POST /v1/invitations/${ACME}/accept`);
  });

  it('says so for each invitation accepted, also when a second was accepted before the first was answered', async () => {
    const user = userEvent.setup();
    // Names no other test's toast carries (Mantine keeps its toasts from one test to the next).
    const initech = { ...acme, merchantName: 'Initech Ltd' };
    const umbrella = { ...globex, merchantName: 'Umbrella Ltd' };
    let answerInitech: () => void = () => {};
    const initechAnswer = new Promise<Response>((resolve) => {
      answerInitech = () => resolve(jsonResponse(200, { data: { ok: true } }));
    });
    fetchMock().mockImplementation(
      fakeApi({
        'GET /v1/invitations': () => jsonResponse(200, { data: [initech, umbrella] }),
        [`POST /v1/invitations/${ACME}/accept`]: () => initechAnswer,
        [`POST /v1/invitations/${GLOBEX}/accept`]: () => jsonResponse(200, { data: { ok: true } }),
        'GET /v1/merchants': () => jsonResponse(200, { data: [] }),
      }).handle,
    );
    renderScreen();
    const card = await screen.findByRole('region', { name: 'Initech Ltd' }, { timeout: 5000 });
    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    const other = screen.getByRole('region', { name: 'Umbrella Ltd' });
    await user.click(within(other).getByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByText(
        'You joined Umbrella Ltd. Switch to it from the company switcher.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    answerInitech();
    expect(
      await screen.findByText(
        'You joined Initech Ltd. Switch to it from the company switcher.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('declines only after confirming, and cancelling sends nothing', async () => {
    const user = userEvent.setup();
    let open = [globex];
    const fake = fakeApi({
      'GET /v1/invitations': () => jsonResponse(200, { data: open }),
      [`POST /v1/invitations/${GLOBEX}/decline`]: () => {
        open = [];
        return jsonResponse(200, { data: { ok: true } });
      },
    });
    fetchMock().mockImplementation(fake.handle);
    renderScreen();
    const card = await screen.findByRole('region', { name: 'Globex Ltd' });
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    let dialog = await screen.findByRole('dialog', { name: 'Decline invitation' });
    expect(dialog).toHaveTextContent(
      'Decline the invitation to Globex Ltd? They can invite you again later.',
    );
    // The dialog's close button and its Cancel button both read "Cancel": the footer's is the last.
    await user.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1) as HTMLElement);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.calls.map((c) => c.route)).not.toContain(`POST /v1/invitations/${GLOBEX}/decline`);

    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    dialog = await screen.findByRole('dialog', { name: 'Decline invitation' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Invitation to Globex Ltd declined.')).toBeInTheDocument();
    expect(
      await screen.findByText('You have no pending invitations. When a company invites you, it shows here.'),
    ).toBeInTheDocument();
  });

  it('says why when an invitation can no longer be accepted (409 INVITATION_EXPIRED), in its own words', async () => {
    const user = userEvent.setup();
    fetchMock().mockImplementation(
      fakeApi({
        'GET /v1/invitations': () => jsonResponse(200, { data: [acme] }),
        [`POST /v1/invitations/${ACME}/accept`]: () =>
          jsonResponse(409, {
            error: { code: 'INVITATION_EXPIRED', message: 'The API says it in English' },
          }),
      }).handle,
    );
    renderScreen();
    const card = await screen.findByRole('region', { name: 'Acme Ltd' });
    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation has expired. Ask the company to invite you again.',
    );
  });

  it('offers a retry when the list cannot be loaded, and says so when there is none', async () => {
    const user = userEvent.setup();
    let fail = true;
    fetchMock().mockImplementation(
      fakeApi({
        'GET /v1/invitations': () =>
          fail
            ? jsonResponse(500, { error: { code: 'INTERNAL_ERROR', message: 'boom' } })
            : jsonResponse(200, { data: [] }),
      }).handle,
    );
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your invitations could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No invitations')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toBeInTheDocument();
  });
});
