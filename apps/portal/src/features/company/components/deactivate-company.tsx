import { Alert, Button, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import type { Merchant } from '../../../lib/api/types.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { useDeactivateCompany } from '../api/deactivate-company.ts';

/** Company:Deactivate, confirmed by typing the company's name; an inactive or churned company says so instead. */
export function DeactivateCompany({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const deactivate = useDeactivateCompany(merchant.merchantId);
  if (merchant.status === 'inactive') return <Text>{t('access.companySettings.alreadyInactive')}</Text>;
  if (merchant.status === 'churned') return <Text>{t('access.companySettings.churnedNoDeactivate')}</Text>;
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{t('access.companySettings.deactivateText')}</Text>
      <Button color="red" variant="light" onClick={open}>
        {t('access.companySettings.deactivate')}
      </Button>
      <ConfirmDialog
        opened={opened}
        onClose={close}
        title={t('access.companySettings.deactivateConfirm', { merchant: merchant.legalEntityName })}
        confirmLabel={t('access.companySettings.deactivateButton')}
        danger
        typeToConfirm={merchant.legalEntityName}
        loading={deactivate.isPending}
        // Not `mutate`'s own onSuccess: the hook's success waits for the merchants to reload, and an inactive
        // merchant stops being the current one (SPEC §4) when the user has an activated one, where they may not hold
        // Company:Deactivate: this component then unmounts, and a callback given to `mutate` is dropped with it
        // (today only TanStack's deferred render of the one refetch keeps the callback ahead). The promise settles
        // whatever is mounted; a failure is shown from `deactivate.error`.
        onConfirm={() =>
          deactivate.mutateAsync().then(
            () => {
              close();
              notify(t('access.companySettings.deactivated'));
            },
            () => undefined,
          )
        }
        footer={
          deactivate.error && (
            <Alert color="red" variant="light" role="alert">
              {t(
                apiErrorKey(deactivate.error, 'errors.generic', {
                  ALREADY_INACTIVE: 'access.companySettings.alreadyInactive',
                  // A blocked company shows as blocked, so its churn is learnt from the refusal.
                  ALREADY_CHURNED: 'access.companySettings.churnedNoDeactivate',
                }),
              )}
            </Alert>
          )
        }
      >
        {t('access.companySettings.deactivateText')}
      </ConfirmDialog>
    </Stack>
  );
}
