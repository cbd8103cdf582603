import { spotlight } from '@mantine/spotlight';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
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

/** Presses Ctrl+K in the commit that mounts it, before any passive effect has run (a user as quick as a test). */
function KeyInTheFirstCommit() {
  useLayoutEffect(() => {
    document.documentElement.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true }),
    );
  }, []);
  return null;
}

/** The loader mounted with a Ctrl+K in the same commit. */
function renderLoaderPressedAtOnce() {
  renderRoutes(
    [
      {
        path: '*',
        Component: () => (
          <>
            <PaletteLoader guardBase={guardBase} />
            <KeyInTheFirstCommit />
          </>
        ),
      },
    ],
    '/',
  );
}

describe('the command palette, loaded on first use (decision 0109)', () => {
  // These two first in the file: the palette's chunk, once loaded, stays loaded in the process.
  it('leaves Ctrl+K typed in a field to the field', () => {
    renderRoutes(
      [
        {
          path: '*',
          Component: () => (
            <>
              <input aria-label="Note" />
              <PaletteLoader guardBase={guardBase} />
            </>
          ),
        },
      ],
      '/',
    );
    const field = screen.getByLabelText('Note');
    const typed = fireEvent.keyDown(field, { key: 'k', ctrlKey: true });
    // Not taken (no preventDefault), and nothing loaded or opened.
    expect(typed).toBe(true);
    expect(screen.queryByPlaceholderText(placeholder)).toBeNull();
  });

  it('answers Ctrl+K from the commit that shows the signed-in layout, not only after the paint', async () => {
    renderLoaderPressedAtOnce();
    expect(await screen.findByPlaceholderText(placeholder)).toBeInTheDocument();
    fireEvent.keyDown(screen.getByPlaceholderText(placeholder), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByPlaceholderText(placeholder)).toBeNull());
  });

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

  it('once loaded, still answers Ctrl+K from the commit of a layout mounted again (e.g. onboarding, then home)', async () => {
    // The test before left it open (Spotlight's store outlives a render): closed first.
    act(() => spotlight.close());
    renderLoaderPressedAtOnce();
    expect(await screen.findByPlaceholderText(placeholder)).toBeInTheDocument();
  });
});
