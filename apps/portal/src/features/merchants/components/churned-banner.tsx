import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Merchant } from '../api/list-merchants.ts';

/** SPEC §2.3: a churned-customer banner, shown while the current merchant's status is churned. */
export function ChurnedBanner({ merchant }: { merchant: Merchant | null }) {
  const { t } = useTranslation();
  if (merchant?.status !== 'churned') return null;
  return (
    <Alert color="red" variant="light" title={t('banners.churnedTitle')}>
      {t('banners.churned')}
    </Alert>
  );
}
