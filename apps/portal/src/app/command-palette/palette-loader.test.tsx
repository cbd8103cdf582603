import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aMerchant, aUser } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import type { GuardBase } from '../guards/guard.ts';
import { PaletteButton } from './palette-button.tsx';
import { PaletteLoader } from './palette-loader.tsx';

const merchant = aMerchant();
const guardBase: GuardBase = {
  user: aUser(),
  merchants: [merchant],
  merchant,
  flags: {},
  developer: false,
  hasCompanionTokens: false,
};
const placeholder = 'Jump to a screen or a company…';

function Shell() {
  return (
    <>
      <PaletteButton />
      <PaletteLoader guardBase={guardBase} />
    </>
  );
}

describe('the command palette, loaded on first use (decision 0109)', () => {
  it('is not in the page until Ctrl+K, which loads and opens it; then the button opens it again', async () => {
    renderRoutes([{ path: '*', Component: Shell }], '/');
    expect(screen.queryByPlaceholderText(placeholder)).toBeNull();

    fireEvent.keyDown(document.documentElement, { key: 'k', ctrlKey: true });
    expect(await screen.findByPlaceholderText(placeholder)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Home' })).toBeInTheDocument();

    fireEvent.keyDown(screen.getByPlaceholderText(placeholder), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByPlaceholderText(placeholder)).toBeNull());

    fireEvent.click(screen.getAllByRole('button', { name: /Jump to…/ })[0] as HTMLElement);
    expect(await screen.findByPlaceholderText(placeholder)).toBeInTheDocument();
  });
});
