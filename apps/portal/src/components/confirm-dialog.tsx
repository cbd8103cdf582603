import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Runs on confirm; the dialog stays open (button loading) while a returned promise is pending. */
  onConfirm: () => unknown;
  title: ReactNode;
  /** What will happen, in a sentence or two. */
  children?: ReactNode;
  confirmLabel: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** When set, the confirm button stays disabled until this exact text is typed (deleting a company, a site). */
  typeToConfirm?: string;
  /** Busy from the caller (e.g. a mutation's isPending). */
  loading?: boolean;
  /** Extra content under the message (an error Alert, a form field). */
  footer?: ReactNode;
}

/**
 * Asks before an action that cannot be undone. A Mantine Modal: overlay, focus trapped inside, Escape and the
 * close button cancel, focus returns to the button that opened it. Optionally "type the name to confirm".
 */
export function ConfirmDialog({
  opened,
  onClose,
  onConfirm,
  title,
  children,
  confirmLabel,
  danger = false,
  typeToConfirm,
  loading = false,
  footer,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [running, setRunning] = useState(false);
  const busy = loading || running;
  const matches = typeToConfirm === undefined || typed.trim() === typeToConfirm;

  const close = () => {
    setTyped('');
    onClose();
  };
  const confirm = async () => {
    if (!matches) return;
    setRunning(true);
    try {
      await onConfirm();
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('ui.confirm.cancel') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <Stack gap="md">
          {typeof children === 'string' ? <Text>{children}</Text> : children}
          {typeToConfirm !== undefined && (
            <TextInput
              label={t('ui.confirm.typeToConfirm', { name: typeToConfirm })}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              data-autofocus
            />
          )}
          {footer}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('ui.confirm.cancel')}
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} disabled={!matches} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
