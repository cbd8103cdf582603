import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { PAYMENT_METHOD_TYPES } from '@mp/domain/enums';
import { defaultCurrencyFor } from '@mp/domain/locales';
import {
  ACCEPTED_PAYMENT_METHODS,
  type PaymentsStep as PaymentsValues,
  paymentsStepSchema,
  STANDARD_PRICE_LIST,
} from '@mp/domain/schemas/onboarding';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format/money.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';

export const EMPTY_PAYMENTS: PaymentsValues = {
  pricing: 'standard',
  acceptedPaymentMethods: ['in-person'],
  billingPaymentMethod: 'card',
};

interface PaymentsStepProps {
  defaultValues: PaymentsValues;
  dealReference: string | null;
  onSubmit: (payments: PaymentsValues) => void;
  onBack: () => void;
  isSaving: boolean;
}

function percent(value: string, locale: string) {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    Number(value) / 100,
  );
}

/** Step 2: the pricing (standard price list in the locale's currency, or the deal), what is accepted, billing method. */
export function PaymentsStep({
  defaultValues,
  dealReference,
  onSubmit,
  onBack,
  isSaving,
}: PaymentsStepProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const currency = defaultCurrencyFor(locale);
  const form = useForm<PaymentsValues>({
    resolver: zodResolver(paymentsStepSchema) as never,
    mode: 'onTouched',
    defaultValues: dealReference ? { ...defaultValues, pricing: 'deal' } : defaultValues,
  });
  const { errors, isSubmitted, isValid } = form.formState;
  const rows = [
    ['domestic', percent(STANDARD_PRICE_LIST.domesticPercent, locale)],
    ['eea', percent(STANDARD_PRICE_LIST.eeaPercent, locale)],
    ['global', percent(STANDARD_PRICE_LIST.globalPercent, locale)],
    ['amex', percent(STANDARD_PRICE_LIST.amexPercent, locale)],
    ['tapToPay', percent(STANDARD_PRICE_LIST.tapToPayPercent, locale)],
    [
      'rental',
      t('onboarding.payments.rates.perMonth', {
        amount: formatMoney({ amount: STANDARD_PRICE_LIST.deviceRentalMonthly[currency], currency }, locale),
      }),
    ],
  ] as const;

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Stack gap="lg" maw={560}>
        {isSubmitted && !isValid && (
          <Alert color="red" variant="light" role="alert">
            {t('validation.fieldsInvalid')}
          </Alert>
        )}
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('onboarding.payments.pricing')}
          </Title>
          <Text fw={600}>
            {dealReference
              ? t('onboarding.payments.deal', { deal: dealReference })
              : t('onboarding.payments.standard')}
          </Text>
          <Table>
            <Table.Tbody>
              {rows.map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Th scope="row" fw={400}>
                    {t(`onboarding.payments.rates.${key}`)}
                  </Table.Th>
                  <Table.Td ta="right">{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
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
