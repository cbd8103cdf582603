import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { useCreateBillingSession } from '../api/create-billing-session.ts';

/**
 * /billing/payment-methods/new (Billing_AddPaymentMethod): a checkout session, then the billing provider's own
 * secure page (the simulated provider by default), which returns to /payment-method-success.
 */
export default function AddPaymentMethodScreen() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const session = useCreateBillingSession(merchantId);
  const start = () =>
    session.mutate(undefined, {
      onSuccess: ({ hostedPageUrl }) => window.location.assign(hostedPageUrl),
      onError: (error) => console.error('billing checkout session failed to load', error),
    });
  return (
    <Page titleKey="routes.add-payment-method">
      <Stack gap="md" maw={560}>
        <Text>{t('billing.addIntro')}</Text>
        {session.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('billing.errors.add')}
          </Alert>
        )}
        <Button onClick={start} loading={session.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('billing.continue')}
        </Button>
      </Stack>
    </Page>
  );
}
