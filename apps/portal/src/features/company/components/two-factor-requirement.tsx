import { Alert, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import type { Merchant } from '../../../lib/api/types.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { useSetTwoFactorRequirement } from '../api/two-factor-requirement.ts';

/**
 * Issue 15: an owner requires two-factor sign-in of every user of the merchant. Users without a second factor
 * are then sent to set one up before the merchant's screens open; the API refuses them too.
 */
export function TwoFactorRequirement({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation();
  const update = useSetTwoFactorRequirement(merchant.merchantId);
  return (
    <>
      <Switch
        label={t('access.companySettings.requireTwoFactor')}
        description={t('access.companySettings.requireTwoFactorHint')}
        checked={merchant.requireTwoFactor}
        disabled={update.isPending}
        onChange={(event) => {
          const required = event.currentTarget.checked;
          update.mutate(required, {
            onSuccess: () =>
              notify(
                t(
                  required
                    ? 'access.companySettings.requireTwoFactorOn'
                    : 'access.companySettings.requireTwoFactorOff',
                ),
              ),
          });
        }}
      />
      {update.error && (
        <Alert color="red" variant="light" role="alert">
          {t(
            apiErrorKey(update.error, 'errors.generic', {
              OWN_SECOND_FACTOR_REQUIRED: 'access.companySettings.requireTwoFactorOwnFirst',
            }),
          )}
        </Alert>
      )}
    </>
  );
}
