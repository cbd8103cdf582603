import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

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
      <Modal opened={opened} onClose={close} title={t('access.users.removeTitle')}>
        <Stack>
          <Text>{t('access.users.removeConfirm', { email })}</Text>
          {errorMessage && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('access.cancel')}
            </Button>
            <Button color="red" onClick={onConfirm} loading={isLoading}>
              {t('access.users.removeConfirmButton')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
