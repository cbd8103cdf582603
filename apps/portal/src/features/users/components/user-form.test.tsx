import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../../../test/render.tsx';
import { EMPTY_USER_FORM, fromUser } from '../user-form-values.ts';
import { UserForm } from './user-form.tsx';

const SITES = [
  {
    siteId: '11111111-1111-4111-8111-111111111111',
    name: 'Shoreditch',
    displayName: 'Brightwater Shoreditch',
  },
  { siteId: '22222222-2222-4222-8222-222222222222', name: 'Northern_Quarter', displayName: null },
];

function renderInvite(onSubmit = vi.fn(), errorMessage: string | null = null) {
  render(
    <TestProviders>
      <UserForm
        kind="invite"
        defaultValues={EMPTY_USER_FORM}
        sites={SITES}
        onSubmit={onSubmit}
        isLoading={false}
        errorMessage={errorMessage}
        submitLabel="Send invitation"
      />
    </TestProviders>,
  );
  return onSubmit;
}

async function fillNames(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Email/), 'New.Person@Example.com');
  await user.type(screen.getByLabelText(/^First name/), 'Nia');
  await user.type(screen.getByLabelText(/^Last name/), 'Newman');
  await user.tab();
}

describe('UserForm (invite)', () => {
  it('says "At least one site must be selected" and keeps submit disabled for a non-admin without a site', async () => {
    const user = userEvent.setup();
    renderInvite();
    await fillNames(user);
    expect(await screen.findByText('At least one site must be selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
  });

  it('sends a site manager of the picked site', async () => {
    const user = userEvent.setup();
    const onSubmit = renderInvite();
    await fillNames(user);
    await user.click(screen.getByRole('checkbox', { name: 'Brightwater Shoreditch' }));
    await waitFor(() => expect(screen.queryByText('At least one site must be selected')).toBeNull());
    const submit = screen.getByRole('button', { name: 'Send invitation' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ isOwner: false, sites: [SITES[0]?.siteId] });
  });

  it('needs no site for a company owner (the site picker goes away)', async () => {
    const user = userEvent.setup();
    renderInvite();
    await fillNames(user);
    await user.click(screen.getByRole('switch', { name: /Company owner/ }));
    expect(screen.queryByRole('checkbox', { name: 'Brightwater Shoreditch' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send invitation' })).toBeEnabled());
  });

  it('shows "Email must be valid" for a bad address', async () => {
    const user = userEvent.setup();
    renderInvite();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Email must be valid')).toBeInTheDocument();
  });

  it("shows the API's message as an alert", () => {
    renderInvite(vi.fn(), 'This company must keep at least one company owner');
    expect(screen.getByRole('alert')).toHaveTextContent('This company must keep at least one company owner');
  });
});

describe('fromUser', () => {
  it('reads an owner and a site manager back into the form', () => {
    const base = { email: 'a@example.com', firstName: null, lastName: 'B' };
    expect(fromUser({ ...base, companyRoles: ['CompanyOwner'], siteRoles: [] }).isOwner).toBe(true);
    expect(
      fromUser({ ...base, companyRoles: [], siteRoles: [{ siteId: 's1', roles: ['SiteManager'] }] }).sites,
    ).toEqual(['s1']);
  });
});
