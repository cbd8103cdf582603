import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, TestProviders } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { InvitationsTable } from './invitations-table.tsx';

const BASE = '/v1/merchants/m-1/invitations';
const invitation = (n: number, state: string, email: string) => ({
  invitationId: `${n}${n}${n}${n}${n}${n}${n}${n}-0000-4000-8000-000000000000`,
  email,
  companyRoles: n === 1 ? ['CompanyOwner'] : [],
  siteRoles: n === 1 ? [] : [{ siteId: '*', roles: ['SiteManager'] }],
  state,
  invitedBy: n === 3 ? null : 'olive@acme.example',
  createdAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2026-11-27T09:00:00.000Z',
  decidedAt: state === 'pending' || state === 'expired' ? null : '2026-11-21T09:00:00.000Z',
});
const ALL = [
  invitation(1, 'pending', 'pat@example.com'),
  invitation(2, 'expired', 'eve@example.com'),
  invitation(3, 'accepted', 'ann@example.com'),
  invitation(4, 'declined', 'dec@example.com'),
  invitation(5, 'revoked', 'rev@example.com'),
];
const PENDING_ID = ALL[0]?.invitationId ?? '';

const fetchMock = signedInWithFetchSpy();

const renderTable = (canRevoke: boolean) =>
  render(
    <TestProviders>
      <InvitationsTable merchantId="m-1" canRevoke={canRevoke} />
    </TestProviders>,
  );
const rowOf = (email: string) => screen.getByText(email).closest('tr') as HTMLElement;

describe('users list: invitations table (issue 8 §1)', () => {
  it('shows every invitation with its role, state, inviter and expiry; only pending ones can be revoked', async () => {
    fetchMock().mockImplementation(
      fakeApi({ [`GET ${BASE}`]: () => jsonResponse(200, { data: ALL }) }).handle,
    );
    renderTable(true);
    await screen.findByText('pat@example.com');
    const table = screen.getByRole('table', { name: 'Invitations' });
    expect(screen.getByRole('heading', { name: 'Invitations' })).toBeInTheDocument();
    const states = { pat: 'Pending', eve: 'Expired', ann: 'Accepted', dec: 'Declined', rev: 'Revoked' };
    for (const [name, state] of Object.entries(states)) {
      expect(within(rowOf(`${name}@example.com`)).getByText(state)).toBeInTheDocument();
    }
    expect(within(rowOf('pat@example.com')).getByText('Company owner')).toBeInTheDocument();
    expect(within(rowOf('eve@example.com')).getByText('Site manager')).toBeInTheDocument();
    expect(within(rowOf('ann@example.com')).getByText('—')).toBeInTheDocument();
    expect(within(table).getAllByRole('button')).toHaveLength(1);
    expect(
      within(rowOf('pat@example.com')).getByRole('button', {
        name: 'Revoke the invitation of pat@example.com',
      }),
    ).toBeInTheDocument();
  });

  it('offers no revoke without the permission, and shows nothing when there are no invitations', async () => {
    let data = ALL;
    fetchMock().mockImplementation(fakeApi({ [`GET ${BASE}`]: () => jsonResponse(200, { data }) }).handle);
    const { unmount } = renderTable(false);
    await screen.findByText('pat@example.com');
    const table = screen.getByRole('table', { name: 'Invitations' });
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
    unmount();
    data = [];
    const { container } = renderTable(true);
    await vi.waitFor(() => expect(fetchMock()).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
    expect(screen.queryByRole('table')).toBeNull();
    expect(container.querySelector('section')).toBeNull();
  });

  it('revokes after confirming: the row turns Revoked; a 409 (no longer pending) shows in the dialog', async () => {
    const user = userEvent.setup();
    let data = ALL;
    let conflict = true;
    const fake = fakeApi({
      [`GET ${BASE}`]: () => jsonResponse(200, { data }),
      [`DELETE ${BASE}/${PENDING_ID}`]: () => {
        if (conflict)
          return jsonResponse(409, {
            error: { code: 'INVITATION_CLOSED', message: 'The API says it in English' },
          });
        data = data.map((i) => (i.invitationId === PENDING_ID ? { ...i, state: 'revoked' } : i));
        return new Response(null, { status: 204 });
      },
    });
    fetchMock().mockImplementation(fake.handle);
    renderTable(true);
    await screen.findByText('pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Revoke the invitation of pat@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke invitation' });
    expect(dialog).toHaveTextContent(
      'Revoke the invitation of pat@example.com? They can no longer accept it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This invitation is no longer open.');

    conflict = false;
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invitation of pat@example.com revoked.')).toBeInTheDocument();
    await vi.waitFor(() => expect(within(rowOf('pat@example.com')).getByText('Revoked')).toBeInTheDocument());
    expect(fake.calls.filter((c) => c.route === `DELETE ${BASE}/${PENDING_ID}`)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Revoke the invitation of pat@example.com' })).toBeNull();
  });
});
