import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { WEEKDAYS } from '@mp/domain/enums';
import type { Locale } from '@mp/domain/locales';
import { calendarDateIn } from '@mp/domain/trading-day';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RatesUpdate } from '../api/update-rates.ts';
import { PERCENT_FIELDS, type RatesFormValues, ratesFormSchema } from '../rates-form-values.ts';
import { RateRowsFieldset } from './rate-rows-fieldset.tsx';

interface RatesFormProps {
  defaultValues: RatesFormValues;
  locale: Locale;
  currency: string;
  /** The merchant's time zone: a new row starts on the merchant's today, not the browser's (or UTC's). */
  timeZone: string;
  /** False when the rates were already changed today: the form says so and cannot be sent. */
  canUpdateToday: boolean;
  onSubmit: (body: RatesUpdate) => void;
  isLoading: boolean;
  errorMessage: string | null;
}

const PERCENT_LABELS = {
  domesticPercent: 'access.rates.domestic',
  eeaPercent: 'access.rates.eea',
  globalPercent: 'access.rates.global',
  amexPercent: 'access.rates.amex',
  otherPercent: 'access.rates.other',
  tapToPayPercent: 'access.rates.tapToPay',
} as const;

/** Staff: the billing rates of SPEC §3, discounts, monthly fees, credits, fee destination and trading hours. */
export function RatesForm(props: RatesFormProps) {
  const { defaultValues, locale, currency, timeZone, canUpdateToday, onSubmit, isLoading, errorMessage } =
    props;
  const { t } = useTranslation();
  const form = useForm<RatesFormValues, unknown, RatesUpdate>({
    resolver: zodResolver(ratesFormSchema(locale, currency)),
    mode: 'onTouched',
    defaultValues,
  });
  const { errors, isValid } = form.formState;
  const messageOf = (key: string | undefined) => (key ? t(key) : undefined);
  const today = calendarDateIn(new Date(), timeZone);

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Stack gap="md" maw={880}>
        {!canUpdateToday && (
          <Alert color="yellow" variant="light" role="alert">
            {t('access.rates.updatedToday')}
          </Alert>
        )}
        {errorMessage && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage}
          </Alert>
        )}
        <Fieldset legend={t('access.companySettings.rates')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {PERCENT_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={`${t(PERCENT_LABELS[field])} (%)`}
                inputMode="decimal"
                required
                error={messageOf(errors[field]?.message)}
                {...form.register(field)}
              />
            ))}
            <TextInput
              label={`${t('access.rates.fixedFee')} (${currency})`}
              inputMode="decimal"
              error={messageOf(errors.fixedFee?.message)}
              {...form.register('fixedFee')}
            />
            <TextInput
              label={`${t('access.rates.deviceRental')} (${currency})`}
              inputMode="decimal"
              error={messageOf(errors.deviceRentalMonthly?.message)}
              {...form.register('deviceRentalMonthly')}
            />
            <TextInput
              type="date"
              label={t('access.rates.contractEndDate')}
              error={messageOf(errors.contractEndDate?.message)}
              {...form.register('contractEndDate')}
            />
          </SimpleGrid>
          <Group mt="md" gap="xl">
            <Controller
              control={form.control}
              name="settlementType"
              render={({ field }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="settlement-type-label">
                    {t('access.rates.settlementType')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="settlement-type-label"
                    value={field.value}
                    onChange={(value) => field.onChange(value)}
                    data={[
                      { value: 'net', label: t('access.rates.settlementTypes.net') },
                      { value: 'gross', label: t('access.rates.settlementTypes.gross') },
                    ]}
                  />
                </Stack>
              )}
            />
            <Checkbox label={t('access.rates.backfill')} {...form.register('backfill')} />
          </Group>
        </Fieldset>

        <RateRowsFieldset
          form={form}
          name="discounts"
          columns={['description', 'percent', 'durationMonths', 'startsOn']}
          emptyRow={{ description: '', percent: '', durationMonths: '', startsOn: today }}
          currency={currency}
        />
        <RateRowsFieldset
          form={form}
          name="monthlyFees"
          columns={['description', 'amount', 'startsOn', 'endsOn']}
          emptyRow={{ description: '', amount: '', startsOn: today, endsOn: '' }}
          currency={currency}
        />
        <RateRowsFieldset
          form={form}
          name="credits"
          columns={['description', 'amount', 'startsOn']}
          emptyRow={{ description: '', amount: '', startsOn: today }}
          currency={currency}
        />

        <TextInput
          label={t('access.rates.feeDestination')}
          error={messageOf(errors.feeDestination?.message)}
          {...form.register('feeDestination')}
        />

        <Fieldset legend={t('access.rates.tradingHours')}>
          <Stack gap="xs">
            {WEEKDAYS.map((day) => (
              <Group key={day} wrap="nowrap">
                <Text w={{ base: 90, xs: 110 }} style={{ flexShrink: 0 }}>
                  {t(`access.rates.weekdays.${day}`)}
                </Text>
                <TextInput
                  flex={1}
                  maw={160}
                  miw={0}
                  type="time"
                  aria-label={`${t(`access.rates.weekdays.${day}`)}: ${t('access.rates.opens')}`}
                  {...form.register(`tradingHours.${day}.opens`)}
                />
                <TextInput
                  flex={1}
                  maw={160}
                  miw={0}
                  type="time"
                  aria-label={`${t(`access.rates.weekdays.${day}`)}: ${t('access.rates.closes')}`}
                  {...form.register(`tradingHours.${day}.closes`)}
                />
              </Group>
            ))}
          </Stack>
        </Fieldset>

        <Group>
          <Button type="submit" disabled={!canUpdateToday || !isValid || isLoading} loading={isLoading}>
            {t('access.rates.saveRates')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
