import { Skeleton, Table, Text } from '@mantine/core';
import type { Locale } from '@mp/domain/locales';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format/money.ts';
import { formatRatePercent } from '../../../lib/format/numbers.ts';
import type { Rates } from '../api/get-rates.ts';

/** The row labels, in order (the placeholder while loading has the same rows). */
const LABELS = [
  'domestic',
  'eea',
  'global',
  'amex',
  'other',
  'tapToPay',
  'fixedFee',
  'deviceRental',
  'settlementType',
  'contractEndDate',
  'backfill',
  'effectiveFrom',
  'discounts',
  'monthlyFees',
  'credits',
  'feeDestination',
  'dealReference',
] as const;

function RatesTable({ rows, label }: { rows: [string, ReactNode][]; label: string }) {
  return (
    <Table variant="vertical" withTableBorder maw={640} aria-label={label}>
      <Table.Tbody>
        {rows.map(([rowLabel, value]) => (
          <Table.Tr key={rowLabel}>
            <Table.Th w={240}>{rowLabel}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * While the rates load: the same table with placeholders for the values, so the sections below it do not move
 * when the rates arrive (a layout shift of 0.15 on a phone, issue 16 §2).
 */
export function RatesSummaryLoading() {
  const { t } = useTranslation();
  const rows = LABELS.map((key): [string, ReactNode] => [
    t(`access.rates.${key}`),
    // A line of text under the placeholder: the row is as tall as it will be with its value.
    <Skeleton key={key} width="60%">
      {'\u00a0'}
    </Skeleton>,
  ]);
  return (
    <div aria-busy="true">
      <RatesTable rows={rows} label={t('access.companySettings.rates')} />
    </div>
  );
}

/** The merchant's rates, read-only (Company:GetRates). */
export function RatesSummary({ rates, locale }: { rates: Rates; locale: Locale }) {
  const { t } = useTranslation();
  const current = rates.current;
  if (!current) return <Text c="dimmed">{t('access.companySettings.noRates')}</Text>;
  const pct = (value: number) => formatRatePercent(value, locale);
  const money = (amount: number) => formatMoney({ amount, currency: current.currency }, locale);
  const rows: [string, string][] = [
    [t('access.rates.domestic'), pct(current.domesticPercent)],
    [t('access.rates.eea'), pct(current.eeaPercent)],
    [t('access.rates.global'), pct(current.globalPercent)],
    [t('access.rates.amex'), pct(current.amexPercent)],
    [t('access.rates.other'), pct(current.otherPercent)],
    [t('access.rates.tapToPay'), pct(current.tapToPayPercent)],
    [t('access.rates.fixedFee'), money(current.fixedFee)],
    [t('access.rates.deviceRental'), money(current.deviceRentalMonthly)],
    [t('access.rates.settlementType'), t(`access.rates.settlementTypes.${current.settlementType}`)],
    [t('access.rates.contractEndDate'), current.contractEndDate ?? t('access.rates.none')],
    [t('access.rates.backfill'), current.backfill ? t('access.rates.yes') : t('access.rates.no')],
    [t('access.rates.effectiveFrom'), current.effectiveFrom],
    [
      t('access.rates.discounts'),
      rates.discounts.map((d) => `${d.description} (${pct(d.percent)})`).join(', ') || t('access.rates.none'),
    ],
    [
      t('access.rates.monthlyFees'),
      rates.monthlyFees.map((f) => `${f.description} (${money(f.amount)})`).join(', ') ||
        t('access.rates.none'),
    ],
    [
      t('access.rates.credits'),
      rates.credits.map((c) => `${c.description} (${money(c.amount)})`).join(', ') || t('access.rates.none'),
    ],
    [t('access.rates.feeDestination'), rates.feeDestination ?? t('access.rates.none')],
    [t('access.rates.dealReference'), rates.dealReference ?? t('access.rates.none')],
  ];
  return <RatesTable rows={rows} label={t('access.companySettings.rates')} />;
}
