import { Stack, Table, Text, Title } from '@mantine/core';
import { defaultCurrencyFor } from '@mp/domain/locales';
import { STANDARD_PRICE_LIST } from '@mp/domain/schemas/onboarding';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format/money.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import type { DealPricing } from '../api/get-deal.ts';

function percent(value: number | string, locale: string) {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(
    Number(value) / 100,
  );
}

/**
 * The pricing an applicant is offered (issue 13, decision 0079): the deal's when there is one, else the standard
 * price list in the locale's currency. Shown on the onboarding landing and in step 2.
 */
export function PricingTable({ deal }: { deal: DealPricing | null }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const currency = deal?.currency ?? defaultCurrencyFor(locale);
  const money = (amount: number) => formatMoney({ amount, currency }, locale);
  const perMonth = (amount: number) => t('onboarding.payments.rates.perMonth', { amount: money(amount) });
  const source = deal ?? {
    ...STANDARD_PRICE_LIST,
    deviceRentalMonthly: STANDARD_PRICE_LIST.deviceRentalMonthly[currency === 'GBP' ? 'GBP' : 'EUR'],
  };
  const rows: [string, string][] = [
    [t('onboarding.payments.rates.domestic'), percent(source.domesticPercent, locale)],
    [t('onboarding.payments.rates.eea'), percent(source.eeaPercent, locale)],
    [t('onboarding.payments.rates.global'), percent(source.globalPercent, locale)],
    [t('onboarding.payments.rates.amex'), percent(source.amexPercent, locale)],
    ...(deal ? [[t('onboarding.deal.other'), percent(deal.otherPercent, locale)] as [string, string]] : []),
    [t('onboarding.payments.rates.tapToPay'), percent(source.tapToPayPercent, locale)],
    ...(deal && deal.fixedFee > 0
      ? [[t('onboarding.deal.fixedFee'), money(deal.fixedFee)] as [string, string]]
      : []),
    [t('onboarding.payments.rates.rental'), perMonth(source.deviceRentalMonthly)],
    ...(deal?.monthlyFees ?? []).map((fee): [string, string] => [fee.description, perMonth(fee.amount)]),
    ...(deal?.discounts ?? []).map((discount): [string, string] => [
      discount.description,
      discount.durationMonths === null
        ? t('onboarding.deal.discount', { percent: percent(discount.percent, locale) })
        : t('onboarding.deal.discountFor', {
            percent: percent(discount.percent, locale),
            count: discount.durationMonths,
          }),
    ]),
    ...(deal
      ? [
          [t('onboarding.deal.settlement'), t(`onboarding.deal.settlementTypes.${deal.settlementType}`)] as [
            string,
            string,
          ],
        ]
      : []),
    ...(deal?.contractMonths
      ? [
          [t('onboarding.deal.contract'), t('onboarding.deal.months', { count: deal.contractMonths })] as [
            string,
            string,
          ],
        ]
      : []),
  ];
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('onboarding.payments.pricing')}
      </Title>
      <Text fw={600}>
        {deal ? t('onboarding.payments.deal', { deal: deal.reference }) : t('onboarding.payments.standard')}
      </Text>
      <Table aria-label={t('onboarding.payments.pricing')}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={400}>
                {label}
              </Table.Th>
              <Table.Td ta="right">{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {deal && (
        <Text size="sm" c="dimmed">
          {t('onboarding.deal.validUntil', {
            date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
              new Date(`${deal.validUntil}T00:00:00Z`),
            ),
          })}
        </Text>
      )}
    </Stack>
  );
}
