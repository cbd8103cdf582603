import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../test/render.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

function Harness({ onConfirm, typeToConfirm }: { onConfirm: () => unknown; typeToConfirm?: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Deactivate
      </button>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        onConfirm={async () => {
          await onConfirm();
          setOpened(false);
        }}
        title="Deactivate Acme Ltd?"
        confirmLabel="Deactivate company"
        danger
        typeToConfirm={typeToConfirm}
      >
        Its users lose access at once.
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('opens as a modal dialog and confirms', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />, { wrapper: TestProviders });
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Acme Ltd?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByText('Its users lose access at once.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate company' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on Escape without confirming', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />, { wrapper: TestProviders });
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('keeps the confirm button disabled until the exact name is typed', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} typeToConfirm="Acme Ltd" />, { wrapper: TestProviders });
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('button', { name: 'Deactivate company' });
    expect(confirm).toBeDisabled();
    const input = screen.getByLabelText('Type Acme Ltd to confirm');
    await userEvent.type(input, 'Acme');
    expect(confirm).toBeDisabled();
    await userEvent.type(input, ' Ltd{Enter}');
    expect(confirm).toBeEnabled();
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
