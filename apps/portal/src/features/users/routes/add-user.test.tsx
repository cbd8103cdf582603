import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { aMerchant } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { applyLocale } from '../../../lib/i18n/i18n.ts';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import AddUserScreen from './add-user.tsx';

const member = {
  kind: 'member',
  user: {
    userId: '33333333-3333-4333-8333-333333333333',
    email: 'nia@example.com',
    firstName: 'Nia',
    lastName: 'Newman',
    companyRoles: ['CompanyOwner'],
    siteRoles: [],
    status: 'pending',
    invitedAt: '2026-11-23T10:00:00.000Z',
    createdAt: '2026-11-23T10:00:00.000Z',
    canEditAccount: true,
    accountLockedReason: null,
  },
};
const invitation = {
  kind: 'invitation',
  invitation: {
    invitationId: '44444444-4444-4444-8444-444444444444',
    email: 'nia@example.com',
    companyRoles: ['CompanyOwner'],
    siteRoles: [],
    state: 'pending',
    invitedBy: 'owner@example.com',
    createdAt: '2026-11-23T10:00:00.000Z',
    expiresAt: '2026-11-30T10:00:00.000Z',
    decidedAt: null,
  },
};

const fetchMock = signedInWithFetchSpy();

afterEach(async () => {
  await applyLocale('en-GB');
});

/** Submits the form for an owner and returns the toast the user saw. */
async function inviteAndReadToast(result: unknown) {
  const user = userEvent.setup();
  const fake = fakeApi({
    'GET /merchants/m-1/sites': () => jsonResponse(200, { data: [] }),
    'POST /v1/merchants/m-1/users': () => jsonResponse(201, { data: result }),
  });
  fetchMock().mockImplementation(fake.handle);
  const { router, unmount } = renderRoutes(
    [
      {
        path: '/users/add',
        Component: () => (
          <CurrentMerchantContext.Provider value={aMerchant({ merchantId: 'm-1' })}>
            <AddUserScreen />
          </CurrentMerchantContext.Provider>
        ),
      },
      { path: '/users', Component: () => <p>users list</p> },
    ],
    '/users/add',
  );
  await user.type(await screen.findByLabelText(/^Email/), 'Nia@Example.com');
  await user.type(screen.getByLabelText(/^First name/), 'Nia');
  await user.type(screen.getByLabelText(/^Last name/), 'Newman');
  await user.click(screen.getByRole('switch', { name: /Company owner/ }));
  const submit = screen.getByRole('button', { name: 'Send invitation' });
  await waitFor(() => expect(submit).toBeEnabled());
  await user.click(submit);
  // Back on the list the form is gone, so the only text naming the address is the toast.
  await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  // Mantine's toast store outlives a render, so the first case's toast may still show during the second.
  const toasts = await screen.findAllByText(/nia@example\.com/);
  expect(fake.bodiesOf('POST /v1/merchants/m-1/users')[0]).toMatchObject({ email: 'nia@example.com' });
  const texts = toasts.map((toast) => toast.textContent);
  unmount();
  return texts;
}

describe('/users/add', () => {
  it('says the same thing whether the address was new (account created) or had an account (invitation)', async () => {
    const created = await inviteAndReadToast(member);
    const invited = await inviteAndReadToast(invitation);
    expect(created).toEqual(['Invitation sent to nia@example.com.']);
    // Every toast shown after the second one (the first's may linger) reads the same.
    expect(new Set(invited)).toEqual(new Set(created));
  }, 20_000); // two whole form flows typed by user-event

  it("fr-FR: a person already invited (409 INVITATION_PENDING) reads why in French, not the API's English", async () => {
    await applyLocale('fr-FR');
    const user = userEvent.setup();
    fetchMock().mockImplementation(
      fakeApi({
        'GET /merchants/m-1/sites': () => jsonResponse(200, { data: [] }),
        'POST /v1/merchants/m-1/users': () =>
          jsonResponse(409, {
            error: {
              code: 'INVITATION_PENDING',
              message: 'This person already has a pending invitation to this company.',
            },
          }),
      }).handle,
    );
    renderRoutes(
      [
        {
          path: '/users/add',
          Component: () => (
            <CurrentMerchantContext.Provider value={aMerchant({ merchantId: 'm-1' })}>
              <AddUserScreen />
            </CurrentMerchantContext.Provider>
          ),
        },
      ],
      '/users/add',
    );
    await user.type(await screen.findByLabelText(/^E-mail/), 'nia@example.com');
    await user.type(screen.getByLabelText(/^Prénom/), 'Nia');
    await user.type(screen.getByLabelText(/^Nom/), 'Newman');
    await user.click(screen.getByRole('switch', { name: /Propriétaire de l'entreprise/ }));
    const submit = screen.getByRole('button', { name: "Envoyer l'invitation" });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(
      await screen.findByText('Cette personne a déjà une invitation en attente pour cette entreprise.'),
    ).toBeVisible();
    expect(screen.queryByText(/already has a pending invitation/)).toBeNull();
  }, 20_000);
});
