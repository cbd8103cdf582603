import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Page } from '../../../components/page.tsx';
import { pathTo } from '../../../lib/paths.ts';
import { useBillingSessionResult } from '../api/billing-session-result.ts';
import { paymentMethodLabel } from '../components/payment-method-label.ts';

/** /payment-method-success: the real result of the provider's page (success or failure), then on to the list. */
export default function PaymentMethodSuccessScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const sessionId = search.get('session') ?? '';
  // The provider's page returns with the merchant and session; the API checks the caller may see them.
  const result = useBillingSessionResult(search.get('merchant') ?? '', sessionId);
  let message: { color: string; text: string } | null = null;
  if (!sessionId) message = { color: 'red', text: t('billing.success.expired') };
  else if (result.isError) message = { color: 'red', text: t('billing.errors.add') };
  else if (result.data?.status === 'succeeded' && result.data.paymentMethod)
    message = {
      color: 'green',
      text: t('billing.success.added', { method: paymentMethodLabel(result.data.paymentMethod, t) }),
    };
  else if (result.data?.status === 'failed')
    message = {
      color: 'red',
      text: result.data.failureReason
        ? t('billing.success.failed', { reason: result.data.failureReason })
        : t('billing.success.failedGeneric'),
    };
  else if (result.data) message = { color: 'yellow', text: t('billing.success.pending') };
  return (
    <Page titleKey="routes.payment-method-success">
      <Stack gap="md" maw={560}>
        {message ? (
          <Alert color={message.color} variant="light" role="status">
            {message.text}
          </Alert>
        ) : (
          <LoadingIndicator size="sm" />
        )}
        <Button component={Link} to={pathTo('payment-methods')} style={{ alignSelf: 'flex-start' }}>
          {t('billing.success.toPaymentMethods')}
        </Button>
      </Stack>
    </Page>
  );
}
