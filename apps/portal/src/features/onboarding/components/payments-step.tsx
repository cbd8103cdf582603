import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, Radio, Stack } from '@mantine/core';
import { PAYMENT_METHOD_TYPES } from '@mp/domain/enums';
import {
  ACCEPTED_PAYMENT_METHODS,
  type PaymentsStep as PaymentsValues,
  paymentsStepSchema,
} from '@mp/domain/schemas/onboarding';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { type DealPricing, useDeal } from '../api/get-deal.ts';
import { PricingTable } from './pricing-table.tsx';

export const EMPTY_PAYMENTS: PaymentsValues = {
  pricing: 'standard',
  acceptedPaymentMethods: ['in-person'],
  billingPaymentMethod: 'card',
};

interface PaymentsStepProps {
  defaultValues: PaymentsValues;
  /** The deal the application started with: its pricing replaces the standard price list (decision 0079). */
  dealReference: string | null;
  onSubmit: (payments: PaymentsValues) => void;
  onBack: () => void;
  isSaving: boolean;
}

/**
 * Step 2: the pricing (the deal's when the application has one that can still be taken, else the standard price
 * list in the locale's currency, saying the deal was not found), what is accepted, billing method.
 */
export function PaymentsStep(props: PaymentsStepProps) {
  const deal = useDeal(props.dealReference);
  if (props.dealReference && deal.isPending) return <LoadingIndicator size="sm" />;
  return <PaymentsForm {...props} deal={deal.data ?? null} />;
}

function PaymentsForm({
  defaultValues,
  dealReference,
  deal,
  onSubmit,
  onBack,
  isSaving,
}: PaymentsStepProps & { deal: DealPricing | null }) {
  const { t } = useTranslation();
  const dealNotFound = Boolean(dealReference) && !deal;
  const form = useForm<PaymentsValues>({
    resolver: zodResolver(paymentsStepSchema) as never,
    mode: 'onTouched',
    defaultValues: { ...defaultValues, pricing: deal ? 'deal' : 'standard' },
  });
  const { errors, isSubmitted, isValid } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Stack gap="lg" maw={560}>
        {isSubmitted && !isValid && (
          <Alert color="red" variant="light" role="alert">
            {t('validation.fieldsInvalid')}
          </Alert>
        )}
        {dealNotFound && (
          <Alert color="yellow" variant="light">
            {t('onboarding.deal.notFound', { deal: dealReference })}
          </Alert>
        )}
        <PricingTable deal={deal} />
        <Controller
          control={form.control}
          name="acceptedPaymentMethods"
          render={({ field }) => (
            <Checkbox.Group
              label={t('onboarding.payments.accepted')}
              required
              value={field.value}
              onChange={field.onChange}
              error={
                errors.acceptedPaymentMethods?.message ? t(errors.acceptedPaymentMethods.message) : undefined
              }
            >
              <Stack gap="xs" mt="xs">
                {ACCEPTED_PAYMENT_METHODS.map((method) => (
                  <Checkbox
                    key={method}
                    value={method}
                    label={t(`onboarding.payments.acceptedMethods.${method}`)}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Controller
          control={form.control}
          name="billingPaymentMethod"
          render={({ field }) => (
            <Radio.Group
              label={t('onboarding.payments.billing')}
              description={t('onboarding.payments.billingHint')}
              required
              value={field.value}
              onChange={field.onChange}
            >
              <Stack gap="xs" mt="xs">
                {PAYMENT_METHOD_TYPES.map((type) => (
                  <Radio key={type} value={type} label={t(`onboarding.payments.billingMethods.${type}`)} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            {t('onboarding.back')}
          </Button>
          <Button type="submit" loading={isSaving} disabled={isSaving}>
            {t('onboarding.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
