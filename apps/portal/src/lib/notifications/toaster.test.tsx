import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from './notify.ts';
import { Toaster } from './toaster.tsx';

describe('Toaster', () => {
  // Issue 2 §8: /signin has no MantineProvider; the sign-out toast still shows there (SPEC §4).
  it('shows a toast on a page without MantineProvider, loading Mantine with the first toast', async () => {
    render(<Toaster />);
    act(() => notify('You have been signed out.'));
    // The first toast waits for the lazy chunk (Mantine and its notifications), slow to transform on a cold run.
    expect(await screen.findByText('You have been signed out.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
