import { Button } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../test/render.tsx';
import { EmptyState } from './empty-state.tsx';
import { StatCard } from './stat-card.tsx';

describe('EmptyState', () => {
  it('shows its heading, its sentence and its action', async () => {
    const onInvite = vi.fn();
    render(
      <EmptyState title="No users yet" action={<Button onClick={onInvite}>Invite user</Button>}>
        Invite the people who run your sites.
      </EmptyState>,
      { wrapper: TestProviders },
    );
    expect(screen.getByRole('heading', { name: 'No users yet' })).toBeInTheDocument();
    expect(screen.getByText('Invite the people who run your sites.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Invite user' }));
    expect(onInvite).toHaveBeenCalledOnce();
  });
});

describe('StatCard', () => {
  it('shows its label, figure and hint', () => {
    render(<StatCard label="Volume" value="£1,200.00" hint="Last 30 days" />, { wrapper: TestProviders });
    expect(screen.getByText('Volume')).toBeInTheDocument();
    expect(screen.getByText('£1,200.00')).toBeInTheDocument();
    expect(screen.getByText('Last 30 days')).toBeInTheDocument();
  });

  it('is busy and hides the figure while loading', () => {
    const { container } = render(<StatCard label="Volume" value="£1,200.00" loading />, {
      wrapper: TestProviders,
    });
    expect(screen.queryByText('£1,200.00')).not.toBeInTheDocument();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
  });
});
