import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { KycOnboardingStatus, MerchantStatus } from '@mp/domain/enums';
import { isLocale } from '@mp/domain/locales';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { apiErrorKey, isApiError } from '../../../lib/api/api-error.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { useRates } from '../api/get-rates.ts';
import { useUpdateRates } from '../api/update-rates.ts';
import { KycDecisionForm } from '../components/kyc-decision-form.tsx';
import { RatesForm } from '../components/rates-form.tsx';
import { RatesOverview } from '../components/rates-overview.tsx';
import { AssociateDealForm, BlockForm, ChurnForm, TransferForm } from '../components/staff-actions.tsx';
import { ratesToForm } from '../rates-form-values.ts';

/**
 * /company-settings/staff (staff only): the merchant's status, its rates in effect and the form that changes
 * them, and the staff powers over the merchant (issue 5); `more` takes sections of other features (app/screens
 * composes the capital requests in).
 */
export function StaffCompanySettingsScreen({ more }: { more?: (merchantId: string) => ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'en-GB';
  const merchant = useCurrentMerchant();
  const merchantId = merchant?.merchantId ?? '';
  const rates = useRates(merchantId);
  const update = useUpdateRates(merchantId);
  // A block or its lifting answers with the merchant: the badge follows it without reloading the merchants.
  const [changedStatus, setChangedStatus] = useState<MerchantStatus | null>(null);
  // Likewise the verification status after staff record an outcome (decision 0137).
  const [changedKyc, setChangedKyc] = useState<KycOnboardingStatus | null>(null);
  // SPEC §8: the server's 409 says the rates were already changed today; show SPEC's sentence.
  const updatedToday = isApiError(update.error, 409);
  if (!merchant) return <Page titleKey="routes.staff-company-settings" />;
  return (
    <Page
      titleKey="routes.staff-company-settings"
      description={
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {merchant.legalEntityName}
          </Text>
          <StatusBadge family="merchant" status={changedStatus ?? merchant.status} />
        </Group>
      }
    >
      {rates.error ? (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(apiErrorKey(rates.error, 'access.rates.loadFailed'))}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void rates.refetch()}>
              {t('errors.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <RatesOverview rates={rates.data} locale={locale} />
      )}
      {rates.data && (
        <RatesForm
          key={rates.data.current?.updatedAt ?? 'none'}
          defaultValues={ratesToForm(rates.data, locale)}
          locale={locale}
          currency={rates.data.currency}
          timeZone={merchant.timeZone}
          canUpdateToday={rates.data.canUpdateToday && !updatedToday}
          isLoading={update.isPending}
          errorMessage={
            update.error && !updatedToday ? t(apiErrorKey(update.error, 'access.rates.saveFailed')) : null
          }
          onSubmit={(body) => update.mutate(body, { onSuccess: () => notify(t('access.rates.ratesSaved')) })}
        />
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} maw={1200}>
        {rates.data && <AssociateDealForm merchantId={merchantId} current={rates.data.dealReference} />}
        <TransferForm merchant={merchant} />
        <ChurnForm merchant={merchant} />
        <BlockForm merchant={merchant} onStatusChange={setChangedStatus} />
        <KycDecisionForm
          merchantId={merchantId}
          status={changedKyc ?? merchant.kycOnboardingStatus}
          onStatusChange={setChangedKyc}
        />
      </SimpleGrid>
      {more?.(merchantId)}
    </Page>
  );
}
