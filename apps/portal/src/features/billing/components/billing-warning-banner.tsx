import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../lib/paths.ts';

/**
 * SPEC §2.3 billing warning. Rendered by the main layout only from real billing settings: until the
 * billing API exists (its own issue) the layout has no data and renders nothing.
 */
export function BillingWarningBanner() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" title={t('banners.billingWarningTitle')}>
      {t('banners.billingWarning')}{' '}
      <Anchor component={Link} to={pathTo('add-payment-method')}>
        {t('banners.billingWarningAction')}
      </Anchor>
    </Alert>
  );
}
