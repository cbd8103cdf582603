import { Alert, Button, Stack, useComputedColorScheme } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface StripeSetup {
  publicKey: string;
  /** The SetupIntent's client secret (the session's paymentToken). */
  clientSecret: string;
  /** Where Stripe returns after the customer confirms (the success page with merchant and session). */
  returnUrl: string;
}

const stripes = new Map<string, Promise<Stripe | null>>();
/** Stripe.js loads once per publishable key, only on this screen. */
const stripeFor = (publicKey: string) => {
  let stripe = stripes.get(publicKey);
  if (!stripe) {
    stripe = loadStripe(publicKey);
    stripes.set(publicKey, stripe);
  }
  return stripe;
};

/**
 * Stripe Elements for a SetupIntent (card, SEPA and BACS Direct Debit, as the API allowed): the details go
 * straight to Stripe, never through our servers; Stripe returns to the success page, which shows the result.
 */
export default function StripeSetupForm({ setup }: { setup: StripeSetup }) {
  const scheme = useComputedColorScheme('light');
  const options = useMemo(
    () => ({
      clientSecret: setup.clientSecret,
      appearance: { theme: scheme === 'dark' ? ('night' as const) : ('stripe' as const) },
    }),
    [setup.clientSecret, scheme],
  );
  return (
    <Elements stripe={stripeFor(setup.publicKey)} options={options}>
      <ConfirmSetup returnUrl={setup.returnUrl} />
    </Elements>
  );
}

function ConfirmSetup({ returnUrl }: { returnUrl: string }) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const confirm = async () => {
    if (!stripe || !elements) return;
    setSaving(true);
    setError(null);
    const result = await stripe.confirmSetup({ elements, confirmParams: { return_url: returnUrl } });
    // Only reached when Stripe could not redirect: a validation or card error to show here.
    setError(result.error?.message ?? t('billing.errors.add'));
    setSaving(false);
  };
  return (
    <Stack gap="md">
      <PaymentElement />
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Button
        onClick={() => void confirm()}
        loading={saving}
        disabled={!stripe || !elements}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('billing.save')}
      </Button>
    </Stack>
  );
}
