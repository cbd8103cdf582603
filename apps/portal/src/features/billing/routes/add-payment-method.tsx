import { Alert, Button, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Page } from '../../../components/page.tsx';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { useCreateBillingSession } from '../api/create-billing-session.ts';
import type { StripeSetup } from '../components/stripe-setup-form.tsx';

// Stripe.js and Elements load only when the API answers with a Stripe publishable key.
const StripeSetupForm = lazy(() => import('../components/stripe-setup-form.tsx'));

/**
 * /billing/payment-methods/new (Billing_AddPaymentMethod): a checkout session, then either Stripe Elements on
 * this page (with Stripe configured: the session's stripePublicKey and SetupIntent client secret) or the
 * simulated provider's own hosted page; both return to /payment-method-success.
 */
export default function AddPaymentMethodScreen() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const session = useCreateBillingSession(merchantId);
  const [stripeSetup, setStripeSetup] = useState<StripeSetup | null>(null);
  const start = () =>
    session.mutate(undefined, {
      onSuccess: ({ hostedPageUrl, stripePublicKey, paymentToken, sessionId }) => {
        if (!stripePublicKey) return window.location.assign(hostedPageUrl);
        const returnUrl = new URL('/payment-method-success', window.location.origin);
        returnUrl.searchParams.set('merchant', merchantId);
        returnUrl.searchParams.set('session', sessionId);
        setStripeSetup({
          publicKey: stripePublicKey,
          clientSecret: paymentToken,
          returnUrl: returnUrl.toString(),
        });
      },
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
        {stripeSetup ? (
          <Suspense fallback={<LoadingIndicator />}>
            <StripeSetupForm setup={stripeSetup} />
          </Suspense>
        ) : (
          <Button onClick={start} loading={session.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('billing.continue')}
          </Button>
        )}
      </Stack>
    </Page>
  );
}
