import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Merchant } from '../../../lib/api/types.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { useDeactivateCompany } from '../api/deactivate-company.ts';

/** Company:Deactivate, with confirmation; an inactive company says so instead. */
export function DeactivateCompany({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const deactivate = useDeactivateCompany(merchant.merchantId);
  if (merchant.status === 'inactive') return <Text>{t('access.companySettings.alreadyInactive')}</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm">{t('access.companySettings.deactivateText')}</Text>
      <Button color="red" variant="light" w="fit-content" onClick={open}>
        {t('access.companySettings.deactivate')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('access.companySettings.deactivateConfirm', { merchant: merchant.legalEntityName })}
      >
        <Stack>
          <Text>{t('access.companySettings.deactivateText')}</Text>
          {deactivate.error && (
            <Alert color="red" variant="light" role="alert">
              {deactivate.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('access.cancel')}
            </Button>
            <Button
              color="red"
              loading={deactivate.isPending}
              onClick={() =>
                deactivate.mutate(undefined, {
                  onSuccess: () => {
                    close();
                    notify(t('access.companySettings.deactivated'));
                  },
                })
              }
            >
              {t('access.companySettings.deactivateButton')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
