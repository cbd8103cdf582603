import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../test/render.tsx';
import { LoadingIndicator } from './loading-indicator.tsx';

describe('LoadingIndicator', () => {
  it('is a status named "Loading…", or what its screen says is loading', () => {
    render(
      <>
        <LoadingIndicator />
        <LoadingIndicator size="sm" label="Loading invitations…" />
      </>,
      { wrapper: TestProviders },
    );
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading invitations…' })).toBeInTheDocument();
  });

  it('names nothing without a role (a named span is refused by assistive technology)', () => {
    const { container } = render(
      <>
        <LoadingIndicator />
        <LoadingIndicator decorative />
      </>,
      { wrapper: TestProviders },
    );
    expect(container.querySelectorAll('[aria-label]:not([role])')).toHaveLength(0);
    // Beside its own text, the spinner is left out of the accessibility tree: one status, not two.
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});
