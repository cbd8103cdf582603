import { Alert, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

interface RemoveUserButtonProps {
  email: string;
  onConfirm: () => void;
  isLoading: boolean;
  errorMessage: string | null;
}

/** Remove with confirmation; the API's message (e.g. the last company owner, 409) shows in the dialog. */
export function RemoveUserButton({ email, onConfirm, isLoading, errorMessage }: RemoveUserButtonProps) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button color="red" variant="light" onClick={open}>
        {t('access.users.remove')}
      </Button>
      <ConfirmDialog
        opened={opened}
        onClose={close}
        onConfirm={onConfirm}
        title={t('access.users.removeTitle')}
        confirmLabel={t('access.users.removeConfirmButton')}
        danger
        loading={isLoading}
        footer={
          errorMessage && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage}
            </Alert>
          )
        }
      >
        {t('access.users.removeConfirm', { email })}
      </ConfirmDialog>
    </>
  );
}
