import { Alert, Loader, Stack } from '@mantine/core';
import { isLocale } from '@mp/domain/locales';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { isApiError } from '../../../lib/api/api-error.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { useRates } from '../api/get-rates.ts';
import { useUpdateRates } from '../api/update-rates.ts';
import { RatesForm } from '../components/rates-form.tsx';
import { AssociateDealForm, BlockForm, ChurnForm, TransferForm } from '../components/staff-actions.tsx';
import { ratesToForm } from '../rates-form-values.ts';

/**
 * /company-settings/staff (staff only): rates and the staff powers over the merchant (issue 5); `more` takes
 * sections of other features (app/screens composes the capital requests in).
 */
export function StaffCompanySettingsScreen({ more }: { more?: (merchantId: string) => ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'en-GB';
  const merchant = useCurrentMerchant();
  const merchantId = merchant?.merchantId ?? '';
  const rates = useRates(merchantId);
  const update = useUpdateRates(merchantId);
  // SPEC §8: the server's 409 says the rates were already changed today; show SPEC's sentence.
  const updatedToday = isApiError(update.error, 409);
  if (!merchant) return <Page titleKey="routes.staff-company-settings" />;
  return (
    <Page titleKey="routes.staff-company-settings">
      {rates.isPending && <Loader size="sm" aria-label={t('access.loading')} />}
      {rates.error && (
        <Alert color="red" variant="light" role="alert">
          {rates.error.message}
        </Alert>
      )}
      {rates.data && (
        <Stack gap="lg">
          <RatesForm
            key={rates.data.current?.updatedAt ?? 'none'}
            defaultValues={ratesToForm(rates.data, locale)}
            locale={locale}
            currency={rates.data.currency}
            canUpdateToday={rates.data.canUpdateToday && !updatedToday}
            isLoading={update.isPending}
            errorMessage={update.error && !updatedToday ? update.error.message : null}
            onSubmit={(body) =>
              update.mutate(body, { onSuccess: () => notify(t('access.rates.ratesSaved')) })
            }
          />
          <AssociateDealForm merchantId={merchantId} current={rates.data.dealReference} />
        </Stack>
      )}
      <TransferForm merchant={merchant} />
      <ChurnForm merchantId={merchantId} />
      <BlockForm merchant={merchant} />
      {more?.(merchantId)}
    </Page>
  );
}
